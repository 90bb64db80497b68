/**
 * WhatsApp's click-to-chat links (`https://wa.me/<number>?text=…`): a chat with the number opens
 * with the text already written, from the sender's own WhatsApp, at no cost to anyone (issue 40's
 * free path). No dependencies, for the browser and the server alike.
 */

/**
 * A phone number as wa.me takes it: the international form in digits, without `+`. A number
 * written with `+` keeps its country code; ten digits without one are an Indian mobile number
 * (`defaultDialCode`), with or without its trunk 0. Null when what is left is too short to be a number.
 */
export function whatsappNumber(phone: string, defaultDialCode = '91'): string | null {
  const digits = phone.replace(/\D/g, '');
  // a trunk 0 before a national number goes
  const national = digits.replace(/^0+/, '');
  const international = phone.trim().startsWith('+') ? digits : national.length === 10 ? `${defaultDialCode}${national}` : national;
  return international.length >= 8 && international.length <= 15 ? international : null;
}

/** The chat link with `text` written in, or null when the number cannot be one. */
export function whatsappLink(phone: string, text?: string): string | null {
  const number = whatsappNumber(phone);
  if (!number) return null;
  return text ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : `https://wa.me/${number}`;
}
