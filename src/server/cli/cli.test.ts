import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.ts';
import type { CatalogFile } from '../../domain/catalog.ts';
import { createAnalyticsRepository } from '../db/repositories/analytics-repository.ts';
import { createAppointmentRepository } from '../db/repositories/booking-repository.ts';
import { instantOf } from '../../domain/booking.ts';
import { createAuditRepository } from '../db/repositories/audit-repository.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { readEnv } from '../env.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
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

describe.each(testDatabases)('npm run shop -- appointments list on $name', (database) => {
  let opened: OpenTestDatabase;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => opened?.dispose());

  it("lists one day's bookings in the shop's time zone, with who booked, and refuses a bad date", async () => {
    const shop = { ...testShopConfig(), timeZone: 'Asia/Kolkata' };
    const env = { ...readEnv({}), shopConfig: writeJson('shop-bookings.json', shop), ...opened.location };
    const repo = createAppointmentRepository(opened.db);
    await opened.db.kysely.insertInto('users').values({ id: 'asha', name: 'Asha Rao', email: 'asha@example.com', phone: null, password_hash: null, role: 'customer', email_verified: 1, phone_verified: 0, created_at: 0 }).execute();
    const book = (date: string, time: string, notes: string) => {
      const start = instantOf(date, time, 'Asia/Kolkata');
      return repo.book('asha', { serviceId: 'fitting', resource: 'service:fitting', cells: [start], capacity: 1, start, end: start + 30 * 60_000 }, { serviceName: 'Kurta fitting', price: 150, durationMinutes: 30, name: 'Asha Rao', email: 'asha@example.com', phone: null, notes });
    };
    // 00:15 in India is still the evening before in UTC: it belongs to the 24th
    await book('2026-12-24', '00:15', 'Blue kurta\u001b[31m');
    await book('2026-12-25', '10:00', '');
    const { lines, out } = capture();
    expect(await runCli(['appointments', 'list', '2026-12-24'], out, env)).toBe(0);
    expect(lines).toEqual([
      '2026-12-24 (Asia/Kolkata): 1 booked',
      expect.stringMatching(/^ {2}00:15–00:45 {2}booked {5}Kurta fitting {2}Asha Rao, asha@example\.com {2}\w{26}\n {6}note: Blue kurta \[31m$/),
    ]);
    const bad = capture();
    expect(await runCli(['appointments', 'list', '24-12-2026'], bad.out, env)).toBe(1);
    expect(bad.lines.join('\n')).toContain('Usage: npm run shop -- appointments list');
  });
});

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
    expect(after.products.map((p) => [p.variantId, p.stock])).toEqual([['tee-red-m', 3], ['tee-red-l', 0], ['mango', 7.25]]);
  });

  it('writes CSV with the importer\'s columns that imports as the same products and categories, awkward text included', async () => {
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
    catalog.products.push({ variantId: 'jeera', variantName: '100 g', title: 'Cumin', description: '', categoryId: 'spices', price: { mrp: 60, regular: 55.25, special: 0 }, images: [], stock: 0.125, isFraction: true, type_id: 'simple', errors: {}, tags: ['whole'], weightStep: 0.05, sizeGuide: 'A spoon holds about 5 g;\nkeep it dry.' });
    const from = await shopWith(catalog);
    const { to, file, lines } = await roundTrip(from, 'catalog.csv');
    expect(lines).toEqual([`Exported 4 products in 3 categories to ${file}.`]);

    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFFvariantId,itemId,variantName,title,description,categoryId,categoryName,categoryColour,mrp,regular,special,stock,isFraction,sku,type_id,tags,images,taxRate,hsn,weightStep,sizeGuide\n')).toBe(true);
    expect(text).toContain('/media/p/tee.webp;/media/p/tee-back.webp');
    expect(text).toContain('+new;cotton');
    // cells that look like formulas are written as they are (decision 025)
    expect(text).toContain('"=HYPERLINK(""http://example.com"",""x"")"');
    expect(await catalogOf(to)).toEqual(await catalogOf(from));
    expect((await catalogOf(to)).products.find((p) => p.variantId === 'jeera')).toMatchObject({ weightStep: 0.05, sizeGuide: 'A spoon holds about 5 g;\nkeep it dry.' });
  });

  it('says what a CSV cannot hold, and keeps the products and stock', async () => {
    const from = await shopWith(testCatalog());
    const { to, lines } = await roundTrip(from, 'lossy.csv');
    expect(lines[1]).toBe('A CSV cannot hold 1 banner, 2 category images, 1 image thumbnail (the image itself is used), 1 image id: export to a .json file to keep them.');
    const [before, after] = [await catalogOf(from), await catalogOf(to)];
    expect(after.products.map((p) => ({ ...p, images: p.images.map((i) => i.url) }))).toEqual(before.products.map((p) => ({ ...p, images: p.images.map((i) => i.url) })));
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
  async function placeOrder(): Promise<{ id: string; number: number }> {
    const e = env();
    const db = openDatabase({ dataDir: e.dataDir, databaseUrl: undefined });
    await migrate(db);
    const app = await buildTestApp(db, { config: shopConfig() });
    try {
      const personal = { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '', dialCode: '+91' } };
      const res = await app.inject({ method: 'POST', url: '/fn/order/create', payload: { userId: null, sfId: 'test-shop', order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: personal, paymentType: 'pof' } } });
      expect(res.statusCode).toBe(200);
      const { orderId, order } = res.json<{ orderId: string; order: { number: number } }>();
      return { id: orderId, number: order.number };
    } finally {
      await app.close();
      await db.close();
    }
  }

  it('lists orders, moves one on by its number (the shopper gets an e-mail), refuses a wrong step, shows it in full and marks it collected', async () => {
    const { id, number } = await placeOrder();
    const label = `#${number}`;
    const list = capture();
    expect(await runCli(['orders', 'list'], list.out, env())).toBe(0);
    expect(list.lines.find((l) => l.startsWith(label))).toMatch(/placed\s+pickup\s+to_collect.*Asha Rao/);
    const none = capture();
    expect(await runCli(['orders', 'list', 'confirmed'], none.out, env())).toBe(0);
    expect(none.lines).toEqual(['No orders that are confirmed.']);

    const confirm = capture();
    expect(await runCli(['orders', 'set-status', label, 'confirmed'], confirm.out, env())).toBe(0);
    expect(confirm.lines).toEqual([`Order ${label}: placed → confirmed.`]);
    const mail = smtp.received.find((m) => m.to.includes('asha@example.com'));
    expect(mail?.raw).toContain(`Your order ${label} is confirmed.`);

    const wrong = capture();
    expect(await runCli(['orders', 'set-status', String(number), 'out_for_delivery'], wrong.out, env())).toBe(1);
    expect(wrong.lines.join('\n')).toContain(`Order ${number} is confirmed: it cannot become out_for_delivery. It can become: preparing, ready, picked_up, cancelled.`);
    const unknown = capture();
    expect(await runCli(['orders', 'set-status', id, 'shipped'], unknown.out, env())).toBe(1);
    expect(unknown.lines.join('\n')).toContain('Unknown status "shipped".');

    const paid = capture();
    expect(await runCli(['mark-paid', String(number)], paid.out, env())).toBe(0);
    expect(paid.lines).toEqual([`Order ${number}: payment collected.`]);
    const again = capture();
    expect(await runCli(['mark-paid', id], again.out, env())).toBe(1);
    expect(again.lines).toEqual([`Order ${id} is paid already.`]);

    // by its number with or without '#', and by its long id: the same order in full
    const shown: string[] = [];
    for (const ref of [label, String(number), id]) {
      const show = capture();
      expect(await runCli(['orders', 'show', ref], show.out, env())).toBe(0);
      shown.push(show.lines.join('\n'));
    }
    expect(new Set(shown).size).toBe(1);
    const text = shown[0]!;
    expect(text).toContain(`Order ${label} · confirmed · Pickup · ₹499.50`);
    expect(text).toContain('Contact: Asha Rao · asha@example.com');
    expect(text).toContain('Pickup at the shop');
    expect(text).toContain('1 × Cotton Tee (Red / M) @ ₹499.50 = ₹499.50');
    expect(text).toContain('Payment: Pay on delivery, paid');
    expect(text).toContain('Next: preparing, ready, picked_up, cancelled');
    // the history in the shop's time zone (the test shop is in Asia/Kolkata), with who did it
    expect(text).toMatch(/History:\n {2}\w{3}, \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m {2}shopper: placed the order\n.+command line: placed → confirmed\n.+command line: payment collected/);
    const missing = capture();
    expect(await runCli(['orders', 'show', '999'], missing.out, env())).toBe(1);
    expect(missing.lines.join('\n')).toContain("There is no order 999. Name it by its number (1042 or '#1042') or its id.");
    expect(await runCli(['orders', 'show', '01NOSUCHORDER'], capture().out, env())).toBe(1);
  });

  it('a collected order that is then cancelled owes a refund; refund marks it paid back once', async () => {
    const { number } = await placeOrder();
    const run = async (...args: string[]) => {
      const c = capture();
      const code = await runCli(args, c.out, env());
      return { code, text: c.lines.join('\n') };
    };
    expect(await run('refund', `#${number}`)).toEqual({ code: 1, text: `Order #${number} owes no refund: it was not paid, or it was not cancelled or rejected.` });
    expect((await run('mark-paid', `#${number}`)).code).toBe(0);
    expect((await run('orders', 'set-status', `#${number}`, 'cancelled')).code).toBe(0);
    expect((await run('orders', 'show', `#${number}`)).text).toContain('Refund due: ₹499.50 by Pay on delivery');
    expect(await run('refund', `#${number}`)).toEqual({ code: 0, text: `Order #${number}: refunded ₹499.50.` });
    expect((await run('orders', 'show', `#${number}`)).text).toMatch(/Refunded: ₹499\.50 on \w{3}, \d{1,2} \w{3},? \d{4}/);
    expect(await run('refund', `#${number}`)).toEqual({ code: 1, text: `Order #${number}'s refund is marked done already.` });
    expect((await run('refund', '#999999')).code).toBe(1);
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
