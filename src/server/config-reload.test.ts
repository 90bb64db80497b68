import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { startServer } from './start.ts';
import { testDatabases } from './testing/databases.ts';
import { testCatalog, testShipping, testShopConfig } from './testing/fixtures.ts';

const OWNER = { email: 'owner@kirana.example', password: 'harbour lights 42' };
/** All the public is told while no config is valid: the problems are the owner's. */
const NOT_CONFIGURED = 'The shop is not configured correctly.';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A shop config as the owner writes it, with a delivery charge that checkout shows. */
const shopFile = (title: string, deliveryCharge: number) => ({
  ...testShopConfig(),
  title,
  orderConfig: {
    orderEnabled: true,
    enquiryEnabled: false,
    deliveryCharge: { amount: deliveryCharge },
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
  },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

/** An editor's save: the new text in a file beside it, renamed over the old one. */
function save(file: string, content: unknown) {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  renameSync(temporary, file);
}

/** A whole server (startServer) on a fresh SQLite database and a config file in a temporary folder; `log` is what it wrote so far. */
async function startShop(config: unknown) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-reload-'));
  dirs.push(dir);
  const file = path.join(dir, 'shop.config.json');
  save(file, config);
  const catalog = path.join(dir, 'catalog.json');
  writeFileSync(catalog, JSON.stringify(testCatalog()));
  const { dispose, location } = await testDatabases[0]!.open();
  const stream = new PassThrough();
  const logs = { text: '' };
  stream.on('data', (d: Buffer) => (logs.text += d.toString()));
  const env = { ...readEnv({}), shopConfig: file, ...location, seedCatalog: catalog, buildDir: path.join(dir, 'no-build'), owner: OWNER };
  const { app, db } = await startServer(env, stream);
  return {
    app,
    file,
    logs,
    /** Resolves once the log holds `text` after the first `from` characters; fails after 10 s. */
    async logSays(text: string, from: number) {
      const deadline = Date.now() + 10_000;
      while (!logs.text.slice(from).includes(text)) {
        if (Date.now() > deadline) throw new Error(`the log never said "${text}":\n${logs.text.slice(from)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      await app.close();
      await db.close();
      await dispose();
    },
  };
}

async function ownerToken(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/email/login', payload: OWNER });
  expect(login.statusCode, login.body).toBe(200);
  return login.json<{ authToken: string }>().authToken;
}

const title = async (app: FastifyInstance) => (await app.inject({ url: '/api/shop' })).json<{ title: string }>().title;

/** What checkout charges for delivery on a small order, as the server quotes it. */
async function deliveryCharge(app: FastifyInstance): Promise<number | undefined> {
  const order = {
    items: [{ id: 'tee-red-m', qty: 1 }],
    deliveryMode: 'ship',
    personalDetails: { fullName: 'Asha Rao' },
    shippingDetails: { ...testShipping(), city: 'Pune', state: 'Maharashtra', zipCode: '411001' },
    paymentType: 'pof',
  };
  const quote = await app.inject({ method: 'POST', url: '/fn/order/quote', payload: { userId: null, sfId: 'test-shop', order } });
  expect(quote.statusCode, quote.body).toBe(200);
  return quote.json<{ totals: Array<{ code: string; value: number }> }>().totals.find((t) => t.code === 'delivery')?.value;
}

describe('a config mistake never takes the shop down (a whole server on SQLite)', () => {
  it('keeps the last valid shop while the file is invalid, tells the owner and the log, and takes a valid edit without a restart', async () => {
    const shop = await startShop(shopFile('Kirana & Co.', 40));
    try {
      const { app } = shop;
      expect(await title(app)).toBe('Kirana & Co.');
      expect(await deliveryCharge(app)).toBe(40);
      const token = await ownerToken(app);
      const status = async () => (await app.inject({ url: '/admin/api/config', headers: { authorization: `Bearer ${token}` } })).json();
      expect(await status()).toEqual({ success: true, state: 'ok', file: shop.file, problems: [] });

      // a typo and a blank title: the file no longer validates
      let from = shop.logs.text.length;
      save(shop.file, { ...shopFile('  ', 60), pickupEnabeld: true });
      await shop.logSays('the shop keeps running on the last good config', from);
      await shop.logSays('shop config: title: Invalid Title', from);
      expect(shop.logs.text.slice(from)).toContain('pickupEnabeld');
      // shoppers keep the last valid shop, checkout its rules, and the server calls itself healthy
      expect(await title(app)).toBe('Kirana & Co.');
      expect(await deliveryCharge(app)).toBe(40);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      // the owner's page lists each problem, with the file
      const broken = await status();
      expect(broken).toMatchObject({ state: 'last-good', file: shop.file });
      expect(broken.problems).toContainEqual({ path: 'title', message: 'Invalid Title' });
      expect(broken.problems.map((p: { path: string }) => p.path)).toContain('pickupEnabeld');

      // the fixed file applies to the next request, with no restart
      from = shop.logs.text.length;
      save(shop.file, shopFile('Kirana & Co. Fresh', 60));
      await shop.logSays('shop config reloaded', from);
      expect(await title(app)).toBe('Kirana & Co. Fresh');
      expect(await deliveryCharge(app)).toBe(60);
      expect(await status()).toEqual({ success: true, state: 'ok', file: shop.file, problems: [] });
    } finally {
      await shop.close();
    }
  });

  it('reloads on SIGHUP too', async () => {
    const shop = await startShop(shopFile('Kirana & Co.', 40));
    try {
      const from = shop.logs.text.length;
      // written in place, then the signal: the reload it makes is the signal's
      writeFileSync(shop.file, JSON.stringify(shopFile('Kirana by Night', 40)));
      process.emit('SIGHUP', 'SIGHUP');
      await shop.logSays('(SIGHUP)', from);
      expect(await title(shop.app)).toBe('Kirana by Night');
    } finally {
      await shop.close();
    }
  });

  it('started with a broken config: shoppers and /healthz get 503, the owner logs in and reads the problems; fixing the file opens the shop', async () => {
    const shop = await startShop('{ "id": "test-shop", "title": "Kirana & Co.",\n  "localeConfig": {}\n  "orderConfig": {} }');
    try {
      const { app } = shop;
      await shop.logSays('pages show the error screen', 0);
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'sqlite', error: 'shop_config_invalid', message: NOT_CONFIGURED });
      expect((await app.inject({ url: '/api/shop' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/api/catalog' })).statusCode).toBe(503);

      const token = await ownerToken(app);
      const owner = { authorization: `Bearer ${token}` };
      expect((await app.inject({ url: '/admin/api/store', headers: owner })).statusCode).toBe(200);
      const status = (await app.inject({ url: '/admin/api/config', headers: owner })).json();
      // the JSON mistake, where it is: the missing comma at the start of line 3
      expect(status).toMatchObject({
        state: 'none',
        file: shop.file,
        problems: [expect.objectContaining({ path: `${shop.file}:3:3`, message: expect.stringContaining('expected a comma') })],
      });
      // the owner's other calls need a shop, and say so
      expect((await app.inject({ url: '/admin/api/orders', headers: owner })).statusCode).toBe(503);

      const from = shop.logs.text.length;
      save(shop.file, shopFile('Kirana & Co.', 40));
      await shop.logSays('shop config reloaded', from);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect(await title(app)).toBe('Kirana & Co.');
      expect((await app.inject({ url: '/admin/api/orders', headers: owner })).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });

  it('started on a file that is not a config (a secret, say): the public is told only that the shop is not configured, never its lines or where it is', async () => {
    const shop = await startShop('DB_PASSWORD=hunter2\nAPI_KEY=sk_live_0123456789\n');
    try {
      const { app } = shop;
      await shop.logSays('pages show the error screen', 0);
      const publicAnswers = [
        await app.inject({ url: '/healthz' }),
        await app.inject({ url: '/api/shop' }),
        await app.inject({ url: '/api/catalog' }),
        await app.inject({ method: 'POST', url: '/fn/order/create', payload: {} }),
        // an owner's call from anyone: the guard answers before the owner check
        await app.inject({ url: '/admin/api/orders' }),
        await app.inject({ url: '/manifest.webmanifest' }),
      ];
      for (const res of publicAnswers) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ error: 'shop_config_invalid', message: NOT_CONFIGURED });
        expect(res.body).not.toContain('hunter2');
        expect(res.body).not.toContain('DB_PASSWORD');
        expect(res.body).not.toContain(path.dirname(shop.file));
      }
      // the owner reads the problem, with the file's place and its line, on /admin and in the log
      const token = await ownerToken(app);
      const status = (await app.inject({ url: '/admin/api/config', headers: { authorization: `Bearer ${token}` } })).json();
      expect(status.problems).toEqual([expect.objectContaining({ path: `${shop.file}:1:1`, hint: expect.stringContaining('DB_PASSWORD=hunter2') })]);
      expect(shop.logs.text).toContain(`${shop.file}:1:1`);
    } finally {
      await shop.close();
    }
  });
});
