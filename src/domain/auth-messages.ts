/**
 * The words of the auth answers (spec §7: success, authToken, user, errorCode,
 * errorMessage; §8 session expiry). The same for a known and an unknown identifier, so
 * an answer never tells whether someone has an account.
 */
export const authMessages = {
  confirmEmail: 'We sent a confirmation link to this e-mail address. Open it to finish signing up.',
  invalidCredentials: 'The e-mail address or password is not correct.',
  invalidPhoneCredentials: 'The phone number or password is not correct.',
  invalidCode: 'This code has expired or was used already. Please ask for a new one.',
  wrongCode: 'This code is not correct. Please check it and try again.',
  sessionExpired: 'Your session has expired. Please re-login into your account.',
  passwordTooShort: 'The password must have at least 8 characters.',
  passwordTooLong: 'The password is too long.',
  passwordCommon: 'This password is used by many people. Please choose another one.',
  passwordTrivial: 'This password is too easy to guess. Please choose another one.',
  passwordPersonal: 'Your password must not contain your name, e-mail address or phone number.',
  name: 'Please enter at least 2 letters.',
  email: 'Please enter a valid e-mail address.',
  phone: 'Please enter a valid phone number with its country code.',
  codeNotSent: 'We could not send the code just now. Please try again in a moment.',
  phoneAccountExists: 'An account with this phone number exists already. Please log in.',
  phoneTaken: 'This phone number belongs to another account.',
  emailTaken: 'This e-mail address belongs to another account.',
  confirmNewEmail: 'We sent a code to this e-mail address. Enter it to confirm the change.',
  /** Too many passwords being checked at once (503 with Retry-After): login, sign-up and reset. */
  busy: (seconds: number) => `Many people are signing in right now. Please try again in ${seconds} seconds.`,
  /** 503: the shop has no way to send codes by this channel (no SMTP_URL or SMS_URL). */
  codesUnavailable: { email: 'Codes by e-mail are not available in this shop.', phone: 'Codes by text message are not available in this shop.' },
  whatsappCodesUnavailable: 'Codes by WhatsApp are not available in this shop.',
  signupUnavailable: 'Signing up by e-mail is not available in this shop just now.',
  /** The wait before another code may be sent (429 with Retry-After). */
  waitForCode: (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
} as const;

export type AuthErrorCode =
  | 'confirm_email'
  | 'invalid_credentials'
  /** §8: a 401 the browser answers with one refresh and a retry (its errorMessage is 'access token expired'). */
  | 'access_token_expired'
  | 'invalid_code'
  | 'wrong_code'
  | 'session_expired'
  | 'bad_request'
  | 'too_many_codes'
  | 'code_not_sent'
  | 'account_exists'
  | 'taken'
  | 'code_sent'
  | 'busy'
  | 'codes_unavailable';
