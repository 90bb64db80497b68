import type { Category, Product } from '../src/domain/catalog.ts';

/**
 * The search bench's synthetic catalog and its classes of queries, all seeded: the same
 * catalog and queries on every run and machine, so two runs (or two matchers) compare.
 */

/** mulberry32: the same catalog and queries on every run and machine. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const vocab: Record<string, { nouns: string[]; sizes: string[]; variants?: string[] }> = {
  'Fresh Fruits': {
    nouns: ['Apples', 'Bananas', 'Mangoes', 'Oranges', 'Pomegranate', 'Grapes', 'Papaya', 'Guava', 'Pineapple', 'Watermelon'],
    sizes: ['1 kg', '500 g', '6 pcs', '1 dozen'],
  },
  Vegetables: {
    nouns: ['Tomatoes', 'Onions', 'Potatoes', 'Carrots', 'Cauliflower', 'Cabbage', 'Spinach', 'Brinjal', 'Capsicum', 'Cucumber', 'Beetroot'],
    sizes: ['1 kg', '500 g', '250 g'],
  },
  'Dairy & Eggs': {
    nouns: ['Milk', 'Curd', 'Paneer', 'Butter', 'Cheese Slices', 'Ghee', 'Eggs', 'Buttermilk', 'Yoghurt'],
    sizes: ['500 ml', '1 L', '200 g', '12 pcs'],
  },
  Bakery: { nouns: ['Bread', 'Buns', 'Croissant', 'Cookies', 'Muffins', 'Rusk', 'Cake', 'Baguette'], sizes: ['400 g', '200 g', '6 pcs'] },
  'Rice & Grains': {
    nouns: ['Basmati Rice', 'Brown Rice', 'Sona Masoori Rice', 'Quinoa', 'Oats', 'Millet', 'Poha', 'Semolina'],
    sizes: ['1 kg', '5 kg', '10 kg'],
  },
  'Pulses & Dals': {
    nouns: ['Toor Dal', 'Moong Dal', 'Chana Dal', 'Urad Dal', 'Masoor Dal', 'Rajma', 'Kabuli Chana', 'Lobia'],
    sizes: ['500 g', '1 kg', '2 kg'],
  },
  'Spices & Masalas': {
    nouns: ['Turmeric Powder', 'Chilli Powder', 'Garam Masala', 'Cumin Seeds', 'Coriander Powder', 'Black Pepper', 'Cardamom', 'Cinnamon', 'Cloves', 'Saffron'],
    sizes: ['50 g', '100 g', '200 g'],
  },
  'Edible Oils': {
    nouns: ['Sunflower Oil', 'Mustard Oil', 'Groundnut Oil', 'Olive Oil', 'Coconut Oil', 'Sesame Oil', 'Rice Bran Oil'],
    sizes: ['1 L', '5 L', '500 ml'],
  },
  Snacks: {
    nouns: ['Potato Chips', 'Namkeen', 'Bhujia', 'Nachos', 'Popcorn', 'Makhana', 'Peanuts', 'Trail Mix', 'Crackers'],
    sizes: ['100 g', '200 g', '400 g'],
  },
  Sweets: { nouns: ['Kaju Katli', 'Gulab Jamun', 'Rasgulla', 'Soan Papdi', 'Ladoo', 'Barfi', 'Chocolate Bar', 'Toffees'], sizes: ['250 g', '500 g', '1 kg'] },
  Tea: { nouns: ['Green Tea', 'Masala Chai', 'Darjeeling Tea', 'Assam Tea', 'Chamomile Tea', 'Lemon Tea', 'Oolong Tea'], sizes: ['100 g', '250 g', '25 bags'] },
  Coffee: { nouns: ['Filter Coffee', 'Instant Coffee', 'Espresso Beans', 'Cold Brew', 'Coffee Powder', 'Cappuccino Mix'], sizes: ['100 g', '250 g', '500 g'] },
  Juices: { nouns: ['Orange Juice', 'Mango Drink', 'Apple Juice', 'Mixed Fruit Juice', 'Coconut Water', 'Lemonade', 'Guava Nectar'], sizes: ['200 ml', '1 L'] },
  'Soft Drinks': { nouns: ['Cola', 'Soda', 'Tonic Water', 'Ginger Ale', 'Energy Drink', 'Iced Tea'], sizes: ['330 ml', '750 ml', '2 L'] },
  'Breakfast Cereals': { nouns: ['Corn Flakes', 'Muesli', 'Granola', 'Oat Porridge', 'Choco Flakes', 'Wheat Flakes'], sizes: ['500 g', '1 kg'] },
  'Frozen Foods': {
    nouns: ['Frozen Peas', 'French Fries', 'Veg Nuggets', 'Ice Cream', 'Frozen Paratha', 'Momos', 'Pizza Base'],
    sizes: ['400 g', '1 kg', '500 ml'],
  },
  'Meat & Fish': {
    nouns: ['Chicken Breast', 'Mutton Curry Cut', 'Prawns', 'Salmon Fillet', 'Fish Curry Cut', 'Chicken Sausages'],
    sizes: ['500 g', '1 kg', '250 g'],
  },
  'Personal Care': {
    nouns: ['Bath Soap', 'Body Wash', 'Hand Wash', 'Deodorant', 'Talcum Powder', 'Shaving Cream', 'Lip Balm'],
    sizes: ['125 g', '250 ml', '150 ml'],
  },
  'Hair Care': { nouns: ['Shampoo', 'Conditioner', 'Hair Oil', 'Hair Serum', 'Hair Mask', 'Hair Gel'], sizes: ['180 ml', '340 ml', '100 ml'] },
  'Skin Care': {
    nouns: ['Face Wash', 'Moisturiser', 'Sunscreen', 'Face Cream', 'Aloe Vera Gel', 'Body Lotion', 'Face Serum'],
    sizes: ['50 g', '100 ml', '200 ml'],
  },
  'Oral Care': { nouns: ['Toothpaste', 'Toothbrush', 'Mouthwash', 'Dental Floss', 'Tongue Cleaner'], sizes: ['150 g', '250 ml', 'pack of 4'] },
  'Baby Care': { nouns: ['Baby Wipes', 'Diapers', 'Baby Lotion', 'Baby Shampoo', 'Baby Powder', 'Baby Oil'], sizes: ['72 pcs', '200 ml', 'pack of 30'] },
  'Household Cleaning': {
    nouns: ['Floor Cleaner', 'Dishwash Liquid', 'Toilet Cleaner', 'Glass Cleaner', 'Scrub Pad', 'Garbage Bags', 'Air Freshener'],
    sizes: ['500 ml', '1 L', 'pack of 3'],
  },
  Laundry: { nouns: ['Detergent Powder', 'Liquid Detergent', 'Fabric Softener', 'Stain Remover', 'Detergent Bar'], sizes: ['1 kg', '2 L', '500 g'] },
  Kitchenware: {
    nouns: ['Pressure Cooker', 'Frying Pan', 'Steel Tiffin', 'Water Bottle', 'Knife Set', 'Chopping Board', 'Casserole', 'Kadai'],
    sizes: ['3 L', '1 L', 'set of 3'],
    variants: ['Steel', 'Copper', 'Black', 'Red'],
  },
  'Home Decor': {
    nouns: ['Brass Diya', 'Cushion Cover', 'Wall Clock', 'Photo Frame', 'Table Lamp', 'Scented Candle', 'Flower Vase'],
    sizes: ['pack of 2', 'set of 4', 'large'],
    variants: ['Gold', 'Blue', 'White', 'Green'],
  },
  "Men's Clothing": {
    nouns: ['Cotton Shirt', 'Kurta', 'Chinos', 'Jeans', 'Polo T-shirt', 'Hoodie', 'Track Pants', 'Blazer'],
    sizes: [],
    variants: ['Navy / M', 'Navy / L', 'Black / M', 'White / L', 'Olive / XL'],
  },
  "Women's Clothing": {
    nouns: ['Saree', 'Kurti', 'Leggings', 'Dupatta', 'Palazzo', 'Anarkali Suit', 'Tunic', 'Cardigan'],
    sizes: [],
    variants: ['Red / S', 'Red / M', 'Maroon / M', 'Teal / L', 'Yellow / S'],
  },
  Footwear: {
    nouns: ['Sneakers', 'Sandals', 'Kolhapuri Chappals', 'Loafers', 'Running Shoes', 'Flip Flops', 'Mojari'],
    sizes: [],
    variants: ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'],
  },
  Stationery: {
    nouns: ['Notebook', 'Ball Pens', 'Sketch Pens', 'Diary', 'Geometry Box', 'Highlighters', 'Sticky Notes'],
    sizes: ['pack of 5', 'A5', 'set of 12'],
  },
  'Pet Supplies': { nouns: ['Dog Food', 'Cat Food', 'Pet Shampoo', 'Chew Toy', 'Cat Litter', 'Dog Leash'], sizes: ['1 kg', '3 kg', '200 ml'] },
};
const adjectives = [
  'Organic',
  'Premium',
  'Fresh',
  'Classic',
  'Natural',
  'Roasted',
  'Spicy',
  'Sweet',
  'Crunchy',
  'Herbal',
  'Pure',
  'Golden',
  'Royal',
  'Daily',
  'Farm',
  'Handmade',
  'Homestyle',
  'Lite',
  'Rich',
  'Traditional',
  'Select',
  'Everyday',
  'Deluxe',
  'Wholesome',
  'Authentic',
  'Zesty',
  'Tangy',
  'Smooth',
  'Extra',
  'Soft',
  'Cool',
  'Mild',
  'Original',
  'Signature',
  'Artisan',
  'Country',
  'Masala',
  'Lemon',
  'Mint',
  'Sandal',
];
const syllables = [
  'ka',
  'lo',
  'ra',
  'mi',
  'ven',
  'tu',
  'sha',
  'an',
  'dor',
  'bel',
  'ni',
  'kri',
  'pa',
  'zo',
  'gal',
  'mar',
  'su',
  'thi',
  'ya',
  'ro',
  'de',
  'vi',
  'har',
  'om',
  'li',
  'ga',
  'ne',
  'sa',
  'bo',
  'tar',
];

/** A shop-like catalog: brands scale with size (about 10 products each), items have 1–3 variants. */
export function syntheticCatalog(size: number, seed = 1): { products: Product[]; categories: Category[] } {
  const r = rng(seed);
  const categories: Category[] = Object.keys(vocab).map((name, i) => ({ oId: `cat-${i}`, name, position: i, colour: '#336699', image: '' }));
  const brandCount = Math.max(30, Math.round(size / 10));
  const brands = new Set<string>();
  while (brands.size < brandCount) {
    const word = Array.from({ length: 2 + Math.floor(r() * 2) }, () => pick(r, syllables)).join('');
    brands.add(word[0]!.toUpperCase() + word.slice(1));
  }
  const brandList = [...brands];
  const products: Product[] = [];
  for (let item = 0; products.length < size; item++) {
    const category = pick(r, categories);
    const v = vocab[category.name]!;
    const adjs = r() < 0.4 ? `${pick(r, adjectives)} ${pick(r, adjectives)}` : pick(r, adjectives);
    const pack = v.sizes.length ? ` (${pick(r, v.sizes)})` : '';
    const title = `${pick(r, brandList)} ${adjs} ${pick(r, v.nouns)}${pack}`;
    const variants = v.variants ? v.variants.filter(() => r() < 0.5).slice(0, 3) : [''];
    for (const variantName of variants.length ? variants : [v.variants?.[0] ?? '']) {
      if (products.length >= size) break;
      const id = `p${products.length}`;
      products.push({
        id,
        itemId: `i${item}`,
        variantId: id,
        sku: id,
        variantName,
        title,
        description: '',
        categoryId: category.oId,
        price: { mrp: null, regular: 10 + Math.floor(r() * 990), special: null },
        images: [],
        stock: Math.floor(r() * 50),
        isFraction: false,
        type_id: v.variants ? 'configurable' : 'simple',
        errors: {},
        tags: [],
      });
    }
  }
  return { products, categories };
}

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
