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
 * The products that match all the terms are returned (the rarest term's products, narrowed
 * term by term); when none does, those matching the most of them. They are ordered by tie-breaks in the order Algolia documents, one number per
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

function build(products: readonly Product[], categories: readonly Category[], synonyms: Synonyms): Built {
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
      let typos = distance(f, folds[id]!, budget);
      if (typos > budget && (f !== term || folds[id] !== words[id])) typos = distance(term, words[id]!, budget);
      if (typos <= budget) out.push(id, typos * 6 + 1);
    }
  });
  return out;
}

type Term = { slot: number; matches: number[]; reach: number; short: boolean };

/** Records one match of `term` in product p at `place`, if better than the one it has. */
function record(built: Built, slot: number, p: number, g: number, place: number, touched: number[] | null): void {
  const at = slot * built.size + p;
  const current = built.grade[at]!;
  if (current === 0) {
    if (built.count[p] === 0) touched?.push(p);
    built.count[p]!++;
  } else if (g >= current) return;
  built.grade[at] = g;
  built.position[at] = place & 0xff;
}

/**
 * Each product's best match for a term, from the term's posting lists. `need`: only products
 * that already matched this many terms (0: any product, which then counts as reached).
 */
function fromPostings(built: Built, term: Term, need: number, touched: number[]): void {
  const { offsets, postings, places, count } = built;
  const { matches, slot } = term;
  for (let m = 0; m < matches.length; m += 2) {
    const id = matches[m]!;
    const partial = matches[m + 1]! + 1;
    for (let k = offsets[id]!; k < offsets[id + 1]!; k++) {
      const p = postings[k]!;
      if (need > 0 && count[p]! < need) continue;
      record(built, slot, p, partial + (places[k]! >> 8) * 2, places[k]!, need === 0 ? touched : null);
    }
  }
}

/** The same for a few products, by reading their own words: cheaper than a long posting list. */
function fromProducts(built: Built, term: Term, products: readonly number[]): void {
  const { forward, forwardWords, forwardPlaces, meets } = built;
  const base = term.slot * built.words.length;
  for (const p of products) {
    for (let k = forward[p]!; k < forward[p + 1]!; k++) {
      const meet = meets[base + forwardWords[k]!]!;
      if (meet > 0) record(built, term.slot, p, meet + (forwardPlaces[k]! >> 8) * 2, forwardPlaces[k]!, null);
    }
  }
}

/**
 * The products that match every term, found from the rarest term's and narrowed term by
 * term; then, if there are none, every product that matches any term (terms of 1–2
 * characters only narrow: a lone "s" or "g" would reach half the catalog).
 */
function match(built: Built, terms: Term[], allowed: (p: number) => boolean): { touched: number[]; found: number[]; most: number } {
  const perProduct = built.forwardWords.length / Math.max(1, built.size);
  const anchors = terms.filter((t) => !t.short);
  const order = [...(anchors.length ? anchors : terms)].sort((a, b) => a.reach - b.reach);
  const narrowing = [...order.slice(1), ...(anchors.length ? terms.filter((t) => t.short) : [])];
  const touched: number[] = [];
  if (order.length === 0) return { touched, found: [], most: 0 };
  fromPostings(built, order[0]!, 0, touched);
  let alive = touched.filter(allowed);
  narrowing.forEach((term, i) => {
    if (alive.length === 0) return;
    if (term.reach < alive.length * perProduct) fromPostings(built, term, i + 1, touched);
    else fromProducts(built, term, alive);
    alive = alive.filter((p) => built.count[p] === i + 2);
  });
  if (alive.length > 0) return { touched, found: alive, most: terms.length };

  clear(built, terms.length, touched);
  touched.length = 0;
  for (const term of order) fromPostings(built, term, 0, touched);
  if (anchors.length) for (const term of terms.filter((t) => t.short)) fromPostings(built, term, 1, touched);
  let most = 0;
  for (const p of touched) if (built.count[p]! > most && allowed(p)) most = built.count[p]!;
  return { touched, found: touched.filter((p) => built.count[p] === most && allowed(p)), most };
}

function clear(built: Built, terms: number, touched: readonly number[]): void {
  if (touched.length === 0) return;
  // one memset per slot is cheaper than scattered writes once a term reached many products
  if (touched.length * terms > built.size / 4) {
    built.grade.fill(0, 0, terms * built.size);
    built.count.fill(0);
    return;
  }
  for (const p of touched) {
    built.count[p] = 0;
    for (let slot = 0; slot < terms; slot++) built.grade[slot * built.size + p] = 0;
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

    const allowed = (p: number) => !inCategory || inCategory.has(all[p]!.categoryId);
    const words = built.words.length;
    const matched: Term[] = terms.map((t, slot) => {
      const matches = wordsFor(built, t, ++mark);
      let reach = 0;
      for (let m = 0; m < matches.length; m += 2) {
        reach += built.offsets[matches[m]! + 1]! - built.offsets[matches[m]!]!;
        built.meets[slot * words + matches[m]!] = matches[m + 1]! + 1;
      }
      // terms of 1–2 characters ("t" of T-shirt, "l" of a size) only narrow what longer terms found, unless there are only such terms
      return { slot, matches, reach, short: t.length < 3 };
    });
    const { touched, found } = match(built, matched, allowed);

    const { items, itemBest } = built;
    const best = smallest(limit);
    const bestItems: number[] = [];
    for (const p of found) {
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
    clear(built, terms.length, touched);
    for (const { slot, matches } of matched) for (let m = 0; m < matches.length; m += 2) built.meets[slot * words + matches[m]!] = 0;

    const picked = best.keys.map((key) => all[key % MAX_PRODUCTS]!);
    if (picked.length === 0) return { status: 'no-results', message: searchMessages.noResults, products: [] };
    return { status: 'ok', message: null, products: picked };
  }

  return { search };
}
