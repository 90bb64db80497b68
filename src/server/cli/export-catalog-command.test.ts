import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogFile } from '../../domain/catalog.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { readEnv } from '../env.ts';
import { capture, useScratchDir } from '../testing/cli.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const { dir, writeJson } = useScratchDir();

describe.each(testDatabases)('npm run shop -- export-catalog on $name', (database) => {
  const opened: OpenTestDatabase[] = [];
  afterAll(async () => {
    for (const o of opened) await o.dispose();
  });
  /** A new empty database, and the environment the commands reach it with. */
  async function shop() {
    const o = await database.open();
    opened.push(o);
    return { ...o, env: { ...readEnv({}), shopConfig: writeJson('shop-export.json', testShopConfig()), ...o.location } };
  }
  /** The catalog as the shop serves it; the version differs by design. */
  const catalogOf = async (o: OpenTestDatabase) => {
    const { version: _version, ...catalog } = await createCatalogRepository(o.db, 2).read();
    return catalog;
  };
  /** A shop with this catalog, whose stock then changed (as by orders): the export must carry the current stock. */
  async function shopWith(catalog: CatalogFile) {
    const s = await shop();
    await createCatalogRepository(s.db, 2).replace(catalog);
    await s.db.kysely.updateTable('products').set({ stock_milli: 7250 }).where('variant_id', '=', 'mango').execute();
    await s.db.kysely.updateTable('products').set({ stock_milli: 3000 }).where('variant_id', '=', 'tee-red-m').execute();
    return s;
  }
  /** Exports `from` to `name`, imports that file into a new shop, and gives the new shop and the export's output. */
  async function roundTrip(from: Awaited<ReturnType<typeof shop>>, name: string) {
    const file = path.join(dir, `${database.name}-${name}`);
    const exported = capture();
    expect(await runCli(['export-catalog', file], exported.out, from.env)).toBe(0);
    const to = await shop();
    const imported = capture();
    expect(await runCli(['import-catalog', file], imported.out, to.env), imported.lines.join('\n')).toBe(0);
    return { to, file, lines: exported.lines };
  }

  it('writes JSON that imports into a new shop as the same catalog, with the current stock and decimal prices', async () => {
    const from = await shopWith(testCatalog());
    const { to, file, lines } = await roundTrip(from, 'catalog.json');
    expect(lines).toEqual([`Exported 3 products in 2 categories to ${file}.`]);
    const written = JSON.parse(readFileSync(file, 'utf8')) as CatalogFile;
    expect(written.products.find((p) => p.variantId === 'tee-red-m')).toMatchObject({ price: { mrp: 799, regular: 599, special: 499.5 }, stock: 3 });
    expect(written.products.find((p) => p.variantId === 'mango')?.stock).toBe(7.25);
    expect(written.banners).toHaveLength(1);
    const after = await catalogOf(to);
    expect(after).toEqual(await catalogOf(from));
    expect(after.products.map((p) => [p.variantId, p.stock])).toEqual([
      ['tee-red-m', 3],
      ['tee-red-l', 0],
      ['mango', 7.25],
    ]);
  });

  it("writes CSV with the importer's columns that imports as the same products and categories, awkward text included", async () => {
    const catalog = testCatalog();
    catalog.banners = [];
    catalog.categories = [
      { oId: 'wear', name: 'Clothing, "Cotton" & more', position: 1, colour: '#1565c0', image: '' },
      { oId: 'fruit', name: 'Fruit', position: 2, colour: '#2e7d32', image: '' },
      { oId: 'spices', name: 'Spices', position: 3, colour: '#c8452f', image: '' },
    ];
    catalog.products = catalog.products.map((p) => ({ ...p, images: [] }));
    const [tee, teeLarge, mango] = catalog.products as [CatalogFile['products'][number], CatalogFile['products'][number], CatalogFile['products'][number]];
    tee.description = '  Soft, "combed" cotton;\nwash cold,\r\nline dry.\n';
    tee.images = [
      { id: 'tee-red-m-0', position: 0, url: '/media/p/tee.webp', thumbnail: '/media/p/tee.webp' },
      { id: 'tee-red-m-1', position: 1, url: '/media/p/tee-back.webp', thumbnail: '/media/p/tee-back.webp' },
    ];
    tee.tags = ['+new', 'cotton'];
    teeLarge.description = '=HYPERLINK("http://example.com","x")';
    teeLarge.variantName = '-L-';
    mango.title = '@Alphonso Mango, ripe';
    // spaces at the ends of an otherwise plain cell: the reader trims cells that are not quoted
    mango.description = ' Sold by weight. ';
    // a spice with no price list and a special offer, sold by weight
    // sold 50 g at a time, with a guide of its own over two lines
    catalog.products.push({
      variantId: 'jeera',
      variantName: '100 g',
      title: 'Cumin',
      description: '',
      categoryId: 'spices',
      price: { mrp: 60, regular: 55.25, special: 0 },
      images: [],
      stock: 0.125,
      isFraction: true,
      type_id: 'simple',
      errors: {},
      tags: ['whole'],
      weightStep: 0.05,
      sizeGuide: 'A spoon holds about 5 g;\nkeep it dry.',
    });
    const from = await shopWith(catalog);
    const { to, file, lines } = await roundTrip(from, 'catalog.csv');
    expect(lines).toEqual([`Exported 4 products in 3 categories to ${file}.`]);

    const text = readFileSync(file, 'utf8');
    expect(
      text.startsWith(
        '\uFEFFvariantId,itemId,variantName,title,description,categoryId,categoryName,categoryColour,mrp,regular,special,stock,isFraction,sku,type_id,tags,images,taxRate,hsn,weightStep,sizeGuide\n',
      ),
    ).toBe(true);
    expect(text).toContain('/media/p/tee.webp;/media/p/tee-back.webp');
    expect(text).toContain('+new;cotton');
    // cells that look like formulas are written as they are (decision 025)
    expect(text).toContain('"=HYPERLINK(""http://example.com"",""x"")"');
    expect(await catalogOf(to)).toEqual(await catalogOf(from));
    expect((await catalogOf(to)).products.find((p) => p.variantId === 'jeera')).toMatchObject({
      weightStep: 0.05,
      sizeGuide: 'A spoon holds about 5 g;\nkeep it dry.',
    });
  });

  it('says what a CSV cannot hold, and keeps the products and stock', async () => {
    const from = await shopWith(testCatalog());
    const { to, lines } = await roundTrip(from, 'lossy.csv');
    expect(lines[1]).toBe(
      'A CSV cannot hold 1 banner, 2 category images, 1 image thumbnail (the image itself is used), 1 image id: export to a .json file to keep them.',
    );
    const [before, after] = [await catalogOf(from), await catalogOf(to)];
    expect(after.products.map((p) => ({ ...p, images: p.images.map((i) => i.url) }))).toEqual(
      before.products.map((p) => ({ ...p, images: p.images.map((i) => i.url) })),
    );
    expect(after.categories.map((c) => c.oId)).toEqual(before.categories.map((c) => c.oId));
  });

  it('refuses a missing file name, an unknown format, a folder that is not there, and a tag a CSV list cannot hold', async () => {
    const s = await shopWith(testCatalog());
    const missing = capture();
    expect(await runCli(['export-catalog'], missing.out, s.env)).toBe(1);
    expect(missing.lines).toEqual(['Name the file to write: npm run shop -- export-catalog <file.json|file.csv>']);

    const xlsx = capture();
    const spreadsheet = path.join(dir, 'catalog.xlsx');
    expect(await runCli(['export-catalog', spreadsheet], xlsx.out, s.env)).toBe(1);
    expect(xlsx.lines.join('\n')).toContain('catalog.xlsx: name a .json or a .csv file; the extension chooses the format');
    expect(existsSync(spreadsheet)).toBe(false);

    const nowhere = capture();
    expect(await runCli(['export-catalog', path.join(dir, 'no-such-folder', 'catalog.json')], nowhere.out, s.env)).toBe(1);
    expect(nowhere.lines.join('\n')).toContain('Cannot write');

    await s.db.kysely.insertInto('tags').values({ id: 'red;blue', name: 'red;blue' }).execute();
    await s.db.kysely.insertInto('product_tags').values({ product_id: 'tee-red-m', tag_id: 'red;blue' }).execute();
    const csv = capture();
    const file = path.join(dir, `${database.name}-semicolon.csv`);
    expect(await runCli(['export-catalog', file], csv.out, s.env)).toBe(1);
    expect(csv.lines.join('\n')).toContain('product tee-red-m: the tag "red;blue" holds ";"');
    expect(existsSync(file)).toBe(false);
    expect(await runCli(['export-catalog', path.join(dir, `${database.name}-semicolon.json`)], capture().out, s.env)).toBe(0);
  });
});
