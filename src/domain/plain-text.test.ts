import { describe, expect, it } from 'vitest';
import { hiddenCharacter } from './plain-text.ts';

describe('hidden characters in a name, an address or an e-mail (line)', () => {
  it.each([
    ['a right-to-left override', 'Asha\u202Egnp.exe', 'U+202E'],
    ['a left-to-right embedding', '\u202AAsha Rao', 'U+202A'],
    ['a first-strong isolate', 'Asha \u2068Rao\u2069', 'U+2068'],
    ['a zero-width space', 'asha\u200B@example.com', 'U+200B'],
    ['a right-to-left mark', 'Asha\u200F Rao', 'U+200F'],
    ['a word joiner', 'Asha\u2060Rao', 'U+2060'],
    ['a byte order mark inside', 'Asha\uFEFFRao', 'U+FEFF'],
    ['a soft hyphen', 'Asha\u00ADRao', 'U+00AD'],
    ['a Hangul filler (a blank-looking name)', '\u3164', 'U+3164'],
    ['a variation selector after a letter', 'A\uFE00sha', 'U+FE00'],
    ['a tag character', 'Asha\u{E0041}', 'U+E0041'],
    ['a line break', 'Asha\nRao', 'U+000A'],
    ['a tab', 'Asha\tRao', 'U+0009'],
    ['a C1 control', 'Asha\u0085Rao', 'U+0085'],
    ['a NUL', 'Asha\u0000', 'U+0000'],
    ['a line separator', 'Asha\u2028Rao', 'U+2028'],
    ['half a surrogate pair', 'Asha\uD800', 'U+D800'],
    ['a zero-width joiner in a Latin name', 'Asha\u200DRao', 'U+200D'],
    ['a zero-width non-joiner at the start', '\u200Cलक्ष्मी', 'U+200C'],
    ['a zero-width joiner after a space', 'लक्ष्मी \u200Dराव', 'U+200D'],
  ])('refuses %s', (_what, text, found) => {
    expect(hiddenCharacter(text, 'line')).toBe(found);
  });

  it.each([
    ['a Latin name', 'Asha Rao'],
    ['a Hindi name with a zero-width joiner (half form of क)', 'लक्\u200Dष्मी राव'],
    ['a Hindi name with a zero-width non-joiner (visible virama)', 'अर्\u200Cजुन'],
    ['a Malayalam name with an old-style chillu', 'കിരണ്\u200D'],
    ['a Tamil name', 'கார்த்திக்'],
    ['an Urdu name with a zero-width non-joiner', 'فرح\u200Cناز'],
    ['an e-mail address', 'asha.rao+orders@example.co.in'],
    ['a name with an emoji and its presentation selector', 'Asha \u2764\uFE0F'],
    ['a name with an emoji sequence', 'Asha \u{1F469}\u{1F3FD}\u200D\u{1F4BB}'],
    ['an address with a non-breaking space', 'Flat 4,\u00A012 MG Road'],
  ])('accepts %s', (_what, text) => {
    expect(hiddenCharacter(text, 'line')).toBeNull();
  });
});

describe('hidden characters in any text (a review, a note, a description)', () => {
  it('refuses controls and the bidi controls that reorder what is shown', () => {
    expect(hiddenCharacter('Great mangoes\u202E!dab', 'text')).toBe('U+202E');
    expect(hiddenCharacter('Leave at the \u2067gate\u2069', 'text')).toBe('U+2067');
    expect(hiddenCharacter('ring \u0007 twice', 'text')).toBe('U+0007');
    expect(hiddenCharacter('nul\u0000', 'text')).toBe('U+0000');
    expect(hiddenCharacter('C1\u009B', 'text')).toBe('U+009B');
  });

  it('accepts line breaks, tabs, marks and emoji that free text needs', () => {
    expect(hiddenCharacter('Ring twice.\r\nLeave it\tat the gate.', 'text')).toBeNull();
    expect(hiddenCharacter('बहुत अच्छे आम! \u2764\uFE0F', 'text')).toBeNull();
    expect(hiddenCharacter('آم بہت اچھے\u200F 10 کلو', 'text')).toBeNull();
  });
});
