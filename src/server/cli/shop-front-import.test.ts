import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFileSchema, type Category } from '../../domain/catalog.ts';
import type { Db } from '../db/database.ts';
import { readEnv } from '../env.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { parseShopFront } from '../services/shop-front-file.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { runCli } from './main.ts';

/**
 * `import-catalog products.csv --shop-front shop-front.csv` (issue 21): a shop kept in a
 * spreadsheet gets its categories' colours and pictures and its banners onto the home page,
 * with /admin's rules, every problem at once, a dry run that writes nothing, and a second
 * import of the same sheet (or of the same shop front as JSON) that changes nothing.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-shop-front-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The rows an import writes, so "nothing changed" is checked row by row. */
async function shopRows(db: Db) {
  const { kysely } = db;
  return {
    products: await kysely.selectFrom('products').selectAll().orderBy('id').execute(),
    categories: await kysely.selectFrom('categories').selectAll().orderBy('id').execute(),
    tags: await kysely.selectFrom('tags').selectAll().orderBy('id').execute(),
    banners: await kysely.selectFrom('banners').selectAll().orderBy('id').execute(),
  };
}

const header = 'kind,id,title,subtitle,button,colour,image,desktopImage,linkType,linkTo,from,until,position';
/** The sheet a spreadsheet writes: empty cells, a date and time with a space, the categories' order by row. */
const sheet = [
  header,
  'category,pantry,Jams & Pickles,,,#4f9d4a,/media/cat-pantry.webp,,,,,,',
  'category,bakery,,,,#f28c38,/media/cat-bakery.webp,,,,,,',
  'category,festive,Festive,,,#c2185b,,,,,,,',
  'hero,,Fresh bread every morning,Baked at 5 am,Shop bread,#fff1df,/media/banner-bread-m.webp,/media/banner-bread-d.webp,category,bakery,,,',
  'slider,diwali,Diwali hampers,,Explore,,/media/banner-diwali.webp,,tag,festive;gifts,2020-01-01 09:00,2099-12-31,',
];

describe.each(testDatabases)('import-catalog with a shop-front sheet, on $name', (database) => {
  let opened: OpenTestDatabase;
  let app: FastifyInstance;
  const env = () => ({ ...readEnv({}), shopConfig: path.join(dir, 'shop.json'), ...opened.location });
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'shop.json'), JSON.stringify(testShopConfig()));
    opened = await database.open();
    app = await buildTestApp(opened.db, { seed: false, web: true });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runCli(['import-catalog', ...args], { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) }, env());
    return { code, lines };
  };
  const products = write(`products-${database.name}.csv`, [
    'variantId,title,categoryId,categoryName,regular,stock',
    'bread,Sourdough loaf,bakery,Bakery,180,20',
    'jam,Mango jam,pantry,Pantry,90,10',
  ]);
  const categories = async () => (await app.inject({ url: '/api/catalog' })).json<{ categories: Category[] }>().categories;
  /** The shop's catalog cache looks for a new version about once a second: a command's change shows within that. */
  const seen = { timeout: 5000 };

  it("puts a CSV-only shop's category pictures and banners on its home page; the same sheet again changes nothing", async () => {
    const front = write(`front-${database.name}.csv`, sheet);
    expect(await run(products, '--shop-front', front)).toEqual({
      code: 0,
      lines: [
        `Imported 2 products in 3 categories from ${products}, and 2 banners from ${front}.`,
        '2 added, 0 removed, 0 price changes, 0 stock changes, 0 other changes.',
        '  added    bread (Sourdough loaf), stock 20',
        '  added    jam (Mango jam), stock 10',
        'Shop front: 3 categories added, 0 changed, 0 removed; 2 banners added, 0 changed, 0 removed.',
        '  category added    pantry (Jams & Pickles)',
        '  category added    bakery (Bakery)',
        '  category added    festive (Festive)',
        '  banner added      fresh-bread-every-morning (Fresh bread every morning)',
        '  banner added      diwali (Diwali hampers)',
      ],
    });
    // the sheet's categories in its order; bakery keeps the catalog's name; festive has no products yet
    await expect.poll(categories, seen).toEqual([
      { oId: 'pantry', name: 'Jams & Pickles', colour: '#4f9d4a', image: '/media/cat-pantry.webp', position: 0 },
      { oId: 'bakery', name: 'Bakery', colour: '#f28c38', image: '/media/cat-bakery.webp', position: 1 },
      { oId: 'festive', name: 'Festive', colour: '#c2185b', image: '', position: 2 },
    ]);
    const home = await app.inject({ url: '/home' });
    expect(home.statusCode).toBe(200);
    for (const text of [
      'Fresh bread every morning',
      'Shop bread',
      'banner-bread-m.webp',
      'Diwali hampers',
      'banner-diwali.webp',
      'cat-pantry.webp',
      'Jams &amp; Pickles',
    ])
      expect(home.body).toContain(text);

    // 2020-01-01 09:00 in India is 03:30 UTC; until 2099-12-31 runs to the end of that day there, 18:30 UTC
    const banners = await opened.db.kysely
      .selectFrom('banners')
      .select(['id', 'kind', 'position', 'image_desktop', 'background', 'link', 'show_from', 'show_until'])
      .orderBy('position')
      .execute();
    expect(
      banners.map((b) => ({
        ...b,
        show_from: b.show_from === null ? null : Number(b.show_from),
        show_until: b.show_until === null ? null : Number(b.show_until),
      })),
    ).toEqual([
      {
        id: 'fresh-bread-every-morning',
        kind: 'hero',
        position: 0,
        image_desktop: '/media/banner-bread-d.webp',
        background: '#fff1df',
        link: '{"type":"categories","value":["bakery"]}',
        show_from: null,
        show_until: null,
      },
      {
        id: 'diwali',
        kind: 'slider',
        position: 1,
        image_desktop: '/media/banner-diwali.webp',
        background: '#ffffff',
        link: '{"type":"tags","value":["festive","gifts"]}',
        show_from: Date.UTC(2020, 0, 1, 3, 30),
        show_until: Date.UTC(2099, 11, 31, 18, 30),
      },
    ]);

    const before = await shopRows(opened.db);
    const again = await run(products, '--shop-front', front);
    expect(again.lines.slice(1)).toEqual([
      '0 added, 0 removed, 0 price changes, 0 stock changes, 0 other changes.',
      "Live stock is kept for the 2 products already in the shop (--stock-from-file takes the file's).",
      'Shop front: 0 categories added, 0 changed, 0 removed; 0 banners added, 0 changed, 0 removed.',
    ]);
    const after = await shopRows(opened.db);
    expect({ ...after, products: after.products.map(({ updated_at: _, ...p }) => p) }).toEqual({
      ...before,
      products: before.products.map(({ updated_at: _, ...p }) => p),
    });

    // the same shop front written as the catalog JSON writes categories and banners
    const json = path.join(dir, `front-${database.name}.json`);
    writeFileSync(
      json,
      JSON.stringify(
        {
          categories: [
            { oId: 'pantry', name: 'Jams & Pickles', colour: '#4f9d4a', image: '/media/cat-pantry.webp' },
            { oId: 'bakery', colour: '#f28c38', image: '/media/cat-bakery.webp' },
            { oId: 'festive', name: 'Festive', colour: '#c2185b' },
          ],
          banners: [
            {
              id: 'fresh-bread-every-morning',
              kind: 'hero',
              position: 0,
              title: 'Fresh bread every morning',
              subtitle: 'Baked at 5 am',
              buttonText: 'Shop bread',
              background: '#fff1df',
              image: { mobile: '/media/banner-bread-m.webp', desktop: '/media/banner-bread-d.webp' },
              link: { type: 'categories', value: ['bakery'] },
            },
            {
              id: 'diwali',
              kind: 'slider',
              position: 1,
              title: 'Diwali hampers',
              buttonText: 'Explore',
              image: { mobile: '/media/banner-diwali.webp', desktop: '/media/banner-diwali.webp' },
              link: { type: 'tags', value: ['festive', 'gifts'] },
              from: '2020-01-01T09:00',
              until: '2099-12-31',
            },
          ],
        },
        null,
        2,
      ),
    );
    expect((await run(products, '--shop-front', json, '--dry-run')).lines.at(-1)).toBe(
      'Shop front: 0 categories added, 0 changed, 0 removed; 0 banners added, 0 changed, 0 removed.',
    );
  });

  it('--dry-run says which categories and banners would change and writes nothing; the import then does it', async () => {
    const changed = write(`changed-${database.name}.csv`, [
      header,
      'category,pantry,Jams & Pickles,,,#4f9d4a,/media/cat-pantry.webp,,,,,,',
      'category,bakery,,,,#795548,/media/cat-bakery.webp,,,,,,',
      'slider,sale,Sale,,,,/media/sale.webp,,url,https://example.com/sale,,,1',
      'hero,,Fresh bread every morning,Baked at 5 am,Shop bread,#fff1df,/media/banner-bread-m.webp,/media/banner-bread-d.webp,category,bakery,,,0',
    ]);
    const before = await shopRows(opened.db);
    const summary = [
      '0 added, 0 removed, 0 price changes, 0 stock changes, 0 other changes.',
      "Live stock is kept for the 2 products already in the shop (--stock-from-file takes the file's).",
      'Shop front: 0 categories added, 1 changed, 1 removed; 1 banner added, 0 changed, 1 removed.',
      '  category changed  bakery (Bakery): colour #f28c38 → #795548',
      '  category removed  festive (Festive)',
      '  banner added      sale (Sale)',
      '  banner removed    diwali (Diwali hampers)',
    ];
    expect(await run(products, '--shop-front', changed, '--dry-run')).toEqual({
      code: 0,
      lines: [`Dry run: nothing was changed. Importing ${products} with ${changed} would give 2 products in 2 categories and 2 banners.`, ...summary],
    });
    expect(await shopRows(opened.db)).toEqual(before);

    expect(await run(products, '--shop-front', changed)).toEqual({
      code: 0,
      lines: [`Imported 2 products in 2 categories from ${products}, and 2 banners from ${changed}.`, ...summary],
    });
    const rows = await opened.db.kysely.selectFrom('banners').select(['id', 'position', 'link']).orderBy('position').execute();
    expect(rows).toEqual([
      { id: 'fresh-bread-every-morning', position: 0, link: '{"type":"categories","value":["bakery"]}' },
      { id: 'sale', position: 1, link: '{"type":"url","urlValue":"https://example.com/sale"}' },
    ]);
  });

  it("reports every problem of a sheet at once, each with its line and /admin's rule, and changes nothing", async () => {
    const before = await shopRows(opened.db);
    const bad = write(`bad-${database.name}.csv`, [
      'kind;id;title;colour;image;linkType;linkTo;from;until',
      'category;bakery;Bakery;orange;/media/cat-bakery.webp;;;;',
      'hero;;Big sale;;https://cdn.example.com/sale.webp;url;javascript:alert(1);;',
      'slider;;Toys;;/media/toys.webp;category;toys;;',
      'slider;winter;Winter;;/media/winter.webp;tag;winter;2026-12-31;2026-12-01',
      'banner;;Oops;;/media/oops.webp;;;;',
      'category;pantry;;;;url;https://example.com;;',
      'slider;;Offers;;/media/offers.webp;;offers;31/12/2026;',
    ]);
    expect(await run(products, '--shop-front', bad)).toEqual({
      code: 1,
      lines: [
        `${bad}: nothing was imported, because:`,
        '  line 2: category bakery, colour: Use a colour like #1a2b3c.',
        '  line 3: banner "Big sale", image: Use the path of an image on the shop, like /media/banners/summer.webp.',
        '  line 3: banner "Big sale", linkTo: A link address starts with http:// or https://, like https://example.com/sale.',
        '  line 4: banner "Toys", linkTo: There is no category "toys".',
        '  line 5: banner winter, until: The end must be after the start.',
        '  line 6: "Oops", kind: write category, hero (a large banner at the top of the home page) or slider (a smaller banner further down)',
        '  line 7: category pantry, linkType: only a banner row uses this column: leave it empty on a category row',
        '  line 7: category pantry, linkTo: only a banner row uses this column: leave it empty on a category row',
        '  line 8: banner "Offers", linkType: write category, tag or url: what the banner opens when it is tapped',
        '  line 8: banner "Offers", from: Write a date like 2026-12-31, or a date and time like 2026-12-31T18:00.',
      ],
    });

    // a bad products file and a bad sheet: both files' problems in one go
    const badProducts = write(`bad-products-${database.name}.csv`, ['variantId,title,categoryId,regular,stock', 'bread,Sourdough loaf,bakery,12O,20']);
    const badJson = path.join(dir, `bad-${database.name}.json`);
    writeFileSync(
      badJson,
      '{\n  "banners": [\n    {\n      "kind": "hero",\n      "image": { "mobile": "/media/m.webp", "desktop": "http://elsewhere.example/d.webp" },\n      "link": { "type": "tags", "value": ["new"] }\n    }\n  ]\n}\n',
    );
    expect(await run(badProducts, '--shop-front', badJson)).toEqual({
      code: 1,
      lines: [
        `${badProducts}: nothing was imported, because:`,
        '  line 2: bread, regular: write the price as a number, e.g. 180',
        `and ${badJson}:`,
        '  line 5: banners[0] image.desktop: Use the path of an image on the shop, like /media/banners/summer.webp.',
      ],
    });
    expect(await shopRows(opened.db)).toEqual(before);
  });

  it('a change of the banners alone, by a sheet or by the catalog file, shows on the home page already rendered and kept (issue 23)', async () => {
    // the page cache keeps /home per catalog version (decision 028): a change of the banners alone must make a new one
    const home = async () => (await app.inject({ url: '/home' })).body;
    expect(await home()).toContain('Baked at 5 am');
    const earlier = write(`earlier-${database.name}.csv`, [
      header,
      'category,pantry,Jams & Pickles,,,#4f9d4a,/media/cat-pantry.webp,,,,,,',
      'category,bakery,,,,#795548,/media/cat-bakery.webp,,,,,,',
      'slider,sale,Sale,,,,/media/sale.webp,,url,https://example.com/sale,,,1',
      'hero,,Fresh bread every morning,Baked at 4 am,Shop bread,#fff1df,/media/banner-bread-m.webp,/media/banner-bread-d.webp,category,bakery,,,0',
    ]);
    expect((await run(products, '--shop-front', earlier)).lines.at(-1)).toBe(
      '  banner changed    fresh-bread-every-morning (Fresh bread every morning): subtitle',
    );
    await expect.poll(home, seen).toContain('Baked at 4 am');

    const exported = path.join(dir, `exported-${database.name}.json`);
    expect(await runCli(['export-catalog', exported], { log: () => {}, error: () => {} }, env())).toBe(0);
    const file = catalogFileSchema.parse(JSON.parse(readFileSync(exported, 'utf8')));
    writeFileSync(
      exported,
      JSON.stringify({ ...file, banners: file.banners.map((b) => (b.kind === 'hero' ? { ...b, subtitle: 'Out of the oven at 6' } : b)) }),
    );
    expect((await run(exported)).code).toBe(0);
    await expect.poll(home, seen).toContain('Out of the oven at 6');
  });
});

describe('demo/shop-front-sample.csv', () => {
  it("gives a CSV of the demo catalog the demo's own categories and banners", () => {
    const demo = catalogFileSchema.parse(JSON.parse(readFileSync('demo/catalog.json', 'utf8')));
    // what a CSV export of the demo imports as: its categories without pictures
    const fromCsv = demo.categories.map((c) => ({ ...c, image: '' }));
    const front = parseShopFront(readFileSync('demo/shop-front-sample.csv', 'utf8'), 'csv', { categories: fromCsv, timeZone: 'Asia/Kolkata' });
    if (!front.ok) throw new Error(JSON.stringify(front.problems));
    expect(front.categories).toEqual(demo.categories);
    // the demo numbers banners per kind; the sheet's rows are one list, as /admin orders them
    const withoutPosition = <T extends { position: number }>(list: T[]) => list.map(({ position: _, ...b }) => b);
    expect(withoutPosition(front.banners)).toEqual(withoutPosition(demo.banners));
  });
});
