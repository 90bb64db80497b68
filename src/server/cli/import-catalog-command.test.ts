import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../testing/audit-log.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { readEnv } from '../env.ts';
import { capture, useScratchDir } from '../testing/cli.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const { dir, writeJson } = useScratchDir();

describe('npm run shop -- import-catalog', () => {
  const env = () => ({ ...readEnv({}), shopConfig: writeJson('shop.json', testShopConfig()), dataDir: path.join(dir, 'data-import') });

  it('imports a good JSON catalog', async () => {
    const { lines, out } = capture();
    expect(await runCli(['import-catalog', writeJson('cat.json', testCatalog())], out, env())).toBe(0);
    expect(lines.join('\n')).toMatch(/Imported 3 products in 2 categories/);
  });

  it('names the line of a bad product in a JSON catalog', async () => {
    const catalog = testCatalog();
    (catalog.products[2] as { price: unknown }).price = { mrp: null, regular: -5, special: null };
    const file = path.join(dir, 'bad.json');
    const text = JSON.stringify(catalog, null, 2);
    writeFileSync(file, text);
    const expectedLine = text.split('\n').findIndex((l) => l.includes('"regular": -5')) + 1;
    const { lines, out } = capture();
    expect(await runCli(['import-catalog', file], out, env())).toBe(1);
    expect(lines.join('\n')).toContain(`line ${expectedLine}: products[2] price.regular:`);
  });

  it('refuses fractional stock for a product sold in whole units', async () => {
    const { lines, out } = capture();
    expect(await runCli(['set-stock', 'tee-red-m', '1.5'], out, env())).toBe(1);
    expect(lines.join('\n')).toContain('whole units');
  });
});

describe.each(testDatabases)('npm run shop -- import-catalog and set-stock on $name', (database) => {
  let opened: OpenTestDatabase;
  const env = () => ({ ...readEnv({}), shopConfig: writeJson('shop-import.json', testShopConfig()), ...opened.location });
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => opened?.dispose());
  const audit = () => createAuditRepository(opened.db).list();

  it('imports a catalog and sets stock, each audited as the command line', async () => {
    const { out } = capture();
    expect(await runCli(['import-catalog', writeJson('cat-audited.json', testCatalog())], out, env())).toBe(0);
    expect(await runCli(['set-stock', 'mango', '4.5'], out, env())).toBe(0);
    expect(await audit()).toMatchObject([
      { actor: 'cli', action: 'stock.set', subject: 'product:mango', detail: { to: 4.5 } },
      { actor: 'cli', action: 'catalog.import', subject: 'catalog', detail: { products: 3, categories: 2 } },
    ]);
  });

  it('imports nothing from a CSV with bad rows, and names each row', async () => {
    const before = await createCatalogRepository(opened.db, 2).read();
    const entries = (await audit()).length;
    const csv = [
      'variantId,title,categoryId,categoryName,regular,stock,isFraction,tags',
      'apple,Apple,fruit,Fruit,120,10,true,fresh;organic',
      'pear,Pear,fruit,Fruit,not-a-price,5,false,',
      'plum,Plum,fruit,Fruit,90,2.5,false,',
    ].join('\n');
    const file = path.join(dir, `bad-${database.name}.csv`);
    writeFileSync(file, csv);
    const { lines, out } = capture();
    expect(await runCli(['import-catalog', file], out, env())).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('nothing was imported');
    // every problem at once: the bad price, and the rule across rows the good-looking plum breaks
    expect(text).toContain('line 3: pear, regular: write the price as a number, e.g. 180');
    expect(text).toContain('line 4: product plum: stock must be a whole number unless the product is sold by weight (isFraction)');
    expect(text).not.toMatch(/line 2:/);

    // the catalog is still the one imported before, and nothing was audited
    expect(await createCatalogRepository(opened.db, 2).read()).toEqual(before);
    expect(await audit()).toHaveLength(entries);
  });
});
