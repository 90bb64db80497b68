import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import demo from '../../demo/catalog.json' with { type: 'json' };
import { catalogFileSchema, completeProduct, type Category, type Product } from './catalog.ts';
import { createSearchIndex, MAX_SEARCH_RESULTS, normalise, prefixKeys, searchMessages, termMatch } from './search.ts';

const file = catalogFileSchema.parse(demo);
const products = file.products.map(completeProduct);
const index = createSearchIndex(products, file.categories);
const titles = (query: string, options?: Parameters<typeof index.search>[1]) => index.search(query, options).products.map((p) => p.title);

function product(id: string, title: string, over: Partial<Product> = {}): Product {
  return {
    id, itemId: id, variantId: id, sku: id, variantName: '', title, description: '', categoryId: 'c', images: [], tags: [],
    price: { mrp: null, regular: 10, special: null }, stock: 1, isFraction: false, type_id: 'simple', errors: {}, ...over,
  };
}
const category = (oId: string, name: string): Category => ({ oId, name, position: 0, colour: '#000000', image: '' });

describe('shoppers searching the demo shop', () => {
  it.each([
    ['tomatos', 'Tomatoes'],
    ['bananna', 'Robusta Bananas (1 dozen)'],
    ['basmti rice', 'Aged Basmati Rice'],
    ['kurtha', 'Handloom Cotton Kurta'],
    ['vanana', 'Robusta Bananas (1 dozen)'],
    ['rice basmati', 'Aged Basmati Rice'],
    ['Crew T-Shirt', 'Classic Cotton Crew T-shirt'],
  ])('a shopper typing %j finds %s', (query, title) => {
    const result = index.search(query);
    expect(result.status).toBe('ok');
    expect(result.message).toBeNull();
    expect(result.products.map((p) => p.title)).toContain(title);
  });

  it('a shopper who typed fewer than 3 characters is asked for more', () => {
    for (const query of ['ab', '  ab  ', '']) {
      expect(index.search(query)).toEqual({ status: 'too-short', message: 'Searched term should consist of at least 3 characters.', products: [] });
    }
    expect(searchMessages.tooShort).toBe('Searched term should consist of at least 3 characters.');
  });

  it('a shopper searching for something the shop does not sell is told so', () => {
    expect(index.search('zzzzqqq')).toEqual({ status: 'no-results', message: 'No results were found.', products: [] });
    expect(index.search('!!!')).toEqual({ status: 'no-results', message: searchMessages.noResults, products: [] });
  });

  it('shows at most 10 results, fewer when asked', () => {
    expect(titles('Spices')).toHaveLength(MAX_SEARCH_RESULTS);
    expect(titles('Spices', { limit: 3 })).toHaveLength(3);
    expect(titles('Spices', { limit: 50 })).toHaveLength(10);
  });

  it('finds products by their category name', () => {
    const found = index.search('Spices').products;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.categoryId === 'cat-spices')).toBe(true);
  });

  it('finds variants by their variant name', () => {
    const found = index.search('navy').products;
    expect(found.map((p) => p.variantId).sort()).toEqual(['tsh-crew-navy-l', 'tsh-crew-navy-m', 'tsh-crew-navy-s']);
    expect(index.search('indgo').products.every((p) => p.variantName.startsWith('Indigo'))).toBe(true);
  });

  it('keeps to the chosen categories', () => {
    expect(titles('masala')).toEqual(expect.arrayContaining(['House Garam Masala (100 g)', 'Masala Chai Premix (250 g)']));
    const found = index.search('masala', { categories: ['cat-beverages'] }).products;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.categoryId === 'cat-beverages')).toBe(true);
    expect(index.search('masala', { categories: ['cat-apparel'] }).status).toBe('no-results');
  });

  it('shows one result per item when variants are grouped', () => {
    expect(index.search('kurta').products).toHaveLength(6);
    expect(index.search('kurta', { groupByItem: true }).products.map((p) => p.itemId)).toEqual(['kurta-handloom']);
  });

  it('puts exact word matches before typo matches', () => {
    const found = titles('chai');
    expect(found.slice(0, 2).every((t) => t.includes('Chai'))).toBe(true);
  });
});

describe('whatever a shopper types', () => {
  const vocabulary = [...new Set(products.flatMap((p) => normalise(`${p.title} ${p.variantName}`).split(' ')))];
  const typed = fc.array(fc.oneof(fc.constantFrom(...vocabulary), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
  const categoryIds = file.categories.map((c) => c.oId);

  it('answers at most the limit, each product once, within the chosen categories and one per item when grouped', () => {
    fc.assert(
      fc.property(typed, fc.subarray(categoryIds), fc.boolean(), fc.integer({ min: 1, max: 12 }), (query, categories, groupByItem, limit) => {
        const result = index.search(query, { categories, groupByItem, limit });
        expect(result.products.length).toBeLessThanOrEqual(Math.min(limit, 10));
        expect(new Set(result.products.map((p) => p.id)).size).toBe(result.products.length);
        if (categories.length) expect(result.products.every((p) => categories.includes(p.categoryId))).toBe(true);
        if (groupByItem) expect(new Set(result.products.map((p) => p.itemId)).size).toBe(result.products.length);
        expect(result.status === 'ok').toBe(result.products.length > 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('search in other catalogs', () => {
  const cats = [category('c', 'Desserts'), category('h', 'सब्ज़ियाँ')];
  const local = createSearchIndex(
    [
      product('creme', 'Crème brûlée'),
      product('tamatar', 'टमाटर देसी', { categoryId: 'h' }),
      product('farm', 'Farm Fresh Eggs'),
      product('glued', 'Bananachips Classic'),
      product('orphan', 'Mystery Box', { categoryId: 'gone' }),
    ],
    cats,
  );
  const ids = (q: string) => local.search(q).products.map((p) => p.id);

  it('ignores accents and reads other scripts', () => {
    expect(ids('creme brulee')).toEqual(['creme']);
    expect(ids('brûlé')).toEqual(['creme']);
    expect(ids('टमाटर')).toEqual(['tamatar']);
    expect(ids('सब्ज़ियाँ')).toEqual(['tamatar']);
  });

  it('finds a word with its first letter left out, and a word glued inside another', () => {
    expect(ids('arm fresh')).toEqual(['farm']);
    expect(ids('chips')).toEqual(['glued']);
  });

  it('calls a product without a known category Unnamed', () => {
    expect(ids('unnamed')).toEqual(['orphan']);
  });

  it('an empty catalog finds nothing', () => {
    expect(createSearchIndex([], []).search('anything')).toEqual({ status: 'no-results', message: searchMessages.noResults, products: [] });
  });
});

describe('the typo index', () => {
  it('normalises case, accents and punctuation into single-spaced words', () => {
    expect(normalise('  Crème-Brûlée (500 g)! ')).toBe('creme brulee 500 g');
  });

  const word = fc.string({ unit: fc.constantFrom(...'abcdefghij'), minLength: 4, maxLength: 10 });
  const typo = fc.tuple(word, fc.nat(), fc.constantFrom('insert', 'delete', 'substitute', 'swap'), fc.constantFrom(...'abcdefghijz')).map(([w, n, kind, c]) => {
    const at = n % w.length;
    const typed =
      kind === 'insert' ? w.slice(0, at) + c + w.slice(at)
      : kind === 'delete' ? w.slice(0, at) + w.slice(at + 1)
      : kind === 'substitute' ? w.slice(0, at) + c + w.slice(at + 1)
      : w.slice(0, Math.min(at, w.length - 2)) + w[Math.min(at + 1, w.length - 1)] + w[Math.min(at, w.length - 2)] + w.slice(Math.min(at, w.length - 2) + 2);
    return { w, typed };
  });

  it('a word with one typo anywhere shares an index key with the word and is matched to it', () => {
    fc.assert(
      fc.property(typo, ({ w, typed }) => {
        fc.pre(typed.length >= 4 && typed !== w);
        expect(prefixKeys(typed).some((k) => prefixKeys(w).includes(k))).toBe(true);
        expect(termMatch(typed, w)).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('a prefix of a word with one typo is matched to the word', () => {
    fc.assert(
      fc.property(word, fc.nat(), (w, n) => {
        const prefix = w.slice(0, 4 + (n % (w.length - 3)));
        expect(termMatch(prefix, w)).toEqual({ quality: prefix === w ? 3 : 2, form: prefix });
      }),
    );
    expect(termMatch('tomatos', 'tomatoes')).toEqual({ quality: 1, form: 'tomatoe' });
    expect(termMatch('rce', 'rice')).toEqual({ quality: 1, form: 'rice' });
    expect(termMatch('tae', 'tea')).toEqual({ quality: 1, form: 'tea' });
    expect(termMatch('tex', 'tea')).toBeNull();
    expect(termMatch('500', '250')).toBeNull();
  });
});
