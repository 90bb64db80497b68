import type { Category, Product } from './catalog.ts';
import { categoryName } from './money.ts';
import { searchMessages } from './search-messages.ts';
import { deletionKeys, distance, fold, normalise, typoBudget } from './search-words.ts';

/**
 * The search panel's matcher (spec §2 Search panel, §5, §9; decision 039): typo-tolerant on
 * title, variantName and category name, 3+ characters, at most 10 results.
 *
 * Every query is answered from a word index, never by reading the catalog:
 * - each distinct word of the catalog has a posting list (product, field, position);
 * - a typed term meets words whole (singular and plural folded to one form, search-words.ts),
 *   as their beginning (terms of 3+ characters), or with typos: none under 4 letters, one
 *   from 4, two from 8, none in numbers. Typo neighbours come from SymSpell deletion keys on
 *   each word's first 7 letters, so a term costs a few dozen binary searches and distance
 *   checks whatever the catalog's size, also when nothing matches;
 * - owner synonyms (`catalog.synonyms`, one way) are more words at the place of the word they
 *   stand for: a product with "rice" is also indexed under "chawal".
 * The products that match all the terms are returned; when none does, those matching the most
 * of them. They are ordered by tie-breaks in the order Algolia documents, one number per
 * product: fewer typos; more terms matched; title before variant name before category (the
 * sum over terms); whole words before beginnings; terms side by side and in the typed order;
 * then the catalog's own order.
 * A word glued inside a longer one ("chips" in "Bananachips") is not found: only a scan or an
 * index of every infix could, and an owner who sells such a product can name it in a synonym.
 */

export const MIN_SEARCH_LENGTH = 3;
export const MAX_SEARCH_RESULTS = 10;
export { searchMessages, normalise };

export type SearchOptions = { limit?: number; categories?: string[]; groupByItem?: boolean };
export type SearchResult = { status: 'too-short' | 'no-results' | 'ok'; message: string | null; products: Product[] };
export type SearchIndex = { search(query: string, options?: SearchOptions): SearchResult };
/** What a shopper may type → the catalog's words it stands for: `{ chawal: ['rice'] }` (shop config `catalog.synonyms`). */
export type Synonyms = Readonly<Record<string, readonly string[]>>;
export type SearchIndexOptions = { synonyms?: Synonyms };

/** Words of a query beyond this are ignored: a pasted paragraph must not cost more than 8 words. */
const MAX_TERMS = 8;
/** Catalog positions must fit the low 24 bits of a sort key. */
const MAX_PRODUCTS = 2 ** 24;
/** Word ids must fit below a 31-bit hash in a deletion-key entry. */
const WORD_BITS = 22;
/** Positions in a field beyond this count as this (proximity caps at 8 anyway). */
const MAX_POSITION = 255;
/** Where a word is: the field ranks title before variant name before category. */
const TITLE = 0;
const VARIANT = 1;
const CATEGORY = 2;
/** Proximity of two terms in different fields, and its cap within one (Algolia's 8). */
const FAR = 8;

/**
 * The index. Postings are flat typed arrays (word w's run from `offsets[w]` to
 * `offsets[w + 1]`), so 100k products cost a few MB and no per-word arrays. `keys` holds
 * (deletion-key hash, word id) pairs as sorted numbers. The rest is per-query scratch,
 * cleared after each query (a query is synchronous).
 */
type Built = {
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
  items: Int32Array;
  /** per term slot and product: 1 + the best grade (0: no match), and that match's position */
  grade: Uint8Array;
  position: Uint8Array;
  /** per product: how many terms it matched */
  count: Uint8Array;
  itemBest: Float64Array;
  /** per word: the query term that last looked at it */
  stamp: Int32Array;
};

function build(products: readonly Product[], categories: readonly Category[], synonyms: Synonyms): Built {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const idOf = (w: string) => ids.get(w) ?? ids.set(w, words.push(w) - 1).get(w)!;
  // synonyms by the folded form of the word they stand for, so "rices" gets chawal as well
  const standsFor = new Map<string, number[]>();
  for (const [typed, targets] of Object.entries(synonyms)) {
    const typedIds = normalise(typed).split(' ').filter(Boolean).map(idOf);
    for (const target of targets) for (const w of normalise(target).split(' ').filter(Boolean)) standsFor.set(fold(w), [...(standsFor.get(fold(w)) ?? []), ...typedIds]);
  }
  // a field's words as (word id, position) pairs; variant names repeat and categories hold many products, so those are read once each
  const read = (text: string): number[] => {
    const out: number[] = [];
    normalise(text).split(' ').forEach((w, at) => {
      if (!w) return;
      const where = Math.min(at, MAX_POSITION);
      out.push(idOf(w), where);
      for (const s of standsFor.get(fold(w)) ?? []) out.push(s, where);
    });
    return out;
  };
  const cache = new Map<string, number[]>();
  const cached = (text: string) => cache.get(text) ?? cache.set(text, read(text)).get(text)!;
  const named = new Map(categories.map((c) => [c.oId, categoryName(categories, c.oId)]));

  const itemIds = new Map<string, number>();
  const items = new Int32Array(products.length);
  const productOf: number[] = [];
  const wordOf: number[] = [];
  const placeOf: number[] = [];
  products.forEach((p, i) => {
    items[i] = itemIds.get(p.itemId) ?? itemIds.set(p.itemId, itemIds.size).get(p.itemId)!;
    const fields = [read(p.title), cached(p.variantName), cached(named.get(p.categoryId) ?? 'Unnamed')];
    fields.forEach((pairs, field) => {
      for (let k = 0; k < pairs.length; k += 2) {
        productOf.push(i);
        wordOf.push(pairs[k]!);
        placeOf.push((field << 8) | pairs[k + 1]!);
      }
    });
  });
  if (words.length >= 2 ** WORD_BITS) throw new RangeError(`Search indexes at most ${2 ** WORD_BITS - 1} distinct words`);

  const offsets = new Int32Array(words.length + 1);
  for (const w of wordOf) offsets[w + 1]!++;
  for (let w = 0; w < words.length; w++) offsets[w + 1]! += offsets[w]!;
  const next = offsets.slice(0, -1);
  const postings = new Int32Array(wordOf.length);
  const places = new Uint16Array(wordOf.length);
  wordOf.forEach((w, k) => {
    const at = next[w]!++;
    postings[at] = productOf[k]!;
    places[at] = placeOf[k]!;
  });

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
    size: products.length, words, folds, byFold, sorted, offsets, postings, places, keys, items,
    grade: new Uint8Array(MAX_TERMS * products.length),
    position: new Uint8Array(MAX_TERMS * products.length),
    count: new Uint8Array(products.length),
    itemBest: new Float64Array(itemIds.size).fill(Infinity),
    stamp: new Int32Array(words.length),
  };
}

/** The first index in `sorted` whose word is not below `term`. */
function lowerBound(built: Built, term: string): number {
  let lo = 0;
  let hi = built.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (built.words[built.sorted[mid]!]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The words a term meets and how well, as (word id, grade without the field) pairs: the grade
 * is typos × 6 + 1 for anything but a whole word, so that with field × 2 added one number
 * orders a term's matches by typos, then field, then exactness.
 */
function wordsFor(built: Built, term: string, mark: number): number[] {
  const { words, folds, stamp } = built;
  const out: number[] = [];
  const f = fold(term);
  for (const id of built.byFold.get(f) ?? []) {
    stamp[id] = mark;
    out.push(id, 0);
  }
  if (term.length >= 3) {
    for (let k = lowerBound(built, term); k < built.sorted.length; k++) {
      const id = built.sorted[k]!;
      if (!words[id]!.startsWith(term)) break;
      if (stamp[id] !== mark) out.push(id, 1);
      stamp[id] = mark;
    }
  }
  const budget = typoBudget(term);
  if (budget === 0) return out;
  const { keys } = built;
  deletionKeys(f, budget, (hash) => {
    const from = hash * 2 ** WORD_BITS;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < keys.length && keys[k]! < from + 2 ** WORD_BITS; k++) {
      const id = keys[k]! - from;
      if (stamp[id] === mark) continue;
      stamp[id] = mark;
      const typos = Math.min(distance(f, folds[id]!, budget), distance(term, words[id]!, budget));
      if (typos <= budget) out.push(id, typos * 6 + 1);
    }
  });
  return out;
}

/** Records each product's best match for term slot `slot`; `refine`: only for products an earlier term reached. */
function collect(built: Built, matches: number[], slot: number, refine: boolean, touched: number[]): void {
  const { offsets, postings, places, grade, position, count, size } = built;
  const base = slot * size;
  for (let m = 0; m < matches.length; m += 2) {
    const id = matches[m]!;
    const partial = matches[m + 1]!;
    for (let k = offsets[id]!; k < offsets[id + 1]!; k++) {
      const p = postings[k]!;
      const place = places[k]!;
      const g = partial + (place >> 8) * 2 + 1;
      const at = base + p;
      const current = grade[at]!;
      if (current === 0) {
        if (refine && count[p] === 0) continue;
        if (count[p]++ === 0) touched.push(p);
      } else if (g >= current) continue;
      grade[at] = g;
      position[at] = place & 0xff;
    }
  }
}

/** The tie-breaks as one number, lower first (see the file comment); the low 24 bits are the catalog position. */
function sortKey(built: Built, p: number, terms: number): number {
  const { grade, position, size } = built;
  let typos = 0;
  let matched = 0;
  let fields = 0;
  let loose = 0;
  let proximity = 0;
  let lastField = -1;
  let lastAt = 0;
  for (let slot = 0; slot < terms; slot++) {
    const g = grade[slot * size + p]! - 1;
    if (g < 0) continue;
    const field = (g % 6) >> 1;
    const at = position[slot * size + p]!;
    matched++;
    typos += Math.floor(g / 6);
    fields += field;
    loose += g & 1;
    // the typed order costs nothing extra; reversed costs one more step
    if (lastField >= 0) proximity += field !== lastField ? FAR : Math.min(FAR, at > lastAt ? at - lastAt : lastAt - at + 1);
    lastField = field;
    lastAt = at;
  }
  return ((((typos * 16 + (MAX_TERMS - matched)) * 32 + fields) * 16 + loose) * 64 + proximity) * MAX_PRODUCTS + p;
}

/** Keeps the `limit` smallest keys offered, sorted; `limit` is at most 10, so a shifted array beats a heap. */
function smallest(limit: number): { offer(key: number): void; keys: number[] } {
  const keys: number[] = [];
  return {
    keys,
    offer(key) {
      if (keys.length === limit && key >= keys[limit - 1]!) return;
      let i = keys.length === limit ? limit - 1 : keys.length;
      for (; i > 0 && keys[i - 1]! > key; i--) keys[i] = keys[i - 1]!;
      keys[i] = key;
    },
  };
}

export function createSearchIndex(products: readonly Product[], categories: readonly Category[], options: SearchIndexOptions = {}): SearchIndex {
  if (products.length >= MAX_PRODUCTS) throw new RangeError(`Search indexes at most ${MAX_PRODUCTS - 1} products`);
  const built = build(products, categories, options.synonyms ?? {});
  const all = [...products];
  let mark = 0;

  function search(query: string, options: SearchOptions = {}): SearchResult {
    if ([...query.trim()].length < MIN_SEARCH_LENGTH) return { status: 'too-short', message: searchMessages.tooShort, products: [] };
    // the spec's 10 is a ceiling: a caller may ask for fewer, never more
    const limit = Math.min(MAX_SEARCH_RESULTS, Math.max(1, Math.floor(options.limit ?? MAX_SEARCH_RESULTS) || MAX_SEARCH_RESULTS));
    const terms = [...new Set(normalise(query).split(' ').filter(Boolean))].slice(0, MAX_TERMS);
    const inCategory = options.categories?.length ? new Set(options.categories) : null;

    // terms of 1–2 characters ("t" of T-shirt, "l" of a size) only narrow what longer terms found, unless there are only such terms
    const anchored = terms.some((t) => t.length >= 3);
    const order = terms.map((t, slot) => ({ t, slot, refine: anchored && t.length < 3 })).sort((a, b) => Number(a.refine) - Number(b.refine));
    const touched: number[] = [];
    for (const { t, slot, refine } of order) collect(built, wordsFor(built, t, ++mark), slot, refine, touched);

    const { count, items, itemBest } = built;
    let most = 0;
    for (const p of touched) if (count[p]! > most && (!inCategory || inCategory.has(all[p]!.categoryId))) most = count[p]!;
    const best = smallest(limit);
    const bestItems: number[] = [];
    for (const p of touched) {
      if (count[p] !== most || (inCategory && !inCategory.has(all[p]!.categoryId))) continue;
      const key = sortKey(built, p, terms.length);
      if (!options.groupByItem) best.offer(key);
      else if (itemBest[items[p]!] === Infinity) {
        itemBest[items[p]!] = key;
        bestItems.push(items[p]!);
      } else if (key < itemBest[items[p]!]!) itemBest[items[p]!] = key;
    }
    for (const item of bestItems) {
      best.offer(itemBest[item]!);
      itemBest[item] = Infinity;
    }
    for (const p of touched) {
      count[p] = 0;
      for (let slot = 0; slot < terms.length; slot++) built.grade[slot * built.size + p] = 0;
    }

    const picked = best.keys.map((key) => all[key % MAX_PRODUCTS]!);
    if (picked.length === 0) return { status: 'no-results', message: searchMessages.noResults, products: [] };
    return { status: 'ok', message: null, products: picked };
  }

  return { search };
}
