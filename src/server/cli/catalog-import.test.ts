import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../domain/catalog.ts';
import type { Db } from '../db/database.ts';
import { readEnv } from '../env.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../testing/orders.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { runCli } from './main.ts';

/**
 * `import-catalog` run again on a shop that sells: live stock stays unless
 * --stock-from-file, --dry-run changes nothing, and the CSV an owner's spreadsheet writes
 * (";" delimiters, prices with ₹ and thousands commas) reads, with every problem at once.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
}

function write(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Every row of the tables an import writes, so "nothing changed" is checked row by row. */
async function everything(db: Db) {
  const { kysely } = db;
  return {
    products: await kysely.selectFrom('products').selectAll().orderBy('id').execute(),
    categories: await kysely.selectFrom('categories').selectAll().orderBy('id').execute(),
    tags: await kysely.selectFrom('tags').selectAll().orderBy('id').execute(),
    productTags: await kysely.selectFrom('product_tags').selectAll().orderBy('product_id').orderBy('tag_id').execute(),
    banners: await kysely.selectFrom('banners').selectAll().orderBy('id').execute(),
    meta: await kysely.selectFrom('shop_meta').selectAll().orderBy('key').execute(),
    audit: await kysely.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  };
}

describe.each(testDatabases)('import-catalog again on a shop that sells, on $name', (database) => {
  let opened: OpenTestDatabase;
  let app: FastifyInstance;
  const env = () => ({ ...readEnv({}), shopConfig: path.join(dir, 'shop.json'), ...opened.location });
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'shop.json'), JSON.stringify(shopConfig()));
    opened = await database.open();
    app = await buildTestApp(opened.db, { config: shopConfig(), seed: false });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const run = async (...args: string[]) => {
    const { lines, out } = capture();
    const code = await runCli(['import-catalog', ...args], out, env());
    return { code, lines };
  };
  /** What a shopper sees: each product's price and stock in the shop's catalog. */
  const shelf = async () => {
    const res = await app.inject({ url: '/api/catalog' });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(res.json<{ products: Product[] }>().products.map((p) => [p.variantId, { price: p.price.regular, stock: p.stock }]));
  };
  /** The shop's catalog cache looks for a new version about once a second: a command's change shows within that. */
  const seen = { timeout: 5000 };
  const header = 'variantId,title,categoryId,categoryName,regular,stock';
  let orderNumber = 0;

  it("keeps the loaves sold since the last import when a price changes; --stock-from-file takes the file's stock", async () => {
    const first = write(`v1-${database.name}.csv`, [header, 'bread,Sourdough loaf,bakery,Bakery,180,20', 'bun,Bun,bakery,Bakery,40,50']);
    expect(await run(first)).toEqual({
      code: 0,
      lines: [
        `Imported 2 products in 1 category from ${first}.`,
        '2 added, 0 removed, 0 price changes, 0 stock changes, 0 other changes.',
        '  added    bread (Sourdough loaf), stock 20',
        '  added    bun (Bun), stock 50',
      ],
    });

    // a shopper buys 3 loaves
    const res = await placeOrder(app, checkoutOrder({ items: [{ id: 'bread', qty: 3 }] }));
    expect(res.statusCode).toBe(200);
    orderNumber = res.json<{ order: { number: number } }>().order.number;
    await expect.poll(shelf, seen).toEqual({ bread: { price: 180, stock: 17 }, bun: { price: 40, stock: 50 } });

    // the owner changes the bread's price in the same file and imports it again
    const second = write(`v2-${database.name}.csv`, [header, 'bread,Sourdough loaf,bakery,Bakery,200,20', 'bun,Bun,bakery,Bakery,40,50']);
    expect(await run(second)).toEqual({
      code: 0,
      lines: [
        `Imported 2 products in 1 category from ${second}.`,
        '0 added, 0 removed, 1 price change, 0 stock changes, 0 other changes.',
        '  price    bread (Sourdough loaf): 180 → 200',
        "Live stock is kept for the 2 products already in the shop (--stock-from-file takes the file's).",
      ],
    });
    await expect.poll(shelf, seen).toEqual({ bread: { price: 200, stock: 17 }, bun: { price: 40, stock: 50 } });

    const counted = write(`v3-${database.name}.csv`, [header, 'bread,Sourdough loaf,bakery,Bakery,200,20', 'bun,Bun,bakery,Bakery,40,50']);
    expect(await run(counted, '--stock-from-file')).toEqual({
      code: 0,
      lines: [
        `Imported 2 products in 1 category from ${counted}.`,
        '0 added, 0 removed, 0 price changes, 1 stock change, 0 other changes.',
        '  stock    bread (Sourdough loaf): 17 → 20',
      ],
    });
    await expect.poll(shelf, seen).toEqual({ bread: { price: 200, stock: 20 }, bun: { price: 40, stock: 50 } });
  });

  it('--dry-run prints what would change and writes nothing', async () => {
    await opened.db.kysely.updateTable('products').set({ stock_milli: 12_000 }).where('variant_id', '=', 'bread').execute();
    const before = await everything(opened.db);
    const file = write(`dry-${database.name}.csv`, [
      header,
      'bread,Sourdough loaf,bakery,Bakery,200,20',
      'roll,Roll,bakery,Bakery,30,10',
      'cake,Cake,cakes,Cakes,"1,250",2',
    ]);
    expect(await run(file, '--dry-run', '--stock-from-file')).toEqual({
      code: 0,
      lines: [
        `Dry run: nothing was changed. Importing ${file} would give 3 products in 2 categories.`,
        '2 added, 1 removed, 0 price changes, 1 stock change, 0 other changes.',
        '  added    roll (Roll), stock 10',
        '  added    cake (Cake), stock 2',
        '  removed  bun (Bun)',
        '  stock    bread (Sourdough loaf): 12 → 20',
      ],
    });
    expect(await everything(opened.db)).toEqual(before);
  });

  it('--dry-run names the other fields a row changes, and the pictures the media folder lacks', async () => {
    const media = path.join(dir, `media-${database.name}`);
    mkdirSync(media);
    writeFileSync(path.join(media, 'bread.webp'), 'a picture');
    const file = write(`pictures-${database.name}.csv`, [
      `${header},images`,
      'bread,Country sourdough,bakery,Bakery,200,20,/media/bread.webp',
      'bun,Bun,bakery,Bakery,40,50,/media/bun.webp',
    ]);
    const { lines, out } = capture();
    expect(await runCli(['import-catalog', file, '--dry-run'], out, { ...env(), mediaDir: media })).toBe(0);
    expect(lines).toEqual([
      `Dry run: nothing was changed. Importing ${file} would give 2 products in 1 category.`,
      '0 added, 0 removed, 0 price changes, 0 stock changes, 2 other changes.',
      '  changed  bread (Country sourdough): title, images',
      '  changed  bun (Bun): images',
      "Live stock is kept for the 2 products already in the shop (--stock-from-file takes the file's).",
      'A picture the file names is not in the media folder (MEDIA_DIR); shoppers see a blank tile until it is there:',
      `  /media/bun.webp (bun): put the file at ${path.join(media, 'bun.webp')}`,
    ]);
  });

  it('removes a product that orders hold: the order still shows and can be cancelled', async () => {
    const file = write(`gone-${database.name}.csv`, [header, 'bun,Bun,bakery,Bakery,40,50']);
    const result = await run(file);
    expect(result.code).toBe(0);
    expect(result.lines).toContain('  removed  bread (Sourdough loaf)');
    await expect.poll(async () => Object.keys(await shelf()), seen).toEqual(['bun']);

    const show = capture();
    expect(await runCli(['orders', 'show', String(orderNumber)], show.out, env())).toBe(0);
    expect(show.lines.join('\n')).toContain('3 × Sourdough loaf @ ₹180.00 = ₹540.00');
    const cancel = capture();
    expect(await runCli(['orders', 'set-status', String(orderNumber), 'cancelled'], cancel.out, env()), cancel.lines.join('\n')).toBe(0);
    await expect.poll(shelf, seen).toEqual({ bun: { price: 40, stock: 50 } });
  });

  it('reads ";" delimiters and prices written as a spreadsheet shows them', async () => {
    const file = write(`semicolon-${database.name}.csv`, [
      'variantId;title;categoryId;categoryName;mrp;regular;special;stock;tags',
      'cake;Wedding cake;cakes;Cakes;"₹1,500";₹1,250.00;1200,50;2;"party;custom"',
      'loaf;Loaf;bakery;Bakery;;1250;;5;',
      'hamper;Hamper;bakery;Bakery;₹ 1,25,000;1250.5;;1;',
    ]);
    const result = await run(file, '--stock-from-file');
    expect(result.code, result.lines.join('\n')).toBe(0);
    const listed = async () => (await app.inject({ url: '/api/catalog' })).json<{ products: Product[] }>().products.map((p) => [p.variantId, p.price, p.tags]);
    await expect.poll(listed, seen).toEqual([
      ['cake', { mrp: 1500, regular: 1250, special: 1200.5 }, ['custom', 'party']],
      ['loaf', { mrp: null, regular: 1250, special: null }, []],
      ['hamper', { mrp: 125000, regular: 1250.5, special: null }, []],
    ]);
  });

  it('reports every problem of a CSV at once, each with its line and a hint, and changes nothing', async () => {
    const before = await everything(opened.db);
    const file = write(`three-problems-${database.name}.csv`, [
      'variantId;title;categoryId;regular;stock',
      'bread;Sourdough;bakery;₹1,250.00;20',
      'bun;;bakery;40;10',
      'cake;Cake;bakery;12O;5',
      'jam;Jam;bakery;90;lots',
    ]);
    expect(await run(file)).toEqual({
      code: 1,
      lines: [
        `${file}: nothing was imported, because:`,
        "  line 3: bun, title: write the product's name",
        '  line 4: cake, regular: write the price as a number, e.g. 180',
        '  line 5: jam, stock: write how many are in stock as a number, e.g. 20 (kg for products sold by weight, e.g. 2.5)',
      ],
    });
    expect(await everything(opened.db)).toEqual(before);
  });

  it("keeps the shop front the owner made on /admin: a CSV changes a category's name or colour only where it writes one", async () => {
    const kysely = opened.db.kysely;
    await kysely.updateTable('categories').set({ image: '/media/u/loaves.webp', colour: '#aa5500', name: 'Our bakery' }).where('id', '=', 'bakery').execute();
    await kysely
      .insertInto('categories')
      .values({ id: 'festive', name: 'Festive boxes', position: 9, colour: '#c2185b', image: '/media/u/diwali.webp' })
      .execute();
    const categories = async () =>
      Object.fromEntries(
        (await kysely.selectFrom('categories').select(['id', 'name', 'colour', 'image']).orderBy('id').execute()).map(({ id, ...c }) => [id, c]),
      );
    const shopFront = await categories();

    // a price list with no category cells but the id: the shop front stays as the owner made it
    const prices = write(`prices-${database.name}.csv`, [
      'variantId,title,categoryId,regular,stock',
      'bread,Sourdough loaf,bakery,210,20',
      'bun,Bun,bakery,40,50',
      'rusk,Rusk,tea-time,60,10',
    ]);
    expect((await run(prices)).code).toBe(0);
    expect(await categories()).toEqual({ ...shopFront, 'tea-time': { name: 'tea-time', colour: '#607d8b', image: '' } });

    // a colour written in the file is the owner's word; the picture and name stay
    const colour = write(`colour-${database.name}.csv`, [
      'variantId,title,categoryId,categoryColour,regular,stock',
      'bread,Sourdough loaf,bakery,#1565c0,210,20',
      'bun,Bun,bakery,,40,50',
    ]);
    expect((await run(colour)).code).toBe(0);
    expect((await categories()).bakery).toEqual({ name: 'Our bakery', colour: '#1565c0', image: '/media/u/loaves.webp' });
    expect((await categories()).festive).toEqual(shopFront.festive);
  });

  it('keeps a long summary short, and names a row whose unquoted comma splits a cell', async () => {
    const many = write(`many-${database.name}.csv`, [header, ...Array.from({ length: 25 }, (_, i) => `p${i + 1},Product ${i + 1},bakery,Bakery,10,1`)]);
    const before = await everything(opened.db);
    // the shop's categories stay beside the file's bakery (a CSV does not remove them)
    const categories = before.categories.length;
    const { code, lines } = await run(many, '--dry-run');
    expect(code).toBe(0);
    // 25 added and the 2 products of the shop removed: 27 changes, 20 shown
    expect(lines.slice(0, 3)).toEqual([
      `Dry run: nothing was changed. Importing ${many} would give 25 products in ${categories} categories.`,
      '25 added, 2 removed, 0 price changes, 0 stock changes, 0 other changes.',
      '  added    p1 (Product 1), stock 1',
    ]);
    expect(lines.slice(-2)).toEqual(['  added    p20 (Product 20), stock 1', '  … and 7 more']);
    expect(lines).toHaveLength(23);

    const split = write(`split-${database.name}.csv`, [header, 'bread,Sourdough loaf,bakery,Bakery,₹1,250.00,20', 'bun,Bun,bakery,Bakery,40,-3']);
    expect(await run(split)).toEqual({
      code: 1,
      lines: [
        `${split}: nothing was imported, because:`,
        '  line 2: this line has a different number of cells than the header: put a cell that holds the delimiter in double quotes, e.g. "1,250"',
        '  line 3: bun, stock: it cannot be below zero',
      ],
    });
    // a header with no rows would empty the shop
    const empty = write(`empty-${database.name}.csv`, [header]);
    expect((await run(empty)).lines).toEqual([
      `${empty}: nothing was imported, because:`,
      '  line 1: The file has no products: write one row per product under the header row',
    ]);
    expect(await everything(opened.db)).toEqual(before);
  });
});
