/** How the owner's typed boxes are sent: the server judges the values, these only read the text. */

/** A blank box is "none"; anything else is sent as typed, for the server to judge. */
export const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
/** A box that must hold a number: blank is sent as no number, which the server refuses with its message. */
export const requiredNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** Tags as typed, comma-separated: each trimmed, blanks dropped. */
export const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
