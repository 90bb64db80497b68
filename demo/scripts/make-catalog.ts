/**
 * Writes demo/catalog.json, the demo shop "Kirana & Co.". Deterministic: the same
 * script always writes the same file, so the committed JSON can be checked against it.
 * Run: npx tsx demo/scripts/make-catalog.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { productTypes } from '../../src/domain/catalog.ts';
import type { z } from 'zod';
import { catalogFileSchema, type Banner, type Category } from '../../src/domain/catalog.ts';

type ProductType = (typeof productTypes)[number];
/** A product as the catalog file holds it, before its defaults. */
type ProductInput = z.input<typeof catalogFileSchema>['products'][number];
type Opt = { mrp?: number; sp?: number; kg?: boolean; tags?: string[]; type?: ProductType; img2?: boolean; step?: number };

const categories: Category[] = [
  ['fruits', 'Fresh Fruits', '#f28c38'],
  ['vegetables', 'Vegetables & Herbs', '#4f9d4a'],
  ['staples', 'Rice, Atta & Dals', '#c49a5a'],
  ['spices', 'Spices & Pickles', '#c8452f'],
  ['snacks', 'Snacks & Sweets', '#e0a21b'],
  ['beverages', 'Tea, Coffee & Drinks', '#7b4f2c'],
  ['personal-care', 'Personal Care', '#8a6cc0'],
  ['apparel', 'Clothing & Footwear', '#3d5aa8'],
  ['home', 'Home & Gifts', '#c93a6b'],
].map(([key, name, colour], position) => ({ oId: `cat-${key}`, name: name!, position, colour: colour!, image: `/media/cat-${key}.webp` }));

const skuPrefix: Record<string, string> = {
  fruits: 'FRT', vegetables: 'VEG', staples: 'STP', spices: 'SPC', snacks: 'SNX', beverages: 'BEV', 'personal-care': 'PRC', apparel: 'APP', home: 'HOM',
};

const image = (imageId: string, position: number, suffix = '') => ({
  id: `${imageId}${suffix || '-1'}`,
  position,
  thumbnail: `/media/p/${imageId}${suffix}-thumb.webp`,
  url: `/media/p/${imageId}${suffix}.webp`,
});
const images = (imageId: string, two: boolean) => (two ? [image(imageId, 0), image(imageId, 1, '-2')] : [image(imageId, 0)]);

const products: ProductInput[] = [];
let n = 0;

/** One simple (or bundle/virtual/downloadable) product. */
function P(cat: string, variantId: string, title: string, regular: number, stock: number, description: string, o: Opt = {}): void {
  n += 1;
  products.push({
    id: variantId,
    itemId: variantId,
    variantId,
    variantName: '',
    title,
    description,
    categoryId: `cat-${cat}`,
    price: { mrp: o.mrp ?? null, regular, special: o.sp ?? null },
    images: images(variantId, o.img2 ?? n % 4 === 0),
    stock,
    isFraction: o.kg ?? false,
    sku: `${skuPrefix[cat]}-${variantId.toUpperCase()}`,
    type_id: o.type ?? 'simple',
    errors: {},
    tags: o.tags ?? [],
    ...(o.step ? { weightStep: o.step } : {}),
  });
}

type Group = {
  cat: string; itemId: string; sku: string; title: string; regular: number; mrp: number | null; sp: (colour: string) => number | null;
  colours: [string, string][]; sizes: string[]; stock: number[]; tags: string[]; describe: (colour: string, size: string) => string;
  /** The item's own size guide; without one it has its category's (the shop config's catalog.sizeGuides). */
  sizeGuide?: string;
};

/** Foot length per UK size (heel to longest toe), as Indian footwear makers chart it. */
const FOOT_CM: Record<string, number> = { 'UK 6': 24.6, 'UK 7': 25.4, 'UK 8': 26.2, 'UK 9': 27.1, 'UK 10': 27.9 };
const footwearGuide = (sizes: string[]) =>
  ['Foot length, heel to longest toe:', ...sizes.map((s) => `${s}: ${FOOT_CM[s]!.toFixed(1)} cm`), 'Between two sizes, take the larger one.'].join('\n');

/** A configurable item: one product per colour × size, sharing itemId; sizes of one colour share its images. */
function G(g: Group): void {
  let i = 0;
  for (const [colour, code] of g.colours) {
    const first = `${g.itemId}-${colour.toLowerCase()}-${g.sizes[0]!.toLowerCase().replace(/\s+/g, '')}`;
    for (const size of g.sizes) {
      const sizeSlug = size.toLowerCase().replace(/\s+/g, '');
      const variantId = `${g.itemId}-${colour.toLowerCase()}-${sizeSlug}`;
      products.push({
        id: variantId, itemId: g.itemId, variantId, variantName: `${colour} / ${size}`, title: g.title,
        description: g.describe(colour, size), categoryId: `cat-${g.cat}`,
        price: { mrp: g.mrp, regular: g.regular, special: g.sp(colour) },
        images: images(first, true), stock: g.stock[i++ % g.stock.length]!, isFraction: false,
        sku: `${g.sku}-${code}-${size.replace(/\D/g, '') || size}`, type_id: 'configurable', errors: {}, tags: g.tags,
        ...(g.sizeGuide ? { sizeGuide: g.sizeGuide } : {}),
      });
    }
  }
}

// Fruits: most sold by weight (price per kg, stock in kg).
P('fruits', 'apple-shimla', 'Shimla Apples', 180, 24.5, 'Crisp, sweet-tart apples from orchards around Shimla. Sold by weight; a kilo is usually 5 to 6 apples.', { kg: true, mrp: 220, sp: 159, tags: ['bestseller'], img2: true });
P('fruits', 'banana-robusta', 'Robusta Bananas (1 dozen)', 60, 40, 'A dozen ripe Robusta bananas. They ripen fast in summer, so buy what you will eat in three days.', { tags: ['vegan'] });
P('fruits', 'mango-alphonso', 'Ratnagiri Alphonso Mangoes (box of 12)', 899, 3, 'Naturally ripened Alphonso mangoes from Ratnagiri, packed in hay. Keep the box open at room temperature and eat within a week.', { mrp: 1099, sp: 799, tags: ['bestseller', 'festive', 'gift'], img2: true });
P('fruits', 'orange-nagpur', 'Nagpur Oranges', 90, 30.25, 'Juicy, easy-peel oranges from Nagpur. Sold by weight.', { kg: true, tags: ['vegan'] });
P('fruits', 'pomegranate-bhagwa', 'Bhagwa Pomegranate', 210, 8.4, 'Deep red arils with soft seeds. Each fruit weighs around 250 to 350 g.', { kg: true, sp: 189 });
P('fruits', 'grapes-green', 'Seedless Green Grapes', 120, 0, 'Sweet Thompson seedless grapes from Nashik. Out of season right now; back in February.', { kg: true });
P('fruits', 'papaya', 'Papaya', 45, 15, 'Ready-to-eat papaya with orange flesh. One fruit is roughly a kilo.', { kg: true, tags: ['organic'] });
P('fruits', 'kiwi', 'Kiwi (pack of 3)', 99, 2, 'Imported green kiwis, firm when they arrive. Leave them with a banana for a day to soften.', { mrp: 120 });
P('fruits', 'watermelon', 'Watermelon', 28, 60, 'Kiran watermelons with red, crunchy flesh. Sold by weight; most weigh 2 to 3 kg.', { kg: true });
P('fruits', 'guava', 'Allahabad Guava', 80, 11.75, 'Pink-fleshed guavas from Prayagraj, grown without chemical sprays.', { kg: true, tags: ['organic'] });
P('fruits', 'chikoo', 'Chikoo (Sapota)', 70, 0, 'Soft, malty sapotas. Sold out today; the next lot arrives on Thursday.', { kg: true });

// Vegetables and herbs.
P('vegetables', 'tomato', 'Tomatoes', 40, 48.5, 'Firm, ripe desi tomatoes for curries and chutneys. Sold by weight.', { kg: true, sp: 32, tags: ['bestseller'] });
P('vegetables', 'onion', 'Nashik Onions', 35, 120, 'Red onions from Nashik that keep well in a dry basket for two weeks.', { kg: true, tags: ['bestseller'] });
P('vegetables', 'potato', 'Potatoes', 30, 95.5, 'All-purpose potatoes, good for sabzi, parathas and chips.', { kg: true });
P('vegetables', 'carrot-ooty', 'Ooty Carrots', 60, 18.2, 'Sweet orange carrots from the Nilgiris, grown organically.', { kg: true, tags: ['organic'], img2: true });
P('vegetables', 'green-chilli', 'Green Chillies', 80, 4.2, 'Medium-hot green chillies. Most people buy 100 to 250 g.', { kg: true });
P('vegetables', 'palak', 'Palak (Spinach) Bunch', 25, 18, 'A generous bunch of tender spinach, washed once at the farm. Use within two days.', { tags: ['organic'] });
P('vegetables', 'bhindi', 'Bhindi (Lady Finger)', 60, 7.3, 'Young, tender okra picked this morning.', { kg: true, sp: 52 });
P('vegetables', 'cauliflower', 'Cauliflower', 40, 0, 'Tight white heads with fresh leaves. Sold out for today.', {});
P('vegetables', 'lemon', 'Lemons (pack of 6)', 30, 22, 'Thin-skinned, juicy lemons for nimbu pani and dal.', { tags: ['vegan'] });
P('vegetables', 'ginger', 'Fresh Ginger', 160, 2.5, 'Fibre-light ginger from Kerala. Store it in the fridge, unwashed.', { kg: true, step: 0.1 });
P('vegetables', 'coriander', 'Coriander Bunch', 15, 1, 'Fragrant coriander with the roots on, which keeps it fresh longer.', { tags: ['organic'] });
P('vegetables', 'brinjal', 'Brinjal (Baingan)', 50, 9.6, 'Glossy purple brinjals, good for bharta and curries.', { kg: true });
P('vegetables', 'cucumber', 'Cucumber', 40, 14, 'Crunchy, cool cucumbers for salads and raita.', { kg: true, sp: 34 });
P('vegetables', 'capsicum-green', 'Green Capsicum', 80, 6.75, 'Thick-walled green capsicums. Sold by weight.', { kg: true });

// Staples.
P('staples', 'rice-sona-masoori', 'Sona Masoori Rice', 68, 250, 'Light, aromatic everyday rice from Andhra Pradesh, aged for a year. Sold loose by the kilo.', { kg: true, tags: ['bestseller'], step: 0.5 });
P('staples', 'rice-basmati', 'Aged Basmati Rice', 140, 180.5, 'Long-grain basmati aged for two years; grains stay separate after cooking. Sold loose by the kilo.', { kg: true, mrp: 160, sp: 125, tags: ['bestseller', 'festive'], img2: true });
P('staples', 'rice-brown', 'Organic Brown Rice', 110, 2.8, 'Unpolished, certified organic rice. Soak for 30 minutes before cooking.', { kg: true, tags: ['organic', 'vegan'] });
P('staples', 'atta-5kg', 'Chakki Whole Wheat Atta (5 kg)', 265, 34, 'Stone-ground whole wheat flour from MP Sharbati wheat. Makes soft rotis.', { mrp: 299, sp: 245, tags: ['bestseller'] });
P('staples', 'toor-dal', 'Toor Dal', 165, 64.25, 'Unpolished arhar dal that cooks quickly and tastes nutty. Sold loose by the kilo.', { kg: true, tags: ['organic'] });
P('staples', 'moong-dal', 'Yellow Moong Dal', 140, 40, 'Split, skinned moong dal. Good for khichdi and everyday dal.', { kg: true, sp: 129 });
P('staples', 'chana-dal', 'Chana Dal (1 kg)', 98, 26, 'Clean, sorted chana dal in a resealable pack.', {});
P('staples', 'rajma', 'Kashmiri Rajma (500 g)', 110, 0, 'Small, dark red kidney beans from Kashmir that cook creamy. Back in stock next week.', { tags: ['organic'] });
P('staples', 'poha', 'Thick Poha (500 g)', 45, 52, 'Thick flattened rice that holds its shape in kanda poha.', {});
P('staples', 'sugar', 'Sugar', 48, 90, 'Fine white sulphur-free sugar. Sold loose by the kilo.', { kg: true });
P('staples', 'jaggery', 'Organic Jaggery (1 kg)', 90, 15, 'Chemical-free jaggery blocks from Kolhapur. Darker blocks are sweeter.', { tags: ['organic', 'vegan'] });
P('staples', 'besan', 'Besan (1 kg)', 110, 3, 'Fine gram flour for pakoras, cheela and laddoos.', { mrp: 125 });
P('staples', 'groundnut-oil', 'Cold-Pressed Groundnut Oil (1 L)', 260, 20, 'Wood-pressed (ghani) groundnut oil, unrefined and unbleached.', { mrp: 290, tags: ['vegan'] });
P('staples', 'mustard-oil', 'Kachi Ghani Mustard Oil (1 L)', 190, 25, 'Pungent first-press mustard oil, the way it is used in Bengal and Punjab.', { sp: 175, tags: ['vegan'] });
P('staples', 'cow-ghee', 'Desi Cow Ghee (500 ml)', 420, 12, 'Made by the bilona method from cultured curd. Grainy texture, rich aroma.', { mrp: 475, sp: 389, tags: ['festive', 'bestseller'], img2: true });

// Spices and pickles.
P('spices', 'turmeric', 'Lakadong Turmeric Powder (200 g)', 120, 40, 'High-curcumin turmeric from Meghalaya. A little goes a long way.', { tags: ['organic'] });
P('spices', 'kashmiri-chilli', 'Kashmiri Chilli Powder (100 g)', 65, 33, 'Bright red colour with mild heat.', {});
P('spices', 'garam-masala', 'House Garam Masala (100 g)', 85, 28, 'Roasted and ground in small batches every fortnight. Add at the end of cooking.', { sp: 75, tags: ['bestseller'] });
P('spices', 'jeera', 'Cumin Seeds (200 g)', 110, 45, 'Bold, clean cumin seeds from Unjha.', {});
P('spices', 'saffron', 'Kashmiri Kesar (1 g)', 320, 3, 'Pure Mongra saffron threads from Pampore. Soak a few strands in warm milk before use.', { mrp: 380, tags: ['gift', 'festive'] });
P('spices', 'hing', 'Compounded Hing (50 g)', 95, 19, 'Strong asafoetida. It contains wheat flour, so it is not gluten-free.', {});
P('spices', 'elaichi', 'Green Cardamom (50 g)', 160, 22, 'Bold 8 mm green cardamom pods from Idukki.', { sp: 145, tags: ['festive'] });
P('spices', 'black-pepper', 'Malabar Black Pepper (100 g)', 120, 1, 'Whole Tellicherry pepper. Grind it just before use.', { tags: ['organic'] });
P('spices', 'spice-tin', 'Masala Dabba Spice Tin', 499, 9, 'A steel masala dabba with seven small bowls, filled with our everyday spices.', { mrp: 650, sp: 449, tags: ['gift', 'festive'], img2: true });
P('spices', 'mango-pickle', 'Andhra Avakaya Mango Pickle (500 g)', 180, 14, 'Raw mango pickled in sesame oil, mustard and chilli. Hot.', { tags: ['vegan'] });
P('spices', 'lime-pickle', 'Sweet Lime Pickle (400 g)', 150, 0, 'Sun-cured lime pickle with jaggery. Waiting for a new batch.', {});

// Snacks and sweets.
P('snacks', 'aloo-bhujia', 'Bikaneri Aloo Bhujia (400 g)', 110, 30, 'Crisp potato and besan sev with black pepper.', { tags: ['bestseller'] });
P('snacks', 'banana-chips', 'Kerala Banana Chips (200 g)', 70, 26, 'Fried in coconut oil, lightly salted.', { tags: ['vegan'] });
P('snacks', 'kaju-katli', 'Kaju Katli (250 g)', 390, 8, 'Cashew fudge with silver varq, made without colours. Best within 10 days.', { mrp: 450, sp: 349, tags: ['festive', 'gift', 'bestseller'], img2: true });
P('snacks', 'soan-papdi', 'Soan Papdi (500 g)', 160, 20, 'Flaky gram flour sweet with pistachio. Keeps for two months.', { tags: ['festive'] });
P('snacks', 'makhana', 'Roasted Peri-Peri Makhana (100 g)', 149, 17, 'Fox nuts roasted in a little olive oil with peri-peri seasoning.', { sp: 129, tags: ['vegan', 'new'] });
P('snacks', 'rusk', 'Elaichi Rusk (300 g)', 55, 40, 'Twice-baked cardamom rusks for dunking in chai.', {});
P('snacks', 'chakli', 'Rice Chakli (200 g)', 80, 0, 'Crunchy spirals of rice flour and sesame. Sold out.', {});
P('snacks', 'gulab-jamun', 'Gulab Jamun Tin (1 kg)', 260, 11, 'Soft gulab jamuns in light syrup. Warm the tin in hot water before serving.', { tags: ['festive'] });
P('snacks', 'dark-chocolate', 'Bean-to-Bar Dark Chocolate 70% (75 g)', 250, 2, 'Single-origin cacao from Idukki, made in Kerala. Dairy-free.', { tags: ['vegan', 'new', 'gift'] });

// Tea, coffee and drinks.
P('beverages', 'assam-ctc', 'Assam CTC Tea (500 g)', 260, 36, 'Strong, malty granules that stand up to milk and sugar.', { mrp: 280, tags: ['bestseller'] });
P('beverages', 'darjeeling', 'Darjeeling First Flush (100 g)', 450, 6, 'Light, floral spring tea from a single estate. Brew at 85 °C for three minutes, no milk.', { mrp: 520, sp: 399, tags: ['gift', 'new'], img2: true });
P('beverages', 'masala-chai', 'Masala Chai Premix (250 g)', 180, 24, 'Tea, sugar, milk powder and spices. Just add hot water.', {});
P('beverages', 'chai-sample', 'Free Sample: Masala Chai Premix (10 g)', 0, 50, 'One sachet to try before buying the full pack. Limited to one per order.', { tags: ['new'] });
P('beverages', 'filter-coffee', 'South Indian Filter Coffee (500 g)', 290, 3, '80:20 coffee and chicory, ground for a steel filter.', { sp: 259, tags: ['bestseller'] });
P('beverages', 'instant-coffee', 'Instant Coffee (100 g jar)', 310, 15, 'Freeze-dried instant coffee made from Chikmagalur beans.', { mrp: 340 });
P('beverages', 'coconut-water', 'Tender Coconut Water (1 L)', 120, 18, 'Unsweetened coconut water, chilled. Drink within two days of opening.', { tags: ['vegan'] });
P('beverages', 'mango-juice', 'Alphonso Mango Drink (1 L)', 110, 0, 'Thick mango drink with 40% pulp and added sugar.', {});
P('beverages', 'rose-sharbat', 'Rose Sharbat (750 ml)', 160, 14, 'Rose syrup to mix with cold milk or water. One part syrup to five parts water.', { sp: 140, tags: ['festive'] });
P('beverages', 'green-tea', 'Tulsi Green Tea (25 bags)', 150, 27, 'Green tea with holy basil. Caffeine is lower than black tea.', { tags: ['organic', 'vegan'] });

// Personal care.
P('personal-care', 'neem-soap', 'Neem & Tulsi Soap (pack of 4)', 140, 30, 'Handmade cold-process soaps with neem oil. Mildly medicinal smell.', { tags: ['vegan'] });
P('personal-care', 'sandal-soap', 'Mysore Sandal Soap (125 g)', 85, 50, 'The classic sandalwood oil soap.', { sp: 79 });
P('personal-care', 'herbal-shampoo', 'Shikakai Herbal Shampoo (340 ml)', 220, 13, 'Sulphate-free shampoo with shikakai and reetha. It lathers less than you may be used to.', { mrp: 260, sp: 189, tags: ['new'] });
P('personal-care', 'coconut-oil', 'Virgin Coconut Hair Oil (500 ml)', 199, 21, 'Cold-pressed virgin coconut oil. It solidifies below 24 °C; warm the bottle to use.', { tags: ['organic', 'vegan'] });
P('personal-care', 'aloe-gel', 'Aloe Vera Gel (150 g)', 175, 2, 'Soothing gel with 95% aloe vera, no added colour.', { tags: ['vegan'] });
P('personal-care', 'herbal-toothpaste', 'Clove Herbal Toothpaste (150 g)', 95, 44, 'Fluoride toothpaste with clove oil and neem.', {});
P('personal-care', 'rose-water', 'Kannauj Rose Water (200 ml)', 90, 0, 'Steam-distilled rose water from Kannauj. Use as a toner.', {});
P('personal-care', 'bamboo-brush', 'Bamboo Toothbrush (pack of 4)', 199, 16, 'Compostable bamboo handles with soft bristles.', { mrp: 249, tags: ['vegan', 'new'] });
P('personal-care', 'ubtan', 'Haldi Chandan Ubtan (100 g)', 150, 9, 'Gram flour, turmeric and sandalwood face pack. Mix with milk or rose water.', { tags: ['organic', 'festive'] });

// Clothing and footwear: configurable items.
G({
  cat: 'apparel', itemId: 'tsh-crew', sku: 'TSH', title: 'Classic Cotton Crew T-shirt', regular: 499, mrp: 699, sp: (c) => (c === 'Red' ? 449 : null),
  colours: [['Red', 'RED'], ['Navy', 'NVY'], ['White', 'WHT']], sizes: ['S', 'M', 'L'], stock: [12, 20, 0, 8, 3, 15, 25, 1, 9], tags: ['bestseller'],
  describe: (c, s) => `${c} crew-neck T-shirt in 180 GSM combed cotton, pre-shrunk. Regular fit; size ${s} fits a ${{ S: '36–38', M: '38–40', L: '40–42' }[s]} inch chest.`,
});
G({
  cat: 'apparel', itemId: 'kurta-handloom', sku: 'KRT', title: 'Handloom Cotton Kurta', regular: 1299, mrp: 1599, sp: (c) => (c === 'Mustard' ? 1099 : null),
  colours: [['Indigo', 'IND'], ['Mustard', 'MUS']], sizes: ['M', 'L', 'XL'], stock: [6, 4, 2, 0, 7, 5], tags: ['festive', 'new'],
  describe: (c, s) => `${c} straight kurta woven on handlooms in Pochampally. Hand-wash separately; the colour may bleed in the first wash. Size ${s}.`,
});
G({
  cat: 'apparel', itemId: 'snk-canvas', sku: 'SNK', title: 'Everyday Canvas Sneakers', regular: 1499, mrp: null, sp: () => null,
  colours: [['White', 'WHT'], ['Black', 'BLK']], sizes: ['UK 7', 'UK 8', 'UK 9', 'UK 10'], stock: [5, 9, 3, 0, 4, 6, 2, 1], tags: ['new'],
  describe: (c, s) => `${c} low-top canvas sneakers with a vulcanised rubber sole. They run true to size; this is ${s}.`,
  sizeGuide: footwearGuide(['UK 7', 'UK 8', 'UK 9', 'UK 10']),
});
G({
  cat: 'apparel', itemId: 'kolhapuri', sku: 'KLP', title: 'Handmade Kolhapuri Chappals', regular: 899, mrp: 1099, sp: () => 799,
  colours: [['Tan', 'TAN']], sizes: ['UK 6', 'UK 7', 'UK 8', 'UK 9'], stock: [3, 7, 10, 0], tags: ['festive', 'gift'],
  describe: (_c, s) => `Vegetable-tanned leather chappals stitched by hand in Kolhapur. Stiff for the first week, then soft. Size ${s}.`,
  sizeGuide: footwearGuide(['UK 6', 'UK 7', 'UK 8', 'UK 9']),
});

// Home and gifts, including the bundle, virtual and downloadable items.
P('home', 'diwali-hamper', 'Diwali Dry Fruit Hamper', 1499, 7, 'A wicker basket with cashews, almonds, raisins, kaju katli and two brass diyas. Packed on the day it ships.', { type: 'bundle', mrp: 1799, sp: 1299, tags: ['festive', 'gift', 'bestseller'], img2: true });
P('home', 'breakfast-combo', 'Breakfast Essentials Combo', 349, 12, 'Thick poha, Assam CTC tea and elaichi rusk together, a little cheaper than buying them one by one.', { type: 'bundle', mrp: 390 });
P('home', 'gift-wrap', 'Gift Wrapping Service', 49, 999, 'We wrap your order in handmade paper with a jute ribbon and a handwritten note. Nothing is shipped for this item itself.', { type: 'virtual', tags: ['gift'] });
P('home', 'gift-card-1000', 'Kirana & Co. E-Gift Card (₹1000)', 1000, 999, 'Sent by email with your message. Valid for one year on anything in the shop.', { type: 'virtual', tags: ['gift', 'festive'] });
P('home', 'recipe-ebook', 'Everyday Dal & Sabzi Recipes (e-book)', 199, 999, '50 tested home recipes from our kitchen, as a PDF you can download right after payment.', { type: 'downloadable', mrp: 299, sp: 149, tags: ['new'] });
P('home', 'brass-diya', 'Brass Diya Set (pack of 4)', 399, 10, 'Hand-cast brass diyas that can be polished with tamarind and reused every year.', { tags: ['festive', 'gift'], img2: true });
P('home', 'jute-bag', 'Jute Shopping Bag', 149, 40, 'A sturdy jute tote that carries 10 kg of groceries.', { tags: ['vegan'] });
P('home', 'steel-tiffin', 'Steel Tiffin (3 tier)', 450, 2, 'Food-grade stainless steel lunch box with a clip lock. It is not leak-proof for thin dal.', { mrp: 520 });
P('home', 'copper-bottle', 'Copper Water Bottle (1 L)', 899, 6, 'Pure copper bottle with a lacquer-free inside. Clean with lemon and salt once a week.', { mrp: 1199, sp: 749, tags: ['gift'] });

type BannerRow = Omit<Banner, 'image'>;
const bannerRows: BannerRow[] = [
  { id: 'hero-fresh', kind: 'hero', position: 0, title: 'Fresh from the mandi, every morning', subtitle: 'Fruits and vegetables picked up at 5 am and at your door by noon.', buttonText: 'Shop fresh', background: '#fff1df', link: { type: 'categories', value: ['cat-fruits', 'cat-vegetables'] } },
  { id: 'hero-festive', kind: 'hero', position: 1, title: 'Festive gifting, sorted', subtitle: 'Hampers, sweets and brass diyas, gift-wrapped on request.', buttonText: 'Explore gifts', background: '#fde4ec', link: { type: 'tags', value: ['festive'] } },
  { id: 'slider-organic', kind: 'slider', position: 0, title: 'Organic staples', subtitle: 'Certified organic rice, dals and jaggery.', buttonText: 'Browse organic', background: '#f3ead8', link: { type: 'tags', value: ['organic'] } },
  { id: 'slider-tees', kind: 'slider', position: 1, title: 'Cotton tees from ₹449', subtitle: 'Pre-shrunk 180 GSM cotton in three colours.', buttonText: 'Shop clothing', background: '#e4e9f7', link: { type: 'categories', value: ['cat-apparel'] } },
  { id: 'slider-cooking', kind: 'slider', position: 2, title: 'Cooking class this Sunday', subtitle: 'Learn South Indian breakfasts in our shop kitchen; recipes to take home.', buttonText: 'Book a seat', background: '#fff6d6', link: { type: 'url', urlValue: 'https://example.com/cooking-class' } },
  { id: 'slider-chai', kind: 'slider', position: 3, title: 'Chai time', subtitle: 'Assam, Darjeeling and filter coffee, freshly packed.', buttonText: 'Shop tea & coffee', background: '#f2e6dc', link: { type: 'categories', value: ['cat-beverages'] } },
];
const banners: Banner[] = bannerRows.map((b) => ({ ...b, image: { mobile: `/media/banner-${b.id}-m.webp`, desktop: `/media/banner-${b.id}-d.webp` } }));

export const catalog = { categories, products, banners };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const parsed = catalogFileSchema.parse(catalog);
  const out = fileURLToPath(new URL('../catalog.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify(catalog, null, 2)}\n`);
  console.log(`wrote ${out}: ${parsed.products.length} products, ${parsed.categories.length} categories, ${parsed.banners.length} banners`);
}
