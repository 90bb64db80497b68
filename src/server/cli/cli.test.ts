import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.ts';
import { createAnalyticsRepository } from '../db/repositories/analytics-repository.ts';
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

describe('npm run shop -- analytics-summary', () => {
  const env = () => ({ ...readEnv({}), shopConfig: writeJson('shop.json', testShopConfig()), dataDir: path.join(dir, 'data-analytics') });
  const record = { localTime: '2026-11-21T10:00:00+05:30', device_id: 'd', session_id: 's', version: '0.8', os_name: null, device_brand: null, device_model: null, device_type: 'mobile', user_id: null };

  it('counts the visits of the last days per type and per day, with their devices and sessions', async () => {
    const e = env();
    const db = openDatabase({ dataDir: e.dataDir, databaseUrl: undefined });
    await migrate(db);
    const analytics = createAnalyticsRepository(db);
    const now = Date.now();
    for (const [deviceId, sessionId, at] of [['d1', 's1', now - 1000], ['d1', 's2', now - 2000], ['d2', 's3', now - 3000], ['d3', 's4', now - 40 * 86_400_000]] as const) {
      await analytics.log({ eventType: 'new_session', value: 'http://shop.example/', deviceId, sessionId, userId: null, record: { ...record, device_id: deviceId, session_id: sessionId } }, at);
    }
    await db.close();

    const { lines, out } = capture();
    expect(await runCli(['analytics-summary'], out, e)).toBe(0);
    const text = lines.join('\n');
    // three visits of two devices in the last 30 days; the one 40 days ago is left out
    expect(text).toMatch(/new_session\s+3\s+2\s+3/);
    expect(text).toContain(new Date(now).toISOString().slice(0, 10));

    const all = capture();
    expect(await runCli(['analytics-summary', '60'], all.out, e)).toBe(0);
    expect(all.lines.join('\n')).toMatch(/new_session\s+4\s+3\s+4/);
  });

  it('refuses a day count that is not a whole number of days', async () => {
    const { lines, out } = capture();
    expect(await runCli(['analytics-summary', 'lots'], out, env())).toBe(1);
    expect(lines.join('\n')).toContain('Usage: npm run shop -- analytics-summary');
  });
});
