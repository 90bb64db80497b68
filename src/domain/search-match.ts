import { WORD_BITS, type Built } from './search-index.ts';
import { deletionKeys, distance, fold, typoBudget } from './search-words.ts';

/**
 * A query's matching (search.ts, decision 039): the words of the index each term meets and
 * how well, and the products that match the terms, their best match per term kept in the
 * index's scratch until `clear`.
 */

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
export function wordsFor(built: Built, term: string, mark: number): number[] {
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

export type Term = { slot: number; matches: number[]; reach: number; short: boolean };

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
export function match(built: Built, terms: Term[], allowed: (p: number) => boolean): { touched: number[]; found: number[]; most: number } {
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

export function clear(built: Built, terms: number, touched: readonly number[]): void {
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
