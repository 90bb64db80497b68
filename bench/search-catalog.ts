import type { Category, Product } from '../src/domain/catalog.ts';

/**
 * The search bench's synthetic catalog, seeded: the same catalog on every run and machine, so
 * two runs (or two matchers) compare. Its queries are in search-queries.ts.
 */

/** mulberry32: the same catalog and queries on every run and machine. */
export function rng(seed: number): () => number {
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
export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export const vocab: Record<string, { nouns: string[]; sizes: string[]; variants?: string[] }> = {
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
export const adjectives = [
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
