/**
 * Draws every image the demo catalog and shop config reference under /media/ and writes
 * them to outDir (default demo/media). No network: each image is an SVG rasterised by sharp.
 * Usage: npx tsx scripts/generate-demo-media.ts [outDir] [--if-missing]
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { catalogFileSchema, completeProduct, type Banner, type Category, type Product } from '../src/domain/catalog.ts';
import { validateShopConfig } from '../src/domain/shop-config.ts';
import { drawArt, zoomFor } from './demo-art.ts';
import { DEFS, dark, light, mix, place, rngFor, type Art, type Kind, type Rng } from './demo-art-kit.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const colourWords: Record<string, string> = {
  red: '#c62f37',
  navy: '#22325c',
  white: '#f3f3ef',
  black: '#2b2b2e',
  indigo: '#2f4482',
  mustard: '#d39b1d',
  tan: '#b0703c',
  olive: '#6b7a3a',
  maroon: '#7a1f2b',
  grey: '#8a8d91',
  green: '#2f7d4a',
  blue: '#2a6fbf',
  yellow: '#f1c232',
  pink: '#e88fb0',
};
const packs = ['#f4ead5', '#2f5d3a', '#7a1f2b', '#1f3a5f', '#d9a21b', '#c9a27a', '#f7f3ec', '#5b2a4a', '#0f6b6b'];

// Ordered: packaged goods first, so "mango drink" is a bottle and "banana chips" a pouch.
type Rule = [RegExp, Kind, string?, { fruit?: string; pack?: string; plain?: boolean }?];
const rules: Rule[] = [
  [/t-?shirt|\btee\b/, 'tshirt'],
  [/kurta/, 'kurta'],
  [/sneaker|shoe/, 'sneaker'],
  [/chappal|kolhapuri|sandals\b/, 'sandal'],
  [/hamper|combo/, 'basket'],
  [/gift card|e-gift/, 'card'],
  [/wrap/, 'gift'],
  [/e-book|ebook/, 'book'],
  [/diya/, 'diya', '#c9962c'],
  [/jute|tote/, 'tote'],
  [/tiffin|lunch box/, 'tiffin', '#c3c9cf'],
  [/copper/, 'bottle', '#b8693a', { plain: true }],
  [/toothbrush/, 'brush'],
  [/toothpaste/, 'tube', '', { pack: '#f7f7f4' }],
  [/gel\b/, 'tube', '', { pack: '#dff0d8' }],
  [/neem.*soap/, 'soap', '#7fae5a'],
  [/sandal.*soap/, 'soap', '#e9c9a0'],
  [/soap/, 'soap', '#f0d8e0'],
  [/jaggery/, 'soap', '#94561f'],
  [/chocolate/, 'bar', '#4a2616', { pack: '#2b1a12' }],
  [/katli|soan|barfi|burfi/, 'sweetbox', '#efe2c4'],
  [/dabba|spice tin/, 'tin', '#d39b1d', { pack: '#c3c9cf' }],
  [/saffron|kesar/, 'tin', '#c0392b', { pack: '#8b1e2d' }],
  [/hing/, 'tin', '#e8d6a0', { pack: '#f2c230' }],
  [/gulab jamun/, 'tin', '#7a2a12', { pack: '#7a1f2b' }],
  [/darjeeling/, 'tin', '#7a9a4a', { pack: '#2f5d3a' }],
  [/groundnut oil/, 'bottle', '#e8b84a'],
  [/mustard oil/, 'bottle', '#c98f1a'],
  [/coconut.*oil/, 'bottle', '#f1ecd8'],
  [/shampoo/, 'bottle', '#3f7d4a'],
  [/rose water/, 'bottle', '#f4c6cf'],
  [/sharbat/, 'bottle', '#c2185b'],
  [/mango drink|juice/, 'bottle', '#f5a623'],
  [/coconut water/, 'bottle', '#e3ead0'],
  [/ghee/, 'jar', '#f0c75e'],
  [/mango pickle/, 'jar', '#c0471f'],
  [/pickle/, 'jar', '#b08a2a'],
  [/instant coffee/, 'jar', '#4a2a18'],
  [/ubtan/, 'jar', '#e8b04a'],
  [/assam|ctc/, 'box', '#6b3a1e'],
  [/green tea/, 'box', '#7fa04a'],
  [/turmeric/, 'pouch', '#e8a317'],
  [/chilli powder/, 'pouch', '#c0281e'],
  [/garam masala/, 'pouch', '#7a4a2a'],
  [/cumin|jeera/, 'pouch', '#8a6a3a'],
  [/cardamom|elaichi/, 'pouch', '#7fa04a'],
  [/pepper/, 'pouch', '#2e2a26'],
  [/bhujia/, 'pouch', '#d9a441'],
  [/banana chips/, 'pouch', '#efc94c'],
  [/makhana/, 'pouch', '#f2ead8'],
  [/rusk/, 'pouch', '#d49a56'],
  [/chakli/, 'pouch', '#c9924a'],
  [/chai/, 'pouch', '#b07a4a'],
  [/coffee/, 'pouch', '#4a2c1a'],
  [/chana dal/, 'pouch', '#e6b93a'],
  [/rajma/, 'pouch', '#7a1f1f'],
  [/poha/, 'pouch', '#efe3c4'],
  [/besan/, 'pouch', '#eac56a'],
  [/atta|flour/, 'pouch', '#e9dcc0'],
  [/brown rice/, 'sack', '#b78a55'],
  [/basmati/, 'sack', '#f6f2e4'],
  [/rice/, 'sack', '#f2eee0'],
  [/toor/, 'sack', '#e8b230'],
  [/moong/, 'sack', '#efcf4a'],
  [/sugar/, 'sack', '#fbfbf7'],
  ...[
    'apple',
    'banana',
    'mango',
    'orange',
    'pomegranate',
    'grapes',
    'papaya',
    'kiwi',
    'watermelon',
    'guava',
    'tomato',
    'onion',
    'potato',
    'carrot',
    'lemon',
    'ginger',
    'coriander',
    'brinjal',
    'cucumber',
    'capsicum',
    'cauliflower',
  ].map((f): Rule => [new RegExp(f), 'produce', '', { fruit: f }]),
  [/chikoo|sapota/, 'produce', '', { fruit: 'chikoo' }],
  [/chilli/, 'produce', '', { fruit: 'chilli' }],
  [/bhindi|okra/, 'produce', '', { fruit: 'okra' }],
  [/palak|spinach|methi/, 'produce', '', { fruit: 'leafy' }],
];

export function artFor(p: Product, cat: Category | undefined): Art {
  const text = `${p.title} ${p.variantName} ${p.variantId}`.toLowerCase();
  const R = rngFor(p.itemId);
  const colour = Object.keys(colourWords).find((w) => new RegExp(`\\b${w}\\b`).test(p.variantName.toLowerCase()));
  const catColour = cat?.colour ?? '#888888';
  const base: Art = {
    kind: 'pouch',
    tint: colour ? colourWords[colour]! : catColour,
    pack: packs[Math.floor(R() * packs.length)]!,
    accent: dark(catColour, 0.1),
  };
  const rule = rules.find(([re]) => re.test(text));
  if (rule) {
    const [, kind, tint, o] = rule;
    return {
      ...base,
      kind,
      tint: colour ? base.tint : tint || base.tint,
      pack: o?.pack ?? base.pack,
      ...(o?.fruit ? { fruit: o.fruit } : {}),
      ...(o?.plain ? { plain: true } : {}),
    };
  }
  const byType: Partial<Record<Product['type_id'], Kind>> = { downloadable: 'book', virtual: 'gift', bundle: 'basket' };
  const name = (cat?.name ?? '').toLowerCase();
  const kind = byType[p.type_id] ?? (/fruit|vegetable/.test(name) ? 'produce' : /cloth|apparel/.test(name) ? 'tshirt' : p.isFraction ? 'sack' : 'pouch');
  return { ...base, kind, fruit: /vegetable/.test(name) ? 'tomato' : 'apple' };
}

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${DEFS}${body}</svg>`;
const studio = (w: number, h: number, c: string, cx: number, horizon: number) =>
  `<defs><radialGradient id="bg" cx="${cx}" cy=".36" r=".85"><stop offset="0" stop-color="${light(c, 0.92)}"/><stop offset=".6" stop-color="${light(c, 0.8)}"/><stop offset="1" stop-color="${light(c, 0.6)}"/></radialGradient>` +
  `<linearGradient id="fg" x1="0" x2="0" y2="1"><stop offset="0" stop-color="${light(c, 0.7)}" stop-opacity="0"/><stop offset="1" stop-color="${light(c, 0.55)}" stop-opacity=".9"/></linearGradient></defs>` +
  `<rect width="${w}" height="${h}" fill="url(#bg)"/><path d="M0 ${horizon}Q${w / 2} ${horizon - h * 0.06} ${w} ${horizon}V${h}H0Z" fill="url(#fg)"/>`;

export function productSvg(a: Art, catColour: string, R: Rng, view: number): string {
  const z = zoomFor(a);
  if (view === 0) return svg(800, 800, studio(800, 800, catColour, 0.5, 560) + place(drawArt(a, R, 0), 400, 660, 3.05 * z));
  if (['tshirt', 'kurta', 'sneaker', 'sandal'].includes(a.kind))
    return svg(800, 800, studio(800, 800, catColour, 0.3, 900) + place(drawArt(a, R, 1), 420, 900, 4.6, -6, false));
  const wood = '#b7854f';
  const board =
    `<ellipse cx="405" cy="672" rx="340" ry="86" fill="${dark(wood, 0.3)}"/><ellipse cx="405" cy="654" rx="340" ry="86" fill="${wood}"/>` +
    `<ellipse cx="405" cy="654" rx="340" ry="86" fill="url(#hl)"/>` +
    [300, 230, 150]
      .map(
        (rx) =>
          `<ellipse cx="${405 + rx * 0.05}" cy="654" rx="${rx}" ry="${rx / 4}" fill="none" stroke="${dark(wood, 0.12)}" stroke-width="2" stroke-opacity=".5"/>`,
      )
      .join('');
  return svg(800, 800, studio(800, 800, mix(catColour, '#e0b070', 0.25), 0.3, 520) + board + place(drawArt(a, R, 1), 405, 660, 2.6 * z, (R() - 0.5) * 8));
}

/** Products for a banner: those it links to, the ones its text mentions first; bestsellers when a URL banner mentions none. */
function bannerProducts(b: Banner, products: Product[]): Product[] {
  const words = `${b.title} ${b.subtitle}`.toLowerCase().split(/[^a-z]+/);
  const score = (p: Product) =>
    2 *
      p.title
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length >= 3 && words.some((b) => b.startsWith(w))).length +
    p.tags.filter((t) => words.includes(t)).length;
  const l = b.link;
  const linked =
    l.type === 'categories'
      ? products.filter((p) => l.value.includes(p.categoryId))
      : l.type === 'tags'
        ? products.filter((p) => p.tags.some((t) => l.value.includes(t)))
        : products;
  const ranked = linked.map((p, i) => ({ p, s: score(p), i })).sort((x, y) => y.s - x.s || x.i - y.i);
  if (l.type !== 'url') return ranked.map((r) => r.p);
  return [...ranked.filter((r) => r.s > 0).map((r) => r.p), ...products.filter((p) => p.tags.includes('bestseller'))];
}

function distinctArts(ps: Product[], cats: Map<string, Category>, max: number): Art[] {
  const seen = new Set<string>();
  const out: Art[] = [];
  for (const p of ps) {
    const a = artFor(p, cats.get(p.categoryId));
    const key = `${a.kind}:${a.fruit ?? ''}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(a);
    }
    if (out.length === max) break;
  }
  return out;
}

/** Banner art carries no lettering: the page overlays the banner's title as real text. */
export function bannerSvg(b: Banner, arts: Art[], accent: string, mobile: boolean): string {
  const [w, h] = mobile ? [800, 600] : [1600, 500];
  const bg = /^#[0-9a-f]{6}$/i.test(b.background) ? b.background : light(accent, 0.85);
  const R = rngFor(b.id);
  const spots = mobile
    ? [
        [210, 566, 1],
        [400, 584, 1.22],
        [590, 566, 1],
      ]
    : [
        [1090, 450, 1.12],
        [1270, 468, 1.4],
        [1450, 450, 1.12],
      ];
  const [mx, my, mr] = mobile ? [400, 520, 300] : [1270, 250, 330];
  const order = [0, 2, 1].filter((i) => i < arts.length);
  return svg(
    w,
    h,
    `<defs><linearGradient id="bb" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${light(bg, 0.3)}"/><stop offset="1" stop-color="${mix(bg, accent, 0.18)}"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#bb)"/><circle cx="${mx}" cy="${my}" r="${mr}" fill="${light(accent, 0.55)}" fill-opacity=".45"/>` +
      `<circle cx="${mx + mr * 0.75}" cy="${my - mr * 0.55}" r="${mr * 0.35}" fill="${light(accent, 0.3)}" fill-opacity=".3"/>` +
      Array.from(
        { length: 14 },
        () => `<circle cx="${Math.round(R() * w)}" cy="${Math.round(R() * h)}" r="${2 + Math.round(R() * 4)}" fill="${accent}" fill-opacity=".18"/>`,
      ).join('') +
      order
        .map((i) => {
          const [x, y, s] = spots[i]!;
          return place(drawArt(arts[i]!, rngFor(`${b.id}${i}`)), x!, y!, s! * Math.min(zoomFor(arts[i]!), 1.15));
        })
        .join('') +
      '',
  );
}

export function categorySvg(c: Category, arts: Art[]): string {
  const [main, ...rest] = arts;
  const sides = rest.map((a, i) => place(drawArt(a, rngFor(`${c.oId}${i}`)), i ? 300 : 100, 330, 0.8)).join('');
  return svg(400, 400, studio(400, 400, c.colour, 0.5, 290) + sides + (main ? place(drawArt(main, rngFor(c.oId)), 200, 350, 1.3) : ''));
}

export function logoSvg(primary: string, size: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256"><rect width="256" height="256" rx="56" fill="${primary}"/>` +
    `<circle cx="104" cy="112" r="30" fill="#f7a21b"/><circle cx="150" cy="106" r="26" fill="#e8453c"/><path d="M150 82q6 -16 22 -18q-4 16 -22 18z" fill="#4caf50"/>` +
    `<path d="M72 120q56 -96 112 0" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round"/><path d="M52 124h152l-20 78q-3 10 -14 10h-84q-11 0 -14 -10z" fill="#fff"/>` +
    `<path d="M96 144v48M128 144v48M160 144v48" stroke="${primary}" stroke-width="8" stroke-linecap="round" stroke-opacity=".85"/></svg>`
  );
}

type Job = { files: string[]; make: () => Promise<void> };

async function pool<T>(items: T[], size: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const args = process.argv.slice(2);
  const outArg = args.find((a) => !a.startsWith('--'));
  const outDir = outArg ? resolve(outArg) : join(root, 'demo/media');
  const catalog = catalogFileSchema.parse(JSON.parse(readFileSync(join(root, 'demo/catalog.json'), 'utf8')));
  const cfg = validateShopConfig(JSON.parse(readFileSync(join(root, 'demo/shop.config.json'), 'utf8')));
  if (!cfg.ok) throw new Error(`demo/shop.config.json is invalid: ${JSON.stringify(cfg.issues)}`);
  const products = catalog.products.map(completeProduct);
  const cats = new Map(catalog.categories.map((c) => [c.oId, c]));
  const target = (url: string) => (url.startsWith('/media/') ? join(outDir, url.slice('/media/'.length)) : null);
  // effort 2 halves encode time against the default 4 at a barely different size.
  const webp = async (input: Buffer | { data: Buffer; info: sharp.OutputInfo }, file: string, w?: number, h?: number) => {
    const img = Buffer.isBuffer(input)
      ? sharp(input)
      : sharp(input.data, { raw: { width: input.info.width, height: input.info.height, channels: input.info.channels } });
    await (w ? img.resize(w, h) : img).webp({ quality: 75, effort: 2 }).toFile(file);
  };

  const jobs = new Map<string, Job>();
  const add = (files: (string | null)[], make: (f: string[]) => Promise<void>) => {
    const fs = files.filter((f): f is string => f !== null);
    if (fs.length && !jobs.has(fs[0]!)) jobs.set(fs[0]!, { files: fs, make: () => make(fs) });
  };
  for (const p of products) {
    for (const img of p.images) {
      add([target(img.url), target(img.thumbnail)], async ([big, thumb]) => {
        const cat = cats.get(p.categoryId);
        const raw = await sharp(Buffer.from(productSvg(artFor(p, cat), cat?.colour ?? '#999999', rngFor(img.id), img.position > 0 ? 1 : 0)))
          .raw()
          .toBuffer({ resolveWithObject: true });
        await Promise.all([webp(raw, big!, 800, 800), thumb ? webp(raw, thumb, 200, 200) : undefined]);
      });
    }
  }
  for (const c of catalog.categories) {
    add([target(c.image)], ([f]) =>
      webp(
        Buffer.from(
          categorySvg(
            c,
            distinctArts(
              products.filter((p) => p.categoryId === c.oId),
              cats,
              3,
            ),
          ),
        ),
        f!,
        400,
        400,
      ),
    );
  }
  for (const b of catalog.banners) {
    const ps = bannerProducts(b, products);
    const arts = distinctArts(ps.length ? ps : products, cats, 3);
    const accent = cats.get(ps[0]?.categoryId ?? '')?.colour ?? cfg.config.themeConfig.primaryColor;
    add([target(b.image.mobile)], ([f]) => webp(Buffer.from(bannerSvg(b, arts, accent, true)), f!));
    add([target(b.image.desktop)], ([f]) => webp(Buffer.from(bannerSvg(b, arts, accent, false)), f!));
  }
  const primary = cfg.config.themeConfig.primaryColor;
  add([target(cfg.config.logo)], ([f]) => webp(Buffer.from(logoSvg(primary, 256)), f!));
  add([target(cfg.config.pwa.icons.logo192Png)], ([f]) =>
    sharp(Buffer.from(logoSvg(primary, 192)))
      .png()
      .toFile(f!)
      .then(() => undefined),
  );

  const all = [...jobs.values()];
  const files = all.flatMap((j) => j.files);
  if (args.includes('--if-missing') && files.every((f) => existsSync(f))) {
    console.log(`demo media: all ${files.length} images already in ${outDir}, nothing to do`);
    return;
  }
  for (const f of files) mkdirSync(dirname(f), { recursive: true });
  await pool(all, 4, (j) => j.make());
  console.log(`demo media: wrote ${files.length} images to ${outDir} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
