import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.ts';
import { createAnalyticsRepository } from '../db/repositories/analytics-repository.ts';
import { readEnv } from '../env.ts';
import { startServer } from '../start.ts';
import { brokenConfigs, testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { startFakeSmtp, type FakeSmtp } from '../testing/fake-smtp.ts';
import { buildTestApp } from '../testing/test-app.ts';
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

describe('npm run shop -- analytics summary', () => {
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
    expect(await runCli(['analytics', 'summary'], out, e)).toBe(0);
    const text = lines.join('\n');
    // three visits of two devices in the last 30 days; the one 40 days ago is left out
    expect(text).toMatch(/new_session\s+3\s+2\s+3/);
    expect(text).toContain(new Date(now).toISOString().slice(0, 10));

    const all = capture();
    expect(await runCli(['analytics', 'summary', '60'], all.out, e)).toBe(0);
    expect(all.lines.join('\n')).toMatch(/new_session\s+4\s+3\s+4/);
  });

  it('refuses a day count that is not a whole number of days', async () => {
    const { lines, out } = capture();
    expect(await runCli(['analytics', 'summary', 'lots'], out, env())).toBe(1);
    expect(lines.join('\n')).toContain('Usage: npm run shop -- analytics summary');
  });
});

describe('npm run shop -- orders, mark-paid and create-owner', () => {
  const shopConfig = () => ({
    ...testShopConfig(),
    orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: false } } },
    payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  });
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.close());
  const env = () => ({ ...readEnv({}), shopConfig: writeJson('shop-orders.json', shopConfig()), dataDir: path.join(dir, 'data-orders'), mail: { smtpUrl: smtp.url, from: 'shop@example.com' } });

  /** A pickup order from Asha, placed through the shop's own API on the commands' database. */
  async function placeOrder(): Promise<string> {
    const e = env();
    const db = openDatabase({ dataDir: e.dataDir, databaseUrl: undefined });
    await migrate(db);
    const app = await buildTestApp(db, { config: shopConfig() });
    try {
      const personal = { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '', dialCode: '+91' } };
      const res = await app.inject({ method: 'POST', url: '/fn/order/create', payload: { userId: null, sfId: 'test-shop', order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: personal, paymentType: 'pof' } } });
      expect(res.statusCode).toBe(200);
      return res.json<{ orderId: string }>().orderId;
    } finally {
      await app.close();
      await db.close();
    }
  }

  it('lists orders, moves one on (the shopper gets an e-mail), refuses a wrong step, shows its trail and marks it collected', async () => {
    const id = await placeOrder();
    const list = capture();
    expect(await runCli(['orders', 'list'], list.out, env())).toBe(0);
    expect(list.lines.find((l) => l.startsWith(id))).toMatch(/placed\s+pickup\s+to_collect.*Asha Rao/);
    const none = capture();
    expect(await runCli(['orders', 'list', 'confirmed'], none.out, env())).toBe(0);
    expect(none.lines).toEqual(['No orders that are confirmed.']);

    const confirm = capture();
    expect(await runCli(['orders', 'set-status', id, 'confirmed'], confirm.out, env())).toBe(0);
    expect(confirm.lines).toEqual([`Order ${id}: placed → confirmed.`]);
    const mail = smtp.received.find((m) => m.to.includes('asha@example.com'));
    expect(mail?.raw).toContain(`Your order ${id.slice(-8)} is confirmed.`);

    const wrong = capture();
    expect(await runCli(['orders', 'set-status', id, 'out_for_delivery'], wrong.out, env())).toBe(1);
    expect(wrong.lines.join('\n')).toContain(`Order ${id} is confirmed: it cannot become out_for_delivery. It can become: preparing, ready, picked_up, cancelled.`);
    const unknown = capture();
    expect(await runCli(['orders', 'set-status', id, 'shipped'], unknown.out, env())).toBe(1);
    expect(unknown.lines.join('\n')).toContain('Unknown status "shipped".');

    const paid = capture();
    expect(await runCli(['mark-paid', id], paid.out, env())).toBe(0);
    expect(paid.lines).toEqual([`Order ${id}: payment collected.`]);
    const again = capture();
    expect(await runCli(['mark-paid', id], again.out, env())).toBe(1);
    expect(again.lines).toEqual([`Order ${id} is paid already.`]);

    const show = capture();
    expect(await runCli(['orders', 'show', id], show.out, env())).toBe(0);
    const text = show.lines.join('\n');
    expect(text).toContain('1 × Cotton Tee');
    expect(text).toContain('Next: preparing, ready, picked_up, cancelled');
    expect(text).toMatch(/cli {2}order\.collected/);
    expect(text).toMatch(/cli {2}order\.status {2}\{"from":"placed","to":"confirmed"\}/);
    expect(await runCli(['orders', 'show', '01NOSUCHORDER'], capture().out, env())).toBe(1);
  });

  it('makes the owner account once, promotes an existing one, and refuses a bad address or a weak password', async () => {
    const made = capture();
    expect(await runCli(['create-owner', 'Priya@Example.com', 'Priya', 'Shah'], made.out, env(), 'harbour lights 42')).toBe(0);
    expect(made.lines.join('\n')).toContain('priya@example.com is the shop\'s owner (a new account).');
    expect(made.lines.join('\n')).not.toContain('harbour lights 42');
    const again = capture();
    expect(await runCli(['create-owner', 'priya@example.com'], again.out, env(), undefined)).toBe(0);
    expect(again.lines[0]).toBe("priya@example.com is the shop's owner. Log in with this e-mail address on the shop's login page.");
    expect(again.lines[1]).toMatch(/^Password \(shown once\): [\w-]{16}$/);

    const db = openDatabase({ dataDir: env().dataDir, databaseUrl: undefined });
    try {
      const row = await db.kysely.selectFrom('users').select(['role', 'name', 'email_verified']).where('email', '=', 'priya@example.com').executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'owner', name: 'Owner', email_verified: 1 });
      const trail = await db.kysely.selectFrom('audit_log').select('action').where('actor', '=', 'cli').where('action', 'like', 'owner.%').orderBy('created_at').execute();
      expect(trail.map((r) => r.action)).toEqual(['owner.created', 'owner.promoted']);
    } finally {
      await db.close();
    }

    const bad = capture();
    expect(await runCli(['create-owner', 'not-an-address'], bad.out, env(), 'harbour lights 42')).toBe(1);
    expect(bad.lines.join('\n')).toContain('Usage: npm run shop -- create-owner <email> [name]');
    const weak = capture();
    expect(await runCli(['create-owner', 'ravi@example.com'], weak.out, env(), 'password')).toBe(1);
    expect(weak.lines.join('\n')).toContain('OWNER_PASSWORD is not a good password');
  });
});

describe('npm run shop -- table-qr', () => {
  it("writes one code per dine space, each opening the catalog at that table, on the shop's public address", async () => {
    const config = { ...testShopConfig(), dineInConfig: { dineInEnabled: true }, dineSpaces: [{ id: 'table-4', name: 'Table 4' }, { id: 'patio', name: 'Patio <garden>' }] };
    const env = { ...readEnv({}), shopConfig: writeJson('shop-tables.json', config), publicUrl: 'https://kirana.example' };
    const file = path.join(dir, 'tables.svg');
    const { lines, out } = capture();
    expect(await runCli(['table-qr', file], out, env)).toBe(0);
    expect(lines).toEqual([`Wrote 2 table codes to ${file}, linking to https://kirana.example/catalog?dineInSpaceId=…`]);
    const sheet = readFileSync(file, 'utf8');
    expect(sheet).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="210mm"/);
    expect(sheet).toContain('>Table 4</text>');
    // a name cannot break the sheet
    expect(sheet).not.toContain('<garden>');
    // each code is the one for its table's link
    for (const id of ['table-4', 'patio']) {
      const code = await QRCode.toString(`https://kirana.example/catalog?dineInSpaceId=${id}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      expect(sheet).toContain(/<path stroke="#000000" d="([^"]+)"/.exec(code)![1]);
    }
  });

  it('needs an address phones can open, and dine spaces', async () => {
    const noUrl = capture();
    expect(await runCli(['table-qr', path.join(dir, 'x.svg')], noUrl.out, { ...readEnv({}), shopConfig: writeJson('shop-t2.json', testShopConfig()), publicUrl: undefined })).toBe(1);
    expect(noUrl.lines.join('\n')).toContain('Usage: npm run shop -- table-qr');
    const noTables = capture();
    expect(await runCli(['table-qr', path.join(dir, 'x.svg'), 'https://kirana.example'], noTables.out, { ...readEnv({}), shopConfig: writeJson('shop-t3.json', { ...testShopConfig(), dineSpaces: [] }) })).toBe(1);
    expect(noTables.lines.join('\n')).toContain('no dineSpaces');
  });
});
