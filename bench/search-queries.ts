import type { Product } from '../src/domain/catalog.ts';
import { adjectives, pick, rng, vocab, type Rand } from './search-catalog.ts';

/**
 * The search bench's classes of queries, seeded like its catalog (search-catalog.ts): the same
 * queries on every run and machine.
 */

/** A query and the product it was made from (-1 for a query that should find nothing). */
export type Query = { query: string; target: number };

export type QueryClass = {
  name: string;
  /** What the table says the class is. */
  about: string;
  /** Its queries should find nothing: "relevance" is then the share that come back empty. */
  noMatch?: boolean;
  make: (products: readonly Product[], count: number, seed: number) => Query[];
};

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const VOWELS = 'aeiou';
const CONSONANTS = 'bcdfghjklmnprstvwyz';

/** A title's words outside its pack size, as a shopper would type them (lower case). */
function titleWords(p: Product): string[] {
  return p.title
    .replace(/\(.*\)/, '')
    .toLowerCase()
    .split(/[^a-z-]+/)
    .filter(Boolean);
}

/** The words of the pack size in brackets ("5 kg" → 5, kg). */
function packWords(p: Product): string[] {
  return (/\((.*)\)/.exec(p.title)?.[1] ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** One insertion, deletion, substitution or transposition, somewhere in the word. */
function typo(r: Rand, word: string): string {
  const at = Math.floor(r() * word.length);
  const letter = () => pick(r, [...LETTERS]);
  switch (Math.floor(r() * 4)) {
    case 0:
      return word.slice(0, at) + letter() + word.slice(at);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2: {
      let c = letter();
      while (c === word[at]) c = letter();
      return word.slice(0, at) + c + word.slice(at + 1);
    }
    default: {
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** `edits` typos that stay `edits` apart from the word (a second typo may undo the first: then again). */
function misspell(r: Rand, word: string, edits: number): string {
  for (;;) {
    let out = word;
    for (let k = 0; k < edits; k++) out = typo(r, out);
    if (osa(word, out) === edits) return out;
  }
}

/** Queries from random products until there are `count`; `from` answers null when a product does not suit. */
function fromProducts(products: readonly Product[], count: number, seed: number, from: (r: Rand, p: Product) => string | null): Query[] {
  const r = rng(seed);
  const out: Query[] = [];
  while (out.length < count) {
    const target = Math.floor(r() * products.length);
    const query = from(r, products[target]!);
    if (query !== null) out.push({ query, target });
  }
  return out;
}

/** 1–2 of the title's words, in title order (the words a shopper remembers). */
function someWords(r: Rand, words: string[]): string[] {
  const first = Math.floor(r() * words.length);
  if (r() < 0.5 || words.length < 2) return [words[first]!];
  const second = (first + 1 + Math.floor(r() * (words.length - 1))) % words.length;
  return [words[Math.min(first, second)]!, words[Math.max(first, second)]!];
}

const shuffle = <T>(r: Rand, xs: T[]): T[] => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
};

/** Every word a catalog's titles, variants and categories use, lower case, letters only. */
function catalogWords(products: readonly Product[]): string[] {
  const words = new Set<string>();
  for (const p of products) for (const w of `${p.title} ${p.variantName}`.toLowerCase().split(/[^a-z]+/)) if (w) words.add(w);
  for (const v of Object.keys(vocab)) for (const w of v.toLowerCase().split(/[^a-z]+/)) if (w) words.add(w);
  return [...words];
}

/**
 * True when `term` is within the typos a tolerant engine allows (one from 4 letters, two from
 * 8) of some stretch of some catalog word: an engine may then rightly find something (uFuzzy
 * matches inside words too), so the term is no good for a query that must find nothing.
 * Optimal string alignment with a free start and end in the word.
 */
function nearSomeWord(term: string, words: readonly string[]): boolean {
  const n = term.length;
  const near = n >= 8 ? 2 : 1;
  let before = new Int32Array(n + 1);
  let prev = new Int32Array(n + 1);
  let cur = new Int32Array(n + 1);
  for (const w of words) {
    // rows are the word's letters, columns the term's: every row starts at 0 (a free start in the word)
    for (let i = 0; i <= n; i++) prev[i] = i;
    for (let j = 1; j <= w.length; j++) {
      cur[0] = 0;
      for (let i = 1; i <= n; i++) {
        let d = Math.min(prev[i]! + 1, cur[i - 1]! + 1, prev[i - 1]! + (term[i - 1] === w[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && term[i - 1] === w[j - 2] && term[i - 2] === w[j - 1]) d = Math.min(d, before[i - 2]! + 1);
        cur[i] = d;
      }
      if (cur[n]! <= near) return true;
      [before, prev, cur] = [prev, cur, before];
    }
  }
  return false;
}

/** Things a grocery-and-more shop does not sell, as shoppers would search for them. */
const absent = [
  'laptop',
  'headphones',
  'bicycle',
  'umbrella',
  'printer',
  'guitar',
  'mattress',
  'refrigerator',
  'microwave',
  'helmet',
  'wallpaper',
  'hammer',
  'screwdriver',
  'perfume',
  'necklace',
  'earrings',
  'wristwatch',
  'keyboard',
  'router',
  'speaker',
  'tripod',
  'trampoline',
  'skateboard',
  'telescope',
  'vacuum',
  'blender',
  'projector',
  'batteries',
  'sunglasses',
  'backpack',
  'jacket',
  'whisky',
  'cigarettes',
  'fertiliser',
  'plywood',
  'iphone',
  'smartwatch',
  'webcam',
  'yoga mat',
  'dumbbells',
];

/** A pronounceable made-up word of 4–10 letters (what a mistyped or unknown name looks like). */
function madeUpWord(r: Rand): string {
  const length = 4 + Math.floor(r() * 7);
  let w = '';
  while (w.length < length) w += VOWELS.includes(w.at(-1) ?? 'a') ? pick(r, [...CONSONANTS]) : r() < 0.7 ? pick(r, [...VOWELS]) : pick(r, [...CONSONANTS]);
  return w;
}

export const queryClasses: QueryClass[] = [
  {
    name: 'exact words',
    about: '1–2 words of a product’s title, in title order, spelled right',
    make: (products, count, seed) => fromProducts(products, count, seed, (r, p) => someWords(r, titleWords(p)).join(' ')),
  },
  {
    name: 'typo',
    about: '1–2 title words, one of them misspelled: one typo in a word of 4–7 letters, two in one of 8+',
    make: (products, count, seed) =>
      fromProducts(products, count, seed, (r, p) => {
        const chosen = someWords(r, titleWords(p));
        const long = chosen.map((w, i) => (w.length >= 4 ? i : -1)).filter((i) => i >= 0);
        if (long.length === 0) return null;
        const k = pick(r, long);
        chosen[k] = misspell(r, chosen[k]!, chosen[k]!.length >= 8 ? 2 : 1);
        return chosen.join(' ');
      }),
  },
  {
    name: '3-letter prefix',
    about: 'the first 3 letters of a title word of 4+ letters, alone',
    make: (products, count, seed) =>
      fromProducts(products, count, seed, (r, p) => {
        const long = titleWords(p).filter((w) => w.length >= 4);
        return long.length ? pick(r, long).slice(0, 3) : null;
      }),
  },
  {
    name: 'word + prefix',
    about: 'a title word, then the first 3 letters of a later one of 4+ letters (a search still being typed)',
    make: (products, count, seed) =>
      fromProducts(products, count, seed, (r, p) => {
        const words = titleWords(p);
        const later = words.map((w, i) => (i > 0 && w.length >= 4 ? i : -1)).filter((i) => i > 0);
        if (!later.length) return null;
        const k = pick(r, later);
        return `${words[Math.floor(r() * k)]} ${words[k]!.slice(0, 3)}`;
      }),
  },
  {
    name: '8 words',
    about: 'the title’s words and pack size, filled to 8 with other words of the catalog’s vocabulary at random places; every other query shuffled',
    make: (products, count, seed) => {
      const filler = [
        ...new Set(
          [...adjectives, ...Object.values(vocab).flatMap((v) => v.nouns), ...Object.keys(vocab)]
            .flatMap((s) => s.toLowerCase().split(/[^a-z]+/))
            .filter(Boolean),
        ),
      ];
      return fromProducts(products, count, seed, (r, p) => {
        const own = [...new Set([...titleWords(p), ...packWords(p)])].slice(0, 8);
        const words = [...own];
        while (words.length < 8) {
          const w = pick(r, filler);
          if (!words.includes(w)) words.splice(Math.floor(r() * (words.length + 1)), 0, w);
        }
        return (r() < 0.5 ? shuffle(r, words) : words).join(' ');
      });
    },
  },
  {
    name: 'no match',
    about:
      '1–3 words out of a typo’s reach (one from 4 letters, two from 8) of every stretch of every catalog word: made-up words of 4–10 letters, or things the shop does not sell',
    noMatch: true,
    make: (products, count, seed) => {
      const r = rng(seed);
      const words = catalogWords(products);
      const checked = new Map<string, boolean>();
      const unmatched = (w: string) =>
        checked.get(w) ??
        checked
          .set(
            w,
            w.split(' ').every((t) => !nearSomeWord(t, words)),
          )
          .get(w)!;
      const word = () => {
        for (;;) {
          const w = r() < 0.3 ? pick(r, absent) : madeUpWord(r);
          if (unmatched(w)) return w;
        }
      };
      return Array.from({ length: count }, () => ({ query: Array.from({ length: 1 + Math.floor(r() * 3) }, word).join(' '), target: -1 }));
    },
  },
];
