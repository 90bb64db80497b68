import Fuse from 'fuse.js';
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Category, Product } from '../src/domain/catalog.ts';
import { createSearchIndex } from '../src/domain/search.ts';
import type { Row } from './support.ts';

/**
 * Search at 1k, 10k and 100k products (docs/architecture.md budget): our prefix index +
 * uFuzzy against Fuse.js on the same typo queries. Recall@10 is the share of queries whose
 * source product is in the top 10; many products share words, so neither engine can reach
 * 100 % on one-word queries, and the comparison is what matters.
 */

const SIZES = [1_000, 10_000, 100_000] as const;
const QUERIES = 200;
const LIMIT = 10;
/** Fuse.js takes about a second per query at 100k: it gets the queries that fit this budget, at least FUSE_MIN. */
const FUSE_BUDGET_MS = 8_000;
const FUSE_MIN = 20;
const TARGET_P95_MS: Record<number, number> = { 10_000: 2, 100_000: 16 };

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
type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const vocab: Record<string, { nouns: string[]; sizes: string[]; variants?: string[] }> = {
  'Fresh Fruits': { nouns: ['Apples', 'Bananas', 'Mangoes', 'Oranges', 'Pomegranate', 'Grapes', 'Papaya', 'Guava', 'Pineapple', 'Watermelon'], sizes: ['1 kg', '500 g', '6 pcs', '1 dozen'] },
  Vegetables: { nouns: ['Tomatoes', 'Onions', 'Potatoes', 'Carrots', 'Cauliflower', 'Cabbage', 'Spinach', 'Brinjal', 'Capsicum', 'Cucumber', 'Beetroot'], sizes: ['1 kg', '500 g', '250 g'] },
  'Dairy & Eggs': { nouns: ['Milk', 'Curd', 'Paneer', 'Butter', 'Cheese Slices', 'Ghee', 'Eggs', 'Buttermilk', 'Yoghurt'], sizes: ['500 ml', '1 L', '200 g', '12 pcs'] },
  Bakery: { nouns: ['Bread', 'Buns', 'Croissant', 'Cookies', 'Muffins', 'Rusk', 'Cake', 'Baguette'], sizes: ['400 g', '200 g', '6 pcs'] },
  'Rice & Grains': { nouns: ['Basmati Rice', 'Brown Rice', 'Sona Masoori Rice', 'Quinoa', 'Oats', 'Millet', 'Poha', 'Semolina'], sizes: ['1 kg', '5 kg', '10 kg'] },
  'Pulses & Dals': { nouns: ['Toor Dal', 'Moong Dal', 'Chana Dal', 'Urad Dal', 'Masoor Dal', 'Rajma', 'Kabuli Chana', 'Lobia'], sizes: ['500 g', '1 kg', '2 kg'] },
  'Spices & Masalas': { nouns: ['Turmeric Powder', 'Chilli Powder', 'Garam Masala', 'Cumin Seeds', 'Coriander Powder', 'Black Pepper', 'Cardamom', 'Cinnamon', 'Cloves', 'Saffron'], sizes: ['50 g', '100 g', '200 g'] },
  'Edible Oils': { nouns: ['Sunflower Oil', 'Mustard Oil', 'Groundnut Oil', 'Olive Oil', 'Coconut Oil', 'Sesame Oil', 'Rice Bran Oil'], sizes: ['1 L', '5 L', '500 ml'] },
  Snacks: { nouns: ['Potato Chips', 'Namkeen', 'Bhujia', 'Nachos', 'Popcorn', 'Makhana', 'Peanuts', 'Trail Mix', 'Crackers'], sizes: ['100 g', '200 g', '400 g'] },
  Sweets: { nouns: ['Kaju Katli', 'Gulab Jamun', 'Rasgulla', 'Soan Papdi', 'Ladoo', 'Barfi', 'Chocolate Bar', 'Toffees'], sizes: ['250 g', '500 g', '1 kg'] },
  Tea: { nouns: ['Green Tea', 'Masala Chai', 'Darjeeling Tea', 'Assam Tea', 'Chamomile Tea', 'Lemon Tea', 'Oolong Tea'], sizes: ['100 g', '250 g', '25 bags'] },
  Coffee: { nouns: ['Filter Coffee', 'Instant Coffee', 'Espresso Beans', 'Cold Brew', 'Coffee Powder', 'Cappuccino Mix'], sizes: ['100 g', '250 g', '500 g'] },
  Juices: { nouns: ['Orange Juice', 'Mango Drink', 'Apple Juice', 'Mixed Fruit Juice', 'Coconut Water', 'Lemonade', 'Guava Nectar'], sizes: ['200 ml', '1 L'] },
  'Soft Drinks': { nouns: ['Cola', 'Soda', 'Tonic Water', 'Ginger Ale', 'Energy Drink', 'Iced Tea'], sizes: ['330 ml', '750 ml', '2 L'] },
  'Breakfast Cereals': { nouns: ['Corn Flakes', 'Muesli', 'Granola', 'Oat Porridge', 'Choco Flakes', 'Wheat Flakes'], sizes: ['500 g', '1 kg'] },
  'Frozen Foods': { nouns: ['Frozen Peas', 'French Fries', 'Veg Nuggets', 'Ice Cream', 'Frozen Paratha', 'Momos', 'Pizza Base'], sizes: ['400 g', '1 kg', '500 ml'] },
  'Meat & Fish': { nouns: ['Chicken Breast', 'Mutton Curry Cut', 'Prawns', 'Salmon Fillet', 'Fish Curry Cut', 'Chicken Sausages'], sizes: ['500 g', '1 kg', '250 g'] },
  'Personal Care': { nouns: ['Bath Soap', 'Body Wash', 'Hand Wash', 'Deodorant', 'Talcum Powder', 'Shaving Cream', 'Lip Balm'], sizes: ['125 g', '250 ml', '150 ml'] },
  'Hair Care': { nouns: ['Shampoo', 'Conditioner', 'Hair Oil', 'Hair Serum', 'Hair Mask', 'Hair Gel'], sizes: ['180 ml', '340 ml', '100 ml'] },
  'Skin Care': { nouns: ['Face Wash', 'Moisturiser', 'Sunscreen', 'Face Cream', 'Aloe Vera Gel', 'Body Lotion', 'Face Serum'], sizes: ['50 g', '100 ml', '200 ml'] },
  'Oral Care': { nouns: ['Toothpaste', 'Toothbrush', 'Mouthwash', 'Dental Floss', 'Tongue Cleaner'], sizes: ['150 g', '250 ml', 'pack of 4'] },
  'Baby Care': { nouns: ['Baby Wipes', 'Diapers', 'Baby Lotion', 'Baby Shampoo', 'Baby Powder', 'Baby Oil'], sizes: ['72 pcs', '200 ml', 'pack of 30'] },
  'Household Cleaning': { nouns: ['Floor Cleaner', 'Dishwash Liquid', 'Toilet Cleaner', 'Glass Cleaner', 'Scrub Pad', 'Garbage Bags', 'Air Freshener'], sizes: ['500 ml', '1 L', 'pack of 3'] },
  Laundry: { nouns: ['Detergent Powder', 'Liquid Detergent', 'Fabric Softener', 'Stain Remover', 'Detergent Bar'], sizes: ['1 kg', '2 L', '500 g'] },
  Kitchenware: { nouns: ['Pressure Cooker', 'Frying Pan', 'Steel Tiffin', 'Water Bottle', 'Knife Set', 'Chopping Board', 'Casserole', 'Kadai'], sizes: ['3 L', '1 L', 'set of 3'], variants: ['Steel', 'Copper', 'Black', 'Red'] },
  'Home Decor': { nouns: ['Brass Diya', 'Cushion Cover', 'Wall Clock', 'Photo Frame', 'Table Lamp', 'Scented Candle', 'Flower Vase'], sizes: ['pack of 2', 'set of 4', 'large'], variants: ['Gold', 'Blue', 'White', 'Green'] },
  "Men's Clothing": { nouns: ['Cotton Shirt', 'Kurta', 'Chinos', 'Jeans', 'Polo T-shirt', 'Hoodie', 'Track Pants', 'Blazer'], sizes: [], variants: ['Navy / M', 'Navy / L', 'Black / M', 'White / L', 'Olive / XL'] },
  "Women's Clothing": { nouns: ['Saree', 'Kurti', 'Leggings', 'Dupatta', 'Palazzo', 'Anarkali Suit', 'Tunic', 'Cardigan'], sizes: [], variants: ['Red / S', 'Red / M', 'Maroon / M', 'Teal / L', 'Yellow / S'] },
  Footwear: { nouns: ['Sneakers', 'Sandals', 'Kolhapuri Chappals', 'Loafers', 'Running Shoes', 'Flip Flops', 'Mojari'], sizes: [], variants: ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'] },
  Stationery: { nouns: ['Notebook', 'Ball Pens', 'Sketch Pens', 'Diary', 'Geometry Box', 'Highlighters', 'Sticky Notes'], sizes: ['pack of 5', 'A5', 'set of 12'] },
  'Pet Supplies': { nouns: ['Dog Food', 'Cat Food', 'Pet Shampoo', 'Chew Toy', 'Cat Litter', 'Dog Leash'], sizes: ['1 kg', '3 kg', '200 ml'] },
};
const adjectives = ['Organic', 'Premium', 'Fresh', 'Classic', 'Natural', 'Roasted', 'Spicy', 'Sweet', 'Crunchy', 'Herbal', 'Pure', 'Golden', 'Royal', 'Daily', 'Farm', 'Handmade', 'Homestyle', 'Lite', 'Rich', 'Traditional', 'Select', 'Everyday', 'Deluxe', 'Wholesome', 'Authentic', 'Zesty', 'Tangy', 'Smooth', 'Extra', 'Soft', 'Cool', 'Mild', 'Original', 'Signature', 'Artisan', 'Country', 'Masala', 'Lemon', 'Mint', 'Sandal'];
const syllables = ['ka', 'lo', 'ra', 'mi', 'ven', 'tu', 'sha', 'an', 'dor', 'bel', 'ni', 'kri', 'pa', 'zo', 'gal', 'mar', 'su', 'thi', 'ya', 'ro', 'de', 'vi', 'har', 'om', 'li', 'ga', 'ne', 'sa', 'bo', 'tar'];

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
        id, itemId: `i${item}`, variantId: id, sku: id, variantName, title, description: '', categoryId: category.oId,
        price: { mrp: null, regular: 10 + Math.floor(r() * 990), special: null }, images: [], stock: Math.floor(r() * 50),
        isFraction: false, type_id: v.variants ? 'configurable' : 'simple', errors: {}, tags: [],
      });
    }
  }
  return { products, categories };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One insertion, deletion, substitution or transposition, somewhere in the word. */
function typo(r: Rand, word: string): string {
  const at = Math.floor(r() * word.length);
  const letter = () => pick(r, [...LETTERS]);
  switch (Math.floor(r() * 4)) {
    case 0: return word.slice(0, at) + letter() + word.slice(at);
    case 1: return word.slice(0, at) + word.slice(at + 1);
    case 2: {
      let c = letter();
      while (c === word[at]?.toLowerCase()) c = letter();
      return word.slice(0, at) + c + word.slice(at + 1);
    }
    default: {
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** 1–2 title words of a random product, in title order, one of them (4+ letters) with a typo. */
export function typoQueries(products: readonly Product[], count: number, seed = 2): { query: string; target: number }[] {
  const r = rng(seed);
  const out: { query: string; target: number }[] = [];
  while (out.length < count) {
    const target = Math.floor(r() * products.length);
    const words = products[target]!.title.replace(/\(.*\)/, '').split(/[^A-Za-z-]+/).filter(Boolean);
    const first = Math.floor(r() * words.length);
    const positions = r() < 0.5 || words.length < 2 ? [first] : [first, (first + 1 + Math.floor(r() * (words.length - 1))) % words.length].sort((a, b) => a - b);
    const chosen = positions.map((p) => words[p]!);
    const long = chosen.map((w, i) => (w.length >= 4 ? i : -1)).filter((i) => i >= 0);
    if (long.length === 0) continue;
    const k = pick(r, long);
    chosen[k] = typo(r, chosen[k]!);
    out.push({ query: chosen.join(' '), target });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Measured = { buildMs: number; p50: number; p95: number; cpuP95: number | null; preempted: number; hits: boolean[] };

/**
 * Nanoseconds this thread has run on a CPU (Linux), or null elsewhere. Other sessions share
 * this machine: a query the scheduler pauses for another process takes its whole slice on
 * the wall clock, while this counts only our own work (regex compiles and GC included).
 */
function threadCpuNs(): bigint | null {
  try {
    return BigInt(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]!);
  } catch {
    return null;
  }
}

/** A full collection between phases, so one engine's garbage is not collected on the other's clock. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Warm-up uses other queries: V8 caches compiled regular expressions by source, so a repeat would flatter uFuzzy. */
function measure(build: () => (q: string) => number[], queries: { query: string; target: number }[], warmup: string[]): Measured {
  collectGarbage();
  const t0 = process.hrtime.bigint();
  const run = build();
  const buildMs = Number(process.hrtime.bigint() - t0) / 1e6;
  for (const query of warmup) run(query);
  const times: number[] = [];
  const cpu: number[] = [];
  let preempted = 0;
  const hits = queries.map(({ query, target }) => {
    const switches = process.resourceUsage().involuntaryContextSwitches;
    const c = threadCpuNs();
    const t = process.hrtime.bigint();
    const found = run(query);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    const c2 = threadCpuNs();
    if (c !== null && c2 !== null) cpu.push(Number(c2 - c) / 1e6);
    if (process.resourceUsage().involuntaryContextSwitches > switches) preempted++;
    return found.includes(target);
  });
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const cpuP95 = cpu.length === times.length ? percentile(cpu, 95) : null;
  return { buildMs, p50: percentile(times, 50), p95: percentile(times, 95), cpuP95, preempted, hits };
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const pct = (hits: boolean[]) => (hits.filter(Boolean).length / hits.length) * 100;
const label = (n: number) => `${n / 1000}k`;

function oursFor(products: Product[], categories: Category[]): () => (q: string) => number[] {
  const position = new Map(products.map((p, i) => [p, i]));
  return () => {
    const index = createSearchIndex(products, categories);
    return (q) => index.search(q, { limit: LIMIT }).products.map((p) => position.get(p)!);
  };
}

function fuseFor(products: Product[], categories: Category[]): () => (q: string) => number[] {
  const names = new Map(categories.map((c) => [c.oId, c.name]));
  const docs = products.map((p) => ({ ...p, categoryName: names.get(p.categoryId) ?? 'Unnamed' }));
  return () => {
    const fuse = new Fuse(docs, { keys: ['title', 'variantName', 'categoryName'], threshold: 0.4, ignoreLocation: true });
    return (q) => fuse.search(q, { limit: LIMIT }).map((x) => x.refIndex);
  };
}

export async function searchBench(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of SIZES) {
    const { products, categories } = syntheticCatalog(size);
    const queries = typoQueries(products, QUERIES);
    const warmup = typoQueries(products, 30, 3).map((q) => q.query);
    const ours = measure(oursFor(products, categories), queries, warmup);
    // three timed Fuse queries decide how many fit the time budget
    const probe = measure(fuseFor(products, categories), queries.slice(0, 3), warmup.slice(0, 1));
    const fuseCount = Math.max(FUSE_MIN, Math.min(QUERIES, Math.floor(FUSE_BUDGET_MS / probe.p95)));
    const fuseAll = fuseCount === QUERIES;
    const fuseQueries = queries.slice(0, fuseCount);
    const fuse = measure(fuseFor(products, categories), fuseQueries, warmup.slice(0, fuseAll ? 5 : 1));
    const oursSame = pct(ours.hits.slice(0, fuseQueries.length));
    const fuseRecall = pct(fuse.hits);
    const target = TARGET_P95_MS[size];
    // the verdict reads our thread's CPU time when the OS reports it: the wall clock also counts other sessions' work
    const judged = ours.cpuP95 ?? ours.p95;
    const cpuText = ours.cpuP95 === null ? '' : `, CPU p95 ${ms(ours.cpuP95)} ms`;
    console.log(`  search ${label(size)}: ours p95 ${ms(ours.p95)} ms${cpuText}, Fuse.js p95 ${ms(fuse.p95)} ms; recall ${pct(ours.hits).toFixed(0)} % vs ${fuseRecall.toFixed(0)} %`);
    rows.push(
      {
        name: `search ${label(size)}: ours`,
        figure: `p95 ${ms(ours.p95)} ms${cpuText}, p50 ${ms(ours.p50)} ms, build ${ms(ours.buildMs)} ms`,
        ...(target ? { target: `p95 ≤ ${target} ms`, ok: judged <= target } : {}),
        note: `${QUERIES} one-typo queries; ${ours.preempted} preempted by other processes${ours.cpuP95 === null ? '' : '; verdict on CPU time'}`,
      },
      {
        name: `search ${label(size)}: Fuse.js`,
        figure: `p95 ${ms(fuse.p95)} ms, p50 ${ms(fuse.p50)} ms, build ${ms(fuse.buildMs)} ms`,
        note: fuseAll ? `${QUERIES} queries` : `too slow for ${QUERIES}: timed on the first ${fuseCount} queries`,
      },
      {
        name: `search ${label(size)}: recall@10`,
        figure: `ours ${oursSame.toFixed(0)} %, Fuse.js ${fuseRecall.toFixed(0)} %`,
        target: 'ours ≥ Fuse.js',
        ok: oursSame >= fuseRecall,
        note: fuseAll ? 'same queries' : `on Fuse's ${fuseCount}; ours on all ${QUERIES}: ${pct(ours.hits).toFixed(0)} %`,
      },
    );
  }
  return rows;
}
