/**
 * The word-level rules of search (src/domain/search.ts, decision 039): how text becomes
 * words, which words count as one (singular and plural), how many typos a word may carry
 * and the deletion keys that find a typed word's neighbours without scanning the catalog.
 */

/** Lower case, Latin diacritics stripped (only U+0300–036F, so Devanagari vowel signs survive), words split on anything but letters, marks and digits. */
export function normalise(text: string): string {
  const folded = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return folded
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
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

/** Three rows of the distance table, reused: a query checks a few hundred words and must not allocate for each. */
let rows = [new Uint8Array(64), new Uint8Array(64), new Uint8Array(64)];

/**
 * Damerau distance (optimal string alignment: substitution, transposition, insertion,
 * deletion) when it is at most `max`, else max + 1; only the band of the table within
 * `max` of the diagonal can stay under it, so only that band is filled.
 */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const cols = b.length + 1;
  if (rows[0]!.length < cols) rows = rows.map(() => new Uint8Array(cols * 2));
  let [before, prev, cur] = rows as [Uint8Array, Uint8Array, Uint8Array];
  const over = max + 1;
  for (let j = 0; j < cols; j++) prev[j] = j > over ? over : j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    cur[from - 1] = from === 1 ? Math.min(i, over) : over;
    let rowMin = cur[from - 1]!;
    const ai = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = prev[j - 1]! + (ai === bj ? 0 : 1);
      const up = prev[j]! + 1;
      if (up < v) v = up;
      const left = cur[j - 1]! + 1;
      if (left < v) v = left;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && before[j - 2]! + 1 < v) v = before[j - 2]! + 1;
      if (v > over) v = over;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (to < b.length) cur[to + 1] = over;
    if (rowMin > max) return over;
    [before, prev, cur] = [prev, cur, before];
  }
  return Math.min(prev[b.length]!, over);
}

/**
 * Deletion keys are taken from a word's first KEY_PREFIX characters only (SymSpell's prefix
 * trick): two words within k typos have prefixes that reach a common string with at most k
 * deletions each, so the keys still meet, and a long word costs no more keys than a 7-letter one.
 */
const KEY_PREFIX = 7;

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
