import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import demo from '../../demo/catalog.json' with { type: 'json' };
import { catalogFileSchema, completeProduct, type Category, type Product } from './catalog.ts';
import { createSearchIndex } from './search.ts';
import { distance, fold, normalise, typoBudget } from './search-words.ts';

const file = catalogFileSchema.parse(demo);
const products = file.products.map(completeProduct);
const index = createSearchIndex(products, file.categories);
const titles = (query: string, options?: Parameters<typeof index.search>[1]) => index.search(query, options).products.map((p) => p.title);

function product(id: string, title: string, over: Partial<Product> = {}): Product {
  return {
    id,
    itemId: id,
    variantId: id,
    sku: id,
    variantName: '',
    title,
    description: '',
    categoryId: 'c',
    images: [],
    tags: [],
    price: { mrp: null, regular: 10, special: null },
    stock: 1,
    isFraction: false,
    type_id: 'simple',
    errors: {},
    ...over,
  };
}
const category = (oId: string, name: string): Category => ({ oId, name, position: 0, colour: '#000000', image: '' });

describe('what a shopper sees first in the demo shop (expected orders worked out by hand from demo/catalog.json)', () => {
  const staples = ['Chakki Whole Wheat Atta (5 kg)', 'Toor Dal', 'Yellow Moong Dal', 'Chana Dal (1 kg)', 'Kashmiri Rajma (500 g)', 'Thick Poha (500 g)'];
  const riceFirst = ['Sona Masoori Rice', 'Aged Basmati Rice', 'Organic Brown Rice', 'Rice Chakli (200 g)'];
  const beverages = [
    'Assam CTC Tea (500 g)',
    'Tulsi Green Tea (25 bags)',
    'Darjeeling First Flush (100 g)',
    'Masala Chai Premix (250 g)',
    'Free Sample: Masala Chai Premix (10 g)',
    'South Indian Filter Coffee (500 g)',
    'Instant Coffee (100 g jar)',
    'Tender Coconut Water (1 L)',
    'Alphonso Mango Drink (1 L)',
    'Rose Sharbat (750 ml)',
  ];
  const mangoes = ['Ratnagiri Alphonso Mangoes (box of 12)', 'Andhra Avakaya Mango Pickle (500 g)', 'Alphonso Mango Drink (1 L)'];

  it.each<[string, string[]]>([
    // the three: rice products by title before the category "Rice, Atta & Dals" (title over category, then catalog order)
    ['rice', [...riceFirst, ...staples]],
    // a 4-letter word gets no typo match while exact ones exist: no chillies, banana chips, chana dal or atta
    ['chai', ['Masala Chai Premix (250 g)', 'Free Sample: Masala Chai Premix (10 g)']],
    // singular and plural are the same word: the mangoes first, in catalog order
    ['mango', mangoes],
    ['mangoes', mangoes],
    ['mangos', mangoes],
    // "Tomatoes" exactly (plural). I first expected "Potatoes" after it as one typo away; that was
    // wrong: tomato → potato changes two letters (t→p, m→t), over the one typo a 6-letter word gets
    ['tomato', ['Tomatoes']],
    ['chillies', ['Green Chillies', 'Kashmiri Chilli Powder (100 g)']],
    ['chilli', ['Green Chillies', 'Kashmiri Chilli Powder (100 g)']],
    ['boxes', ['Ratnagiri Alphonso Mangoes (box of 12)']],
    // a typo in a 7-letter word: one allowed
    ['tumeric', ['Lakadong Turmeric Powder (200 g)']],
    ['bhujiya', ['Bikaneri Aloo Bhujia (400 g)']],
    // two typos in words of 8+ letters
    ['corriandr', ['Coriander Bunch']],
    ['pomgranite', ['Bhagwa Pomegranate']],
    ['darjiling', ['Darjeeling First Flush (100 g)']],
    // 3-letter prefixes, catalog order among equals
    ['chi', ['Chikoo (Sapota)', 'Green Chillies', 'Kashmiri Chilli Powder (100 g)', 'Kerala Banana Chips (200 g)']],
    ['alph', ['Ratnagiri Alphonso Mangoes (box of 12)', 'Alphonso Mango Drink (1 L)']],
    // "dal" in titles first, then the category "Rice, Atta & Dals" ("dals" is the same word)
    [
      'dal',
      [
        'Toor Dal',
        'Yellow Moong Dal',
        'Chana Dal (1 kg)',
        'Everyday Dal & Sabzi Recipes (e-book)',
        'Sona Masoori Rice',
        'Aged Basmati Rice',
        'Organic Brown Rice',
        'Chakki Whole Wheat Atta (5 kg)',
        'Kashmiri Rajma (500 g)',
        'Thick Poha (500 g)',
      ],
    ],
    // a category name
    [
      'vegetables',
      [
        'Tomatoes',
        'Nashik Onions',
        'Potatoes',
        'Ooty Carrots',
        'Green Chillies',
        'Palak (Spinach) Bunch',
        'Bhindi (Lady Finger)',
        'Cauliflower',
        'Lemons (pack of 6)',
        'Fresh Ginger',
      ],
    ],
    // the category "Tea, Coffee & Drinks": the two teas by title first; "teas" is "tea"
    ['teas', beverages],
    // a number matches only itself: no 250 or 200, no typo
    [
      '500',
      [
        'Kashmiri Rajma (500 g)',
        'Thick Poha (500 g)',
        'Desi Cow Ghee (500 ml)',
        'Andhra Avakaya Mango Pickle (500 g)',
        'Soan Papdi (500 g)',
        'Assam CTC Tea (500 g)',
        'South Indian Filter Coffee (500 g)',
        'Virgin Coconut Hair Oil (500 ml)',
      ],
    ],
    // several words: only products with all of them, in any order
    ['green tea', ['Tulsi Green Tea (25 bags)']],
    ['tea green', ['Tulsi Green Tea (25 bags)']],
    ['aloo bhujia', ['Bikaneri Aloo Bhujia (400 g)']],
    // Hinglish words the catalog itself uses
    ['haldi', ['Haldi Chandan Ubtan (100 g)']],
    ['kesar', ['Kashmiri Kesar (1 g)']],
    // no product has both words: the ones with the most of them
    ['rice laptop', [...riceFirst, ...staples]],
    // things the shop does not sell, a 2-typo word under 8 letters, a 3-letter typo
    ['laptop', []],
    ['zzzzqqq', []],
    ['tumerik', []],
    ['tae', []],
    ['chawal', []],
  ])('a shopper typing %j sees %j', (query, expected) => {
    expect(titles(query)).toEqual(expected);
  });

  it('a variant name finds the variants, after a title with the same word', () => {
    const ids = (q: string, groupByItem = false) => index.search(q, { groupByItem }).products.map((p) => p.id);
    expect(ids('mustard')).toEqual(['mustard-oil', 'kurta-handloom-mustard-m', 'kurta-handloom-mustard-l', 'kurta-handloom-mustard-xl']);
    expect(ids('mustard', true)).toEqual(['mustard-oil', 'kurta-handloom-mustard-m']);
    expect(ids('handloom cotton kurta indigo m')).toEqual(['kurta-handloom-indigo-m']);
    // "size" is in no product: the variant matching the other seven words
    expect(ids('classic cotton crew t shirt navy size l')).toEqual(['tsh-crew-navy-l']);
    expect(ids('crew', true)).toEqual(['tsh-crew-red-s']);
  });

  it('owner synonyms let a shopper type the Hindi word', () => {
    const hinglish = createSearchIndex(products, file.categories, { synonyms: { chawal: ['rice'], elaichi: ['cardamom'] } });
    const seen = (q: string) => hinglish.search(q).products.map((p) => p.title);
    expect(seen('chawal')).toEqual([...riceFirst, ...staples]);
    expect(seen('chawl')).toEqual([...riceFirst, ...staples]);
    expect(seen('elaichi')).toEqual(['Green Cardamom (50 g)', 'Elaichi Rusk (300 g)']);
    // one way: the synonym does not make "rice" find more
    expect(seen('rice')).toEqual([...riceFirst, ...staples]);
  });
});

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
  });

  it('a shopper searching for something the shop does not sell is told so', () => {
    expect(index.search('zzzzqqq')).toEqual({ status: 'no-results', message: 'No results were found.', products: [] });
    expect(index.search('!!!')).toEqual({ status: 'no-results', message: 'No results were found.', products: [] });
  });

  it('shows at most 10 results, fewer when asked', () => {
    expect(titles('Spices')).toHaveLength(10);
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

  it('a 3-letter word is never a typo, and a word glued inside another is found only through a synonym', () => {
    // "arm" is no typo of "farm" (none under 4 letters): the product is found by "fresh" alone
    expect(ids('arm')).toEqual([]);
    expect(ids('arm fresh')).toEqual(['farm']);
    expect(ids('chips')).toEqual([]);
    const withSynonym = createSearchIndex([product('glued', 'Bananachips Classic')], cats, { synonyms: { chips: ['bananachips'] } });
    expect(withSynonym.search('chips').products.map((p) => p.id)).toEqual(['glued']);
  });

  it('calls a product without a known category Unnamed', () => {
    expect(ids('unnamed')).toEqual(['orphan']);
  });

  it('an empty catalog finds nothing', () => {
    expect(createSearchIndex([], []).search('anything')).toEqual({ status: 'no-results', message: 'No results were found.', products: [] });
  });
});

describe('the ranking tie-breaks, each against catalog order', () => {
  const cats = [category('c', 'Linen Cupboard'), category('d', 'Kitchen')];
  const order = (list: Product[], q: string) =>
    createSearchIndex(list, cats)
      .search(q)
      .products.map((p) => p.id);

  it('fewer typos first', () => {
    expect(order([product('bread', 'Bread Rolls', { categoryId: 'd' }), product('brad', "Brad's Honey", { categoryId: 'd' })], 'brad')).toEqual([
      'brad',
      'bread',
    ]);
  });

  it('a title before a variant name before a category', () => {
    const list = [
      product('in-category', 'Bath Towel'),
      product('in-variant', 'Bed Sheet', { variantName: 'Linen / Double', categoryId: 'd' }),
      product('in-title', 'Linen Napkins', { categoryId: 'd' }),
    ];
    expect(order(list, 'linen')).toEqual(['in-title', 'in-variant', 'in-category']);
  });

  it('a whole word before a word it begins', () => {
    expect(order([product('teapot', 'Teapot Classic', { categoryId: 'd' }), product('tea', 'Tea Leaves', { categoryId: 'd' })], 'tea')).toEqual([
      'tea',
      'teapot',
    ]);
  });

  it('the words side by side and in the typed order before words apart or reversed', () => {
    const list = [
      product('reversed', 'Water Lily Rose Soap', { categoryId: 'd' }),
      product('apart', 'Rose Petal Water', { categoryId: 'd' }),
      product('together', 'Rose Water', { categoryId: 'd' }),
    ];
    expect(order(list, 'rose water')).toEqual(['together', 'apart', 'reversed']);
  });

  it('singular and plural are the same word', () => {
    const list = [
      product('jam', 'Mixed Berry Jam', { categoryId: 'd' }),
      product('box', 'Lunch Boxes', { categoryId: 'd' }),
      product('peach', 'Peaches', { categoryId: 'd' }),
    ];
    expect(order(list, 'berries')).toEqual(['jam']);
    expect(order(list, 'box')).toEqual(['box']);
    expect(order(list, 'peach')).toEqual(['peach']);
  });
});

describe('the words of the index', () => {
  it('normalises case, accents and punctuation into single-spaced words', () => {
    expect(normalise('  Crème-Brûlée (500 g)! ')).toBe('creme brulee 500 g');
  });

  it('folds a plural and its singular to one form', () => {
    const pairs = [
      ['mango', 'mangoes'],
      ['mango', 'mangos'],
      ['tomato', 'tomatoes'],
      ['chilli', 'chillies'],
      ['box', 'boxes'],
      ['berry', 'berries'],
      ['peach', 'peaches'],
      ['dish', 'dishes'],
      ['glass', 'glasses'],
      ['shoe', 'shoes'],
      ['dal', 'dals'],
      ['kiwi', 'kiwis'],
    ];
    for (const [one, many] of pairs) expect(fold(many!), many).toBe(fold(one!));
    // words that only look plural stay apart from their stem
    expect(fold('glass')).not.toBe(fold('gla'));
    expect(fold('hummus')).toBe('hummus');
  });

  it('counts a substitution, a swap, an insertion and a deletion as one typo each', () => {
    // (I first wrote irec for a three-typo word: it is two swaps, 2)
    expect(['ricw', 'rcie', 'rize', 'ric', 'rices', 'rcei', 'ecir'].map((t) => distance('rice', t, 2))).toEqual([1, 1, 1, 1, 1, 2, 3]);
  });

  it('allows no typo under 4 letters, one from 4, two from 8, none in numbers', () => {
    expect(['tea', 'chai', 'basmati', 'cardamom', 'pomegranate', '5000', 'uk10'].map(typoBudget)).toEqual([0, 1, 1, 2, 2, 0, 0]);
  });

  const word = fc.string({ unit: fc.constantFrom(...'abcdefghij'), minLength: 4, maxLength: 12 });
  const edit = (w: string, n: number, kind: string, c: string) => {
    const at = n % w.length;
    const i = Math.min(at, w.length - 2);
    return kind === 'insert'
      ? w.slice(0, at) + c + w.slice(at)
      : kind === 'delete'
        ? w.slice(0, at) + w.slice(at + 1)
        : kind === 'substitute'
          ? w.slice(0, at) + c + w.slice(at + 1)
          : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  const kind = fc.constantFrom('insert', 'delete', 'substitute', 'swap');
  const letter = fc.constantFrom(...'abcdefghijz');

  it('finds a word typed with as many typos as its length allows, from the index alone', () => {
    fc.assert(
      fc.property(word, fc.nat(), kind, letter, fc.nat(), kind, letter, (w, n1, k1, c1, n2, k2, c2) => {
        const once = edit(w, n1, k1, c1);
        const twice = edit(once, n2, k2, c2);
        const typed = typoBudget(twice) >= 2 ? twice : once;
        // two edits at one place (swap two letters, then insert between them) are three typos to the distance used
        fc.pre(typed.length >= 4 && distance(w, typed, 2) <= typoBudget(typed));
        const found = createSearchIndex([product('p', w)], []).search(typed).products;
        expect(found.map((p) => p.id)).toEqual(['p']);
      }),
      { numRuns: 1500 },
    );
  });

  it('does not find a word further away than the typos allowed', () => {
    const one = createSearchIndex([product('p', 'Jaggery')], []);
    expect(one.search('jagery').products).toHaveLength(1);
    expect(one.search('jagry').products).toHaveLength(0);
    expect(one.search('jgary').products).toHaveLength(0);
  });
});
