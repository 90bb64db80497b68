/**
 * Phone numbers as accounts keep them: E.164, a '+', the country code and the number,
 * 8 to 15 digits in all. Spaces, dashes, dots and brackets people type are dropped.
 */
export const E164 = /^\+[1-9]\d{7,14}$/;

export const compactPhone = (raw: string) => raw.replace(/[\s\-().]/g, '');

/** The dial code of the country picker and the number typed beside it, as one E.164 number. */
export const joinPhone = (dialCode: string, number: string) => `${compactPhone(dialCode).replace(/^\+?/, '+')}${compactPhone(number).replace(/^0+/, '')}`;

/** Dial codes of the countries a shop here most often serves; others type theirs. */
const DIAL_CODES: Record<string, string> = {
  IN: '+91',
  US: '+1',
  CA: '+1',
  GB: '+44',
  AE: '+971',
  SA: '+966',
  QA: '+974',
  SG: '+65',
  MY: '+60',
  AU: '+61',
  NZ: '+64',
  NP: '+977',
  BD: '+880',
  LK: '+94',
  PK: '+92',
};

export const dialCodeOf = (country: string) => DIAL_CODES[country] ?? '+91';

/** The shopper's country until detection says otherwise (spec §3 User, §9), and §8's words when it fails. */
export const DEFAULT_COUNTRY = 'IN';
export const COUNTRY_LOOKUP_FAILED = 'unable to fetch the country';
