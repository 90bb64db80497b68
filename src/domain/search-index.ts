import type { Category, Product } from './catalog.ts';
import { categoryName } from './money.ts';
import { deletionKeys, fold, normalise } from './search-words.ts';

/**
 * The word index of search (search.ts, decision 039), built once per catalog: each distinct
 * word's posting list, the words in string order for the terms that begin them, the SymSpell
 * deletion keys for the ones typed with typos, and the scratch every query writes and clears.
 */

/** What a shopper may type → the catalog's words it stands for: `{ chawal: ['rice'] }` (shop config `catalog.synonyms`). */
export type Synonyms = Readonly<Record<string, readonly string[]>>;

/** Words of a query beyond this are ignored: a pasted paragraph must not cost more than 8 words. */
export const MAX_TERMS = 8;
/** Catalog positions must fit the low 24 bits of a sort key. */
export const MAX_PRODUCTS = 2 ** 24;
/** Word ids must fit below a 31-bit hash in a deletion-key entry. */
export const WORD_BITS = 22;
/** Positions in a field beyond this count as this (proximity caps at 8 anyway). */
const MAX_POSITION = 255;
/** Where a word is: the field ranks title before variant name before category. */
const TITLE = 0;
const VARIANT = 1;
const CATEGORY = 2;

/**
 * The index. Postings are flat typed arrays (word w's run from `offsets[w]` to
 * `offsets[w + 1]`), so 100k products cost a few MB and no per-word arrays. `keys` holds
 * (deletion-key hash, word id) pairs as sorted numbers. The rest is per-query scratch,
 * cleared after each query (a query is synchronous).
 */
export type Built = {
  size: number;
  words: string[];
  folds: string[];
  byFold: Map<string, number[]>;
  /** word ids in string order, for the words a term begins */
  sorted: Int32Array;
  offsets: Int32Array;
  postings: Int32Array;
  /** field << 8 | position, beside each posting */
  places: Uint16Array;
  keys: Float64Array;
  /** the same (word, place) pairs product by product: product p's from `forward[p]` to `forward[p + 1]` */
  forward: Int32Array;
  forwardWords: Int32Array;
  forwardPlaces: Uint16Array;
  items: Int32Array;
  /** per term slot and product: 1 + the best grade (0: no match), and that match's position */
  grade: Uint8Array;
  position: Uint8Array;
  /** per product: how many terms it matched */
  count: Uint8Array;
  itemBest: Float64Array;
  /** per word: the query term that last looked at it */
  stamp: Int32Array;
  /** per term slot and word: 1 + how the term meets the word (wordsFor's grade), 0 not at all */
  meets: Uint8Array;
};

export function build(products: readonly Product[], categories: readonly Category[], synonyms: Synonyms): Built {
  // synonyms by the folded form of the word they stand for, so "rices" gets chawal as well
  const standsFor = new Map<string, string[]>();
  for (const [typed, targets] of Object.entries(synonyms)) {
    for (const target of targets)
      for (const w of normalise(target).split(' ').filter(Boolean))
        standsFor.set(fold(w), [...(standsFor.get(fold(w)) ?? []), ...normalise(typed).split(' ').filter(Boolean)]);
  }
  const ids = new Map<string, number>();
  const words: string[] = [];
  /** per word id, the synonyms indexed beside it */
  const extra: number[][] = [];
  const idOf = (w: string): number => {
    let id = ids.get(w);
    if (id !== undefined) return id;
    id = words.push(w) - 1;
    ids.set(w, id);
    const typed = standsFor.get(fold(w));
    if (typed) extra[id] = typed.map(idOf);
    return id;
  };
  // a field's words as (word id, position) pairs, by a hand-rolled split: at 100k products the
  // arrays of split/map were much of the build, in GC
  const read = (raw: string): number[] => {
    const text = normalise(raw);
    const out: number[] = [];
    for (let from = 0, to = 0, at = 0; from < text.length; from = to + 1, at++) {
      to = text.indexOf(' ', from);
      if (to < 0) to = text.length;
      const id = idOf(text.slice(from, to));
      const where = Math.min(at, MAX_POSITION);
      out.push(id, where);
      for (const s of extra[id] ?? []) out.push(s, where);
    }
    return out;
  };
  // variant names repeat and categories hold many products: read once each
  const cache = new Map<string, number[]>();
  const cached = (text: string) => cache.get(text) ?? cache.set(text, read(text)).get(text)!;
  const named = new Map(categories.map((c) => [c.oId, categoryName(categories, c.oId)]));

  const itemIds = new Map<string, number>();
  const items = new Int32Array(products.length);
  const forward = new Int32Array(products.length + 1);
  // (product, word, place) triples, grown by doubling
  let productOf = new Int32Array(16 * products.length + 16);
  let wordOf = new Int32Array(productOf.length);
  let placeOf = new Uint16Array(productOf.length);
  let n = 0;
  const add = (i: number, field: number, pairs: number[]) => {
    if (n + pairs.length / 2 > productOf.length) {
      const size = 2 * (n + pairs.length);
      [productOf, wordOf, placeOf] = [copy(productOf, new Int32Array(size)), copy(wordOf, new Int32Array(size)), copy(placeOf, new Uint16Array(size))];
    }
    for (let k = 0; k < pairs.length; k += 2, n++) {
      productOf[n] = i;
      wordOf[n] = pairs[k]!;
      placeOf[n] = (field << 8) | pairs[k + 1]!;
    }
  };
  for (let i = 0; i < products.length; i++) {
    const p = products[i]!;
    items[i] = itemIds.get(p.itemId) ?? itemIds.set(p.itemId, itemIds.size).get(p.itemId)!;
    add(i, TITLE, read(p.title));
    add(i, VARIANT, cached(p.variantName));
    add(i, CATEGORY, cached(named.get(p.categoryId) ?? 'Unnamed'));
    forward[i + 1] = n;
  }
  if (words.length >= 2 ** WORD_BITS) throw new RangeError(`Search indexes at most ${2 ** WORD_BITS - 1} distinct words`);

  const offsets = new Int32Array(words.length + 1);
  for (let k = 0; k < n; k++) offsets[wordOf[k]! + 1]!++;
  for (let w = 0; w < words.length; w++) offsets[w + 1]! += offsets[w]!;
  const next = offsets.slice(0, -1);
  const postings = new Int32Array(n);
  const places = new Uint16Array(n);
  for (let k = 0; k < n; k++) {
    const at = next[wordOf[k]!]!++;
    postings[at] = productOf[k]!;
    places[at] = placeOf[k]!;
  }

  const folds = words.map(fold);
  const byFold = new Map<string, number[]>();
  folds.forEach((f, id) => byFold.get(f)?.push(id) ?? byFold.set(f, [id]));
  const sorted = Int32Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : 1));
  // a word of 6+ letters may be two typos from an 8-letter term, one of 3+ one typo from a 4-letter one
  const entries: number[] = [];
  folds.forEach((f, id) => {
    if (f.length < 3 || /\d/.test(f)) return;
    deletionKeys(f, f.length >= 6 ? 2 : 1, (hash) => entries.push(hash * 2 ** WORD_BITS + id));
  });
  const keys = Float64Array.from(entries).sort();

  return {
    size: products.length,
    words,
    folds,
    byFold,
    sorted,
    offsets,
    postings,
    places,
    keys,
    items,
    forward,
    forwardWords: wordOf.slice(0, n),
    forwardPlaces: placeOf.slice(0, n),
    meets: new Uint8Array(MAX_TERMS * words.length),
    grade: new Uint8Array(MAX_TERMS * products.length),
    position: new Uint8Array(MAX_TERMS * products.length),
    count: new Uint8Array(products.length),
    itemBest: new Float64Array(itemIds.size).fill(Infinity),
    stamp: new Int32Array(words.length),
  };
}

function copy<T extends Int32Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
