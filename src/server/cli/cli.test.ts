import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { startServer } from '../start.ts';
import { brokenConfigs, testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
}

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

describe('npm run shop -- check-config', () => {
  it('says a valid config is valid and exits 0', async () => {
    const { lines, out } = capture();
    expect(await runCli(['check-config', writeJson('good.json', testShopConfig())], out)).toBe(0);
    expect(lines.join('\n')).toContain('valid');
  });

  it.each(brokenConfigs)('with %s: prints the exact message and exits 1; the server logs it too', async (_n, breakIt, message) => {
    const config = testShopConfig() as Record<string, unknown>;
    breakIt(config);
    const file = writeJson('broken.json', config);
    const { lines, out } = capture();
    expect(await runCli(['check-config', file], out)).toBe(1);
    expect(lines.join('\n')).toContain(message);

    const log = new PassThrough();
    let logged = '';
    log.on('data', (d: Buffer) => (logged += d.toString()));
    const env = { ...readEnv({}), shopConfig: file, dataDir: path.join(dir, 'data-broken'), seedCatalog: undefined, buildDir: path.join(dir, 'no-build') };
    const { app, db } = await startServer(env, log);
    await app.close();
    await db.close();
    expect(logged).toContain(message);
  });
});

describe('npm run shop -- import-catalog', () => {
  const env = () => ({ ...readEnv({}), shopConfig: writeJson('shop.json', testShopConfig()), dataDir: path.join(dir, 'data-import') });

  it('imports a good JSON catalog', async () => {
    const { lines, out } = capture();
    expect(await runCli(['import-catalog', writeJson('cat.json', testCatalog())], out, env())).toBe(0);
    expect(lines.join('\n')).toMatch(/Imported 3 products in 2 categories/);
  });

  it('imports nothing from a CSV with a bad row, and names the row', async () => {
    const e = env();
    const csv = [
      'variantId,title,categoryId,categoryName,regular,stock,isFraction,tags',
      'apple,Apple,fruit,Fruit,120,10,true,fresh;organic',
      'pear,Pear,fruit,Fruit,not-a-price,5,false,',
      'plum,Plum,fruit,Fruit,90,2.5,false,',
    ].join('\n');
    const file = path.join(dir, 'bad.csv');
    writeFileSync(file, csv);
    const { lines, out } = capture();
    expect(await runCli(['import-catalog', file], out, e)).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('nothing was imported');
    expect(text).toMatch(/line 3: pear price\.regular:/);

    // the catalog is still the one imported before
    const check = capture();
    expect(await runCli(['set-stock', 'mango', '2'], check.out, e)).toBe(0);
    expect(await runCli(['set-stock', 'apple', '2'], check.out, e)).toBe(1);
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
