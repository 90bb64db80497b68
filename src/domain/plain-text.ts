/**
 * Characters that change how a text is shown without being seen (decision 074). A name
 * with a right-to-left override reads backwards on the owner's board ("Asha\u202Egnp.exe"
 * shows as "Ashaexe.png"), a zero-width space makes two e-mail addresses that look alike,
 * and a control character has no business in anything a person types. No zod here: the
 * browser's checkout runs the same check before sending.
 *
 * Two rules:
 * - `text` (every text any call takes, the free ones too: a review, a note, a product's
 *   description): no control character but tab and line breaks, and none of the bidi
 *   controls that reorder what is shown (embeddings, overrides, isolates);
 * - `line` (a person's name, an address line, an e-mail, a phone number): no control
 *   character at all (a line break neither), no format character, nothing default-ignorable,
 *   no half of a surrogate pair, no line or paragraph separator. But the zero-width joiner and
 *   non-joiner, which the scripts of India (and Urdu's) write inside words to choose a
 *   conjunct's form, are taken right after a letter or mark of such a script; and emoji keep
 *   their presentation selector and joiners (❤️, 👩‍💻).
 */

/** A control character but tab and line breaks; an embedding, override or isolate. */
const NEVER = /(?![\t\n\r])\p{Cc}|[\u202A-\u202E\u2066-\u2069]/u;
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const EMOJI_SELECTOR = '\uFE0F';
/** The scripts that write a joiner inside a word: Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Sinhala and Arabic (Urdu, Kashmiri, Sindhi). */
const JOINING_SCRIPT =
  /[\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Arab}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Emoji_Modifier}]/u;

export type TextKind = 'line' | 'text';

/** The message of a field refused for one of these characters, on the server and in the checkout. */
export const HIDDEN_CHARACTER_MESSAGE = 'This holds a hidden character (a text-direction mark, a zero-width or a control character). Please type it again.';

/** The first character `text` may not hold as `kind`, as "U+202E", or null when it holds none. */
export function hiddenCharacter(text: string, kind: TextKind): string | null {
  if (kind === 'text') {
    const found = NEVER.exec(text);
    return found ? codePoint(found[0]) : null;
  }
  if (!HIDDEN.test(text)) return null;
  const chars = [...text];
  for (const [i, char] of chars.entries()) {
    if (HIDDEN.test(char) && !allowedInLine(char, chars[i - 1] ?? '', chars[i + 1] ?? '')) return codePoint(char);
  }
  return null;
}

/** A joiner inside a word of a script that writes them, or within an emoji. */
function allowedInLine(char: string, before: string, after: string): boolean {
  if (char === ZWJ || char === ZWNJ) {
    if (JOINING_SCRIPT.test(before) && LETTER_OR_MARK.test(before)) return true;
    return char === ZWJ && (PICTOGRAPH.test(before) || before === EMOJI_SELECTOR) && PICTOGRAPH.test(after);
  }
  return char === EMOJI_SELECTOR && PICTOGRAPH.test(before);
}

/** For a zod refinement of a `line` field: `.refine(isPlainLine, PLAIN_LINE)` (it stops the field's other checks: one message). */
export const isPlainLine = (text: string) => hiddenCharacter(text, 'line') === null;
export const PLAIN_LINE = { error: HIDDEN_CHARACTER_MESSAGE, abort: true } as const;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
