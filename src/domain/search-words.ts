/**
 * The word-level rules of search (src/domain/search.ts, decision 039): how text becomes
 * words, which words count as one (singular and plural), how many typos a word may carry
 * and the deletion keys that find a typed word's neighbours without scanning the catalog.
 */

/** Lower case, Latin diacritics stripped (only U+0300–036F, so Devanagari vowel signs survive), words split on anything but letters, marks and digits. */
export function normalise(text: string): string {
  const folded = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return folded.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();
}

const vowel = (c: string | undefined) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';

/**
 * One form for a word's singular and plural (mango, mangos, mangoes → mango; berry, berries
 * → berri; box, boxes → box): a key, not always a word. English rules only, enough for shop
 * words; a word ending in ss or us (glass, hummus) or with a digit is left alone.
 */
export function fold(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}i`;
  else if (/(?:sses|xes|ches|shes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.endsWith('oe')) return w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3 && !vowel(w[w.length - 2])) return `${w.slice(0, -1)}i`;
  return w;
}

/** Typos a typed word may carry: none under 4 letters (of its folded form, so a plural's "es" earns none) or in numbers, one from 4, two from 8. */
export function typoBudget(term: string): 0 | 1 | 2 {
  if (/\d/.test(term)) return 0;
  const n = fold(term).length;
  return n < 4 ? 0 : n < 8 ? 1 : 2;
}

/**
 * Damerau distance (optimal string alignment: substitution, transposition, insertion,
 * deletion) when it is at most `max`, else max + 1. Words are short: a plain table.
 */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = new Uint8Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = 255;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
  }
  return Math.min(d[rows * cols - 1]!, max + 1);
}

/**
 * Deletion keys are taken from a word's first KEY_PREFIX characters only (SymSpell's prefix
 * trick): two words within k typos have prefixes that reach a common string with at most k
 * deletions each, so the keys still meet, and a long word costs no more keys than a 7-letter one.
 */
export const KEY_PREFIX = 7;

/** 32-bit FNV-1a of `s` without the characters at `skip1` and `skip2` (−1: none), as a non-negative 31-bit number. */
function hashWithout(s: string, skip1: number, skip2: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    if (i === skip1 || i === skip2) continue;
    h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  }
  return (h >>> 1) & 0x7fffffff;
}

/**
 * Hashes of the strings `word`'s prefix becomes with up to `deletions` characters deleted
 * (itself included), passed to `out`. A hash stands for the string: two strings sharing one
 * only cost a wasted distance check, since every candidate is checked.
 */
export function deletionKeys(word: string, deletions: number, out: (hash: number) => void): void {
  const s = word.slice(0, KEY_PREFIX);
  out(hashWithout(s, -1, -1));
  if (deletions < 1) return;
  for (let i = 0; i < s.length; i++) {
    // deleting one letter of a run gives the same string: once is enough
    if (i > 0 && s[i] === s[i - 1]) continue;
    out(hashWithout(s, i, -1));
    if (deletions < 2) continue;
    for (let j = i + 1; j < s.length; j++) if (!(j > i + 1 && s[j] === s[j - 1])) out(hashWithout(s, i, j));
  }
}
