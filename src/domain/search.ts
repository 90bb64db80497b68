import uFuzzy from '@leeoniya/ufuzzy';
import type { Category, Product } from './catalog.ts';
import { searchMessages } from './search-messages.ts';
import { categoryName } from './money.ts';

/**
 * The search panel's matcher (spec §2 Search panel, §5, §9): typo-tolerant on title,
 * variantName and category name, 3+ characters, at most 10 results.
 * uFuzzy's typo mode runs one large regular expression per query over every product: too
 * slow at 100k, and merely compiling it takes about a millisecond on a busy 2-core machine
 * (budget in docs/architecture.md: 2 ms at 10k). So a small word index resolves the typo:
 * - each word's 3-character prefix, and that prefix with one of the first four letters
 *   deleted, point to the word: two words one typo apart always share such a key (SymSpell's
 *   deletion trick, on prefixes), so a typo in the first letters still finds it;
 * - a term's keys give a few dozen words, checked against it (exact start, or one typo under
 *   uFuzzy's rules); their products are the candidates;
 * - uFuzzy orders the best candidates with each term spelled as the catalog spells it: a
 *   small exact expression, cheap to compile.
 * When the index finds nothing (a term glued inside a longer word) uFuzzy's typo mode scans.
 */

export const MIN_SEARCH_LENGTH = 3;
export const MAX_SEARCH_RESULTS = 10;
export { searchMessages };

export type SearchOptions = { limit?: number; categories?: string[]; groupByItem?: boolean };
export type SearchResult = { status: 'too-short' | 'no-results' | 'ok'; message: string | null; products: Product[] };
export type SearchIndex = { search(query: string, options?: SearchOptions): SearchResult };

/** uFuzzy ranks at most this many candidates (10× the panel): its per-match work is the rest of a query's cost. */
const RANK_LIMIT = 100;
/** Spellings of the query that uFuzzy orders (see rankCandidates). */
const RANKED_GROUPS = 3;
/** Words of a query beyond this are ignored: a pasted paragraph must not become a huge expression. */
const MAX_TERMS = 8;
/** Terms beyond this are matched in the order typed only: permutations grow as n!. */
const OUT_OF_ORDER_TERMS = 3;
/** Catalog positions must fit the low 24 bits of best()'s sort key. */
const MAX_PRODUCTS = 2 ** 24;

/** Lower case, Latin diacritics stripped (only U+0300–036F, so Devanagari vowel signs survive), words split on anything but letters, marks and digits. */
export function normalise(text: string): string {
  const folded = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return folded.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();
}

/** The index keys of one word (see the file comment); words under 3 characters have none. */
export function prefixKeys(word: string): string[] {
  if (word.length < 3) return [];
  const keys = [word.slice(0, 3)];
  if (word.length === 3) return keys;
  for (let i = 0; i < 3; i++) {
    const key = word.slice(0, i) + word.slice(i + 1, 4);
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** a and b differ by exactly one substitution, transposition, insertion or deletion. */
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export type TermMatch = { quality: 1 | 2 | 3; form: string };

/**
 * How a query term meets a word: quality 3 the whole word, 2 its start, 1 its start with one
 * typo; `form` is the start of the word as the catalog spells it. The typo rules are those
 * of uFuzzy's typo mode below: none in numbers, a swapped or missing letter for 3-letter
 * terms (else "tea" meets every t?a word), any one typo from 4 letters on.
 */
export function termMatch(term: string, word: string): TermMatch | null {
  if (word.startsWith(term)) return { quality: word.length === term.length ? 3 : 2, form: term };
  if (/\d/.test(term)) return null;
  const n = term.length;
  if (n === 3) {
    // the first letter left out: uFuzzy finds "arm" inside "farm" too, so the index must
    if (word.slice(1, 4) === term) return { quality: 1, form: term };
    if (term[0] !== word[0]) return null;
    if (word[1] === term[2] && word[2] === term[1]) return { quality: 1, form: word.slice(0, 3) };
    const inserted = word.length > 3 && (word.slice(2, 4) === term.slice(1) || (word[1] === term[1] && word[3] === term[2]));
    return inserted ? { quality: 1, form: word.slice(0, 4) } : null;
  }
  for (const len of [n, n + 1, n - 1]) {
    const form = word.slice(0, len);
    if (form.length === len && oneEdit(term, form)) return { quality: 1, form };
  }
  return null;
}

// Haystack and query are normalised to words of letters, marks and digits split by single
// spaces, so "not a space" is exactly "a letter" in every script; that plain class keeps the
// expressions as fast as uFuzzy's Latin default (the /u flag with \p{L} cost about three
// times more). intraSplit and intraBound stay off: they look for lower→upper case changes.
const plainText = { interSplit: '\\s+', interBound: '\\s', intraChars: '\\S', intraSplit: null, intraBound: null } as const;

/** Orders candidates whose terms the index already matched and spelled out. */
const exact = new uFuzzy({ ...plainText, intraMode: 0, intraIns: 0 });

/** The full pass: one typo per term, anywhere in words of 4+ letters (rules as termMatch's). */
const typoTolerant = new uFuzzy({
  ...plainText,
  intraMode: 1,
  intraRules: (term) => {
    if (/^\p{N}+$/u.test(term) || term.length < 3) return { intraIns: 0, intraSub: 0, intraTrn: 0, intraDel: 0 };
    if (term.length === 3) return { intraSlice: [1, Infinity], intraIns: 1, intraSub: 0, intraTrn: 1, intraDel: 0 };
    return { intraSlice: [0, Infinity], intraIns: 1, intraSub: 1, intraTrn: 1, intraDel: 1 };
  },
});

/**
 * The index. Postings are one Int32Array (product indexes, word after word; word w's run from
 * `offsets[w]` to `offsets[w + 1]`), so 100k products cost a few MB and no per-word arrays.
 * `hits` and `score` are per-query scratch, zeroed after each use (a query is synchronous).
 */
type Built = { haystack: string[]; lengths: Uint16Array; words: string[]; offsets: Int32Array; postings: Int32Array; keys: Map<string, Int32Array> } & {
  hits: Uint8Array;
  score: Uint16Array;
};

function build(products: readonly Product[], categories: readonly Category[]): Built {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const idOf = (w: string) => ids.get(w) ?? ids.set(w, words.push(w) - 1).get(w)!;
  // a hand-rolled split: at 100k products the arrays of split/filter/map were a third of the build, in GC
  const eachWord = (text: string, fn: (id: number) => void) => {
    for (let from = 0, to = 0; from < text.length; from = to + 1) {
      to = text.indexOf(' ', from);
      if (to < 0) to = text.length;
      if (to - from >= 3) fn(idOf(text.slice(from, to)));
    }
  };
  // variant names repeat ("Red / M") and categories hold many products: normalised once each
  const fields = new Map<string, { text: string; ids: number[] }>();
  const read = (text: string) => {
    const ids: number[] = [];
    eachWord(text, (id) => ids.push(id));
    return { text, ids };
  };
  const field = (raw: string) => fields.get(raw) ?? fields.set(raw, read(normalise(raw))).get(raw)!;
  const named = new Map(categories.map((c) => [c.oId, field(categoryName(categories, c.oId))]));
  const haystack = new Array<string>(products.length);
  const flat: number[] = []; // each product's distinct word ids, product after product
  const ends = new Int32Array(products.length);
  const last: number[] = [];
  let i = 0;
  const add = (id: number) => {
    if (last[id] !== i) flat.push(id);
    last[id] = i;
  };
  for (; i < products.length; i++) {
    const p = products[i]!;
    const title = normalise(p.title);
    const variant = field(p.variantName);
    const cat = named.get(p.categoryId) ?? field('Unnamed');
    // a leading space makes "starts a word" a plain includes(' ' + term)
    haystack[i] = ` ${title}${variant.text && ` ${variant.text}`}${cat.text && ` ${cat.text}`}`;
    eachWord(title, add);
    variant.ids.forEach(add);
    cat.ids.forEach(add);
    ends[i] = flat.length;
  }
  const offsets = new Int32Array(words.length + 1);
  for (const id of flat) offsets[id + 1]!++;
  for (let w = 0; w < words.length; w++) offsets[w + 1]! += offsets[w]!;
  const postings = new Int32Array(flat.length);
  const next = offsets.slice(0, -1);
  for (let i = 0, k = 0; i < products.length; i++) for (; k < ends[i]!; k++) postings[next[flat[k]!]!++] = i;
  const keyLists = new Map<string, number[]>();
  words.forEach((word, id) => prefixKeys(word).forEach((key) => keyLists.get(key)?.push(id) ?? keyLists.set(key, [id])));
  const keys = new Map([...keyLists].map(([key, list]) => [key, Int32Array.from(list)]));
  const lengths = Uint16Array.from(haystack, (text) => Math.min(4095, text.length));
  const scratch = { hits: new Uint8Array(products.length), score: new Uint16Array(products.length) };
  return { haystack, lengths, words, offsets, postings, keys, ...scratch };
}

type TermWords = { term: string; ids: number[]; matches: Map<string, TermMatch>; reach: number };

/** The words a term meets, best first, and how many products they reach. */
function wordsFor(built: Built, term: string): TermWords {
  const found: [number, TermMatch][] = [];
  const seen = new Set<number>();
  for (const key of prefixKeys(term)) {
    for (const id of built.keys.get(key) ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      const m = termMatch(term, built.words[id]!);
      if (m) found.push([id, m]);
    }
  }
  found.sort((a, b) => b[1].quality - a[1].quality);
  const reach = found.reduce((n, [id]) => n + built.offsets[id + 1]! - built.offsets[id]!, 0);
  return { term, ids: found.map(([id]) => id), matches: new Map(found.map(([id, m]) => [built.words[id]!, m])), reach };
}

/**
 * Products with a matching word for every term of 3+ letters, the RANK_LIMIT best first;
 * null when no term is long enough to use the index.
 */
function candidates(built: Built, terms: string[], allowed: (i: number) => boolean): { pool: number[]; perTerm: TermWords[] } | null {
  const usable = [...new Set(terms.filter((t) => t.length >= 3))];
  if (usable.length === 0) return null;
  // the rarest term first, so later terms only revisit products the first one reached
  const perTerm = usable.map((t) => wordsFor(built, t)).sort((a, b) => a.reach - b.reach);
  const { hits, score } = built;
  const touched: number[] = [];
  perTerm.forEach(({ ids, matches }, j) => {
    for (const id of ids) {
      const quality = matches.get(built.words[id]!)!.quality;
      for (let k = built.offsets[id]!; k < built.offsets[id + 1]!; k++) {
        const p = built.postings[k]!;
        if (hits[p] !== j) continue;
        // words come best first, so a product's first word for this term is its best one
        hits[p] = j + 1;
        score[p] = score[p]! + quality;
        if (j === 0) touched.push(p);
      }
    }
  });
  const pool = best(built, touched.filter((p) => hits[p] === usable.length && allowed(p)), (p) => score[p]!);
  for (const p of touched) hits[p] = score[p] = 0;
  return { pool, perTerm };
}

/**
 * The RANK_LIMIT best by score, then shorter text (a denser match), then catalog order. Pools
 * reach thousands at 100k products, so one number per product (score, 4095 − length, −index)
 * goes through a min-heap of the best RANK_LIMIT instead of a full sort.
 */
function best(built: Built, pool: readonly number[], score: (p: number) => number): number[] {
  const heap = new Float64Array(Math.min(RANK_LIMIT, pool.length));
  let size = 0;
  for (const p of pool) {
    const key = score(p) * 2 ** 36 + (4095 - built.lengths[p]!) * 2 ** 24 + (MAX_PRODUCTS - 1 - p);
    if (size < heap.length) {
      let i = size++; // sift up
      for (let up = (i - 1) >> 1; i > 0 && heap[up]! > key; i = up, up = (i - 1) >> 1) heap[i] = heap[up]!;
      heap[i] = key;
      continue;
    }
    if (key <= heap[0]!) continue;
    let i = 0; // replace the smallest and sift down
    for (let c = 1; c < size; i = c, c = 2 * i + 1) {
      if (c + 1 < size && heap[c + 1]! < heap[c]!) c++;
      if (heap[c]! >= key) break;
      heap[i] = heap[c]!;
    }
    heap[i] = key;
  }
  return Array.from(heap.sort().reverse(), (key) => MAX_PRODUCTS - 1 - (key % MAX_PRODUCTS));
}

/** How many terms start a word exactly (2 when the whole word matches): the first ranking key. */
function exactness(text: string, terms: string[]): number {
  let score = 0;
  for (const t of terms) {
    const at = text.indexOf(` ${t}`);
    if (at < 0) continue;
    const after = text.charCodeAt(at + 1 + t.length);
    score += Number.isNaN(after) || after === 32 ? 2 : 1;
  }
  return score;
}

/**
 * uFuzzy's order (most contiguous, word starts, densest, earliest) for the products a needle
 * matches: the typed order of terms first, then other orders ("rice basmati" still finds
 * "Aged Basmati Rice"). `candidates` are products the index already matched word by word:
 * all orders are tried for them and any left over are kept, last (a term typed twice, or 4+
 * terms in another order). A scan stops at the first order with matches instead.
 */
function fuzzyOrder(matcher: uFuzzy, built: Built, terms: string[], idxs: number[] | undefined, candidates: boolean): number[] {
  const { haystack } = built;
  const orders = terms.length > 1 && terms.length <= OUT_OF_ORDER_TERMS ? (uFuzzy.permute(terms) as string[][]) : [terms];
  const out: number[] = [];
  let rest = idxs;
  for (const order of orders) {
    const needle = order.join(' ');
    let matched = matcher.filter(haystack, needle, rest) ?? [];
    // only a scan matches this many: its most exact ones go on to the costly ranking
    if (matched.length > RANK_LIMIT) matched = best(built, matched, (p) => exactness(haystack[p]!, terms));
    if (matched.length > 1) {
      const info = matcher.info(matched, haystack, needle);
      for (const o of matcher.sort(info, haystack, needle)) out.push(info.idx[o]!);
    } else out.push(...matched);
    if (!candidates && out.length > 0) return out;
    const done = new Set(matched);
    rest = rest?.filter((i) => !done.has(i));
    if (rest?.length === 0) break;
  }
  return candidates && rest ? [...out, ...rest] : out;
}

/**
 * Candidates grouped by how the catalog spells their terms, each group put in uFuzzy's order;
 * `need` is how many ranked results are enough (3× the limit when variants will be grouped).
 */
function rankCandidates(built: Built, terms: string[], pool: number[], perTerm: TermWords[], need: number): number[] {
  const byTerm = new Map(perTerm.map((t) => [t.term, t.matches]));
  const groups = new Map<string, number[]>();
  for (const p of pool) {
    const words = built.haystack[p]!.split(' ');
    const spelled = terms.map((t) => {
      const matches = byTerm.get(t);
      const found = matches && words.map((w) => matches.get(w)).reduce((a, m) => (m && (!a || m.quality > a.quality) ? m : a), undefined);
      return found?.form ?? t;
    });
    const key = spelled.join(' ');
    if (!groups.get(key)?.push(p)) groups.set(key, [p]);
  }
  // a short term with a typo can be spelled a dozen ways ("krip": kris, krit, krib…), and each
  // spelling is two expressions to compile, a fraction of a millisecond each: so only the first
  // few groups with something to order get uFuzzy; the rest keep the pool's order (score, density)
  const out: number[] = [];
  let ranked = 0;
  for (const [needle, idxs] of groups) {
    const rank = idxs.length > 1 && ranked < RANKED_GROUPS && out.length < need;
    if (rank) ranked++;
    out.push(...(rank ? fuzzyOrder(exact, built, needle.split(' '), idxs, true) : idxs));
  }
  return out;
}

export function createSearchIndex(products: readonly Product[], categories: readonly Category[]): SearchIndex {
  if (products.length >= MAX_PRODUCTS) throw new RangeError(`Search indexes at most ${MAX_PRODUCTS - 1} products`);
  const built = build(products, categories);
  const all = [...products];

  function search(query: string, options: SearchOptions = {}): SearchResult {
    if ([...query.trim()].length < MIN_SEARCH_LENGTH) return { status: 'too-short', message: searchMessages.tooShort, products: [] };
    // the spec's 10 is a ceiling: a caller may ask for fewer, never more
    const limit = Math.min(MAX_SEARCH_RESULTS, Math.max(1, Math.floor(options.limit ?? MAX_SEARCH_RESULTS) || MAX_SEARCH_RESULTS));
    const terms = normalise(query).split(' ').filter(Boolean).slice(0, MAX_TERMS);
    const inCategory = options.categories?.length ? new Set(options.categories) : null;
    const allowed = (i: number) => !inCategory || inCategory.has(all[i]!.categoryId);

    let found: number[] = [];
    if (terms.length > 0) {
      const hit = candidates(built, terms, allowed);
      found = hit?.pool.length
        ? rankCandidates(built, terms, hit.pool, hit.perTerm, options.groupByItem ? 3 * limit : limit)
        : fuzzyOrder(typoTolerant, built, terms, inCategory ? all.map((_, i) => i).filter(allowed) : undefined, false);
      // Array.sort is stable: equally exact matches keep uFuzzy's order
      const exactOf = new Map(found.map((i) => [i, exactness(built.haystack[i]!, terms)]));
      found.sort((a, b) => exactOf.get(b)! - exactOf.get(a)!);
    }

    const picked: Product[] = [];
    const items = new Set<string>();
    for (const p of found.map((i) => all[i]!)) {
      if (options.groupByItem && items.has(p.itemId)) continue;
      items.add(p.itemId);
      if (picked.push(p) === limit) break;
    }
    if (picked.length === 0) return { status: 'no-results', message: searchMessages.noResults, products: [] };
    return { status: 'ok', message: null, products: picked };
  }

  return { search };
}
