import type { Category, Product } from './catalog.ts';
import { build, MAX_PRODUCTS, MAX_TERMS, type Built, type Synonyms } from './search-index.ts';
import { clear, match, wordsFor, type Term } from './search-match.ts';
import { searchMessages } from './search-messages.ts';
import { normalise } from './search-words.ts';

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
 * The index is built in search-index.ts and a query's terms matched in search-match.ts; this
 * file reads the query and ranks what matched.
 */

export const MIN_SEARCH_LENGTH = 3;
const MAX_SEARCH_RESULTS = 10;
export type { Synonyms };

export type SearchOptions = { limit?: number; categories?: string[]; groupByItem?: boolean };
export type SearchResult = { status: 'too-short' | 'no-results' | 'ok'; message: string | null; products: Product[] };
export type SearchIndex = { search(query: string, options?: SearchOptions): SearchResult };
export type SearchIndexOptions = { synonyms?: Synonyms };

/** Proximity of two terms in different fields, and its cap within one (Algolia's 8). */
const FAR = 8;

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
