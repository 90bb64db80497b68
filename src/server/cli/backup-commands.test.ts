import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { readEnv, type Env } from '../env.ts';
import { startServer } from '../start.ts';
import { testDatabases } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const crumb = () => ({
  ...testShopConfig(),
  id: 'crumb',
  title: 'Crumb & Co. Bakehouse',
  contact: { whatsappNumber: '+919800000000', email: 'hello@crumb.example' },
  orderConfig: { orderEnabled: true, enquiryEnabled: false, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});
const loaf = Buffer.from('a picture of a sourdough loaf');

/** A shop's places under `root`: DATA_DIR, the config file and the media folder, as the environment names them. */
function shopEnv(root: string, extra: Partial<Env> = {}): Env {
  return {
    ...readEnv({}),
    dataDir: path.join(root, 'data'),
    shopConfig: path.join(root, 'config', 'crumb.json'),
    mediaDir: path.join(root, 'media'),
    seedCatalog: undefined,
    buildDir: path.join(root, 'no-build'),
    logLevel: 'warn',
    owner: { email: 'owner@crumb.example', password: 'warm bread at dawn 7' },
    ...extra,
  };
}

function capture() {
  const lines: string[] = [];
  const banners: string[] = [];
  return { lines, banners, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m), banner: (m: string) => banners.push(m) } };
}

async function start(env: Env) {
  const { app, db } = await startServer(env, new PassThrough());
  return {
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

async function ownerToken(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/email/login', payload: { email: 'owner@crumb.example', password: 'warm bread at dawn 7' } });
  expect(login.statusCode).toBe(200);
  return login.json<{ authToken: string }>().authToken;
}

/** What a shopper and the owner see: the catalog, the owner's order list (with a token made before), and a media file. */
async function whatTheShopServes(app: FastifyInstance, token: string) {
  const catalog = await app.inject({ url: '/api/catalog' });
  const orders = await app.inject({ url: '/admin/api/orders', headers: { authorization: `Bearer ${token}` } });
  const media = await app.inject({ url: '/media/p/loaf.webp' });
  const { version: _version, ...shown } = catalog.json<Record<string, unknown>>();
  return { catalog: shown, orders: { status: orders.statusCode, body: orders.json<unknown>() }, media: { status: media.statusCode, body: media.rawPayload } };
}

describe('npm run shop -- backup and restore, on SQLite', () => {
  const from = path.join(dir, 'from');
  const fresh = path.join(dir, 'fresh');
  const archive = path.join(dir, 'crumb-2026-11-24.tar.gz');
  let token = '';
  let before: Awaited<ReturnType<typeof whatTheShopServes>>;
  let backupOutput: ReturnType<typeof capture>;

  beforeAll(async () => {
    const env = shopEnv(from);
    mkdirSync(path.dirname(env.shopConfig), { recursive: true });
    writeFileSync(env.shopConfig, JSON.stringify(crumb(), null, 2));
    mkdirSync(path.join(env.mediaDir, 'p'), { recursive: true });
    writeFileSync(path.join(env.mediaDir, 'p', 'loaf.webp'), loaf);
    const db = openDatabase({ databaseUrl: undefined, dataDir: env.dataDir });
    await migrate(db);
    await createCatalogRepository(db, 2).replace(testCatalog());
    await db.close();
    const shop = await start(env);
    try {
      const order = await shop.app.inject({
        method: 'POST',
        url: '/fn/order/create',
        payload: {
          sfId: 'crumb',
          order: { items: [{ id: 'tee-red-m', qty: 2 }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao' }, paymentType: 'pof' },
        },
      });
      expect(order.statusCode, order.body).toBe(200);
      token = await ownerToken(shop.app);
      before = await whatTheShopServes(shop.app, token);
      // taken while the shop runs, as an owner would
      backupOutput = capture();
      expect(await runCli(['backup', archive], backupOutput.out, env), backupOutput.lines.join('\n')).toBe(0);
      // the shop is running on that data dir: restore refuses, even with --force
      const running = capture();
      expect(await runCli(['restore', archive, '--force'], running.out, env)).toBe(1);
      expect(running.lines.join('\n')).toContain('is in use: stop the shop');
    } finally {
      await shop.close();
    }
  });

  it('names the shop first, and says what the archive holds', () => {
    expect(backupOutput.banners).toEqual([`Crumb & Co. Bakehouse (crumb), ${path.join(from, 'data', 'shop.sqlite')}`]);
    expect(backupOutput.lines[0]).toBe(
      `Backed up the shop to ${archive}: the database, the secrets and other files of DATA_DIR (auth-secret, vapid.json), the config (crumb.json), 1 media file.`,
    );
  });

  it('has the database, the secrets, the config, the media and a manifest saying what, when and which shop', async () => {
    const entries: Record<string, Buffer> = {};
    await tar.list({
      file: archive,
      onReadEntry: (e) => {
        const chunks: Buffer[] = [];
        e.on('data', (c: Buffer) => chunks.push(c));
        e.on('end', () => (entries[e.path] = Buffer.concat(chunks)));
      },
    });
    const files = Object.keys(entries)
      .filter((p) => !p.endsWith('/'))
      .sort();
    expect(files).toEqual(['config/crumb.json', 'data/auth-secret', 'data/shop.sqlite', 'data/vapid.json', 'manifest.json', 'media/p/loaf.webp']);
    expect(entries['data/auth-secret']!.toString()).toBe(readFileSync(path.join(from, 'data', 'auth-secret'), 'utf8'));
    expect(entries['data/vapid.json']!.toString()).toBe(readFileSync(path.join(from, 'data', 'vapid.json'), 'utf8'));
    expect(entries['media/p/loaf.webp']).toEqual(loaf);
    const manifest = JSON.parse(entries['manifest.json']!.toString()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ format: 'storefront-backup', version: 1, shop: { id: 'crumb', title: 'Crumb & Co. Bakehouse' }, database: 'sqlite' });
    expect(Date.now() - Date.parse(manifest.createdAt as string)).toBeLessThan(60_000);
  });

  it('restores into a fresh place, where the shop serves the same catalog, orders and media, and takes the old session', async () => {
    const env = shopEnv(fresh);
    const { lines, banners, out } = capture();
    expect(await runCli(['restore', archive], out, env), lines.join('\n')).toBe(0);
    expect(banners).toEqual([`Restoring into ${path.join(fresh, 'data', 'shop.sqlite')}, config ${env.shopConfig}, media ${env.mediaDir}`]);
    expect(lines[0]).toMatch(/^Restored Crumb & Co\. Bakehouse \(crumb\), backed up \d{4}-\d\d-\d\d \d\d:\d\d UTC: the database, /);
    const shop = await start(env);
    try {
      const after = await whatTheShopServes(shop.app, token);
      expect(after).toEqual(before);
      // the point of the comparison: there was something to compare
      expect(JSON.stringify(after.orders.body)).toContain('Asha Rao');
      expect(JSON.stringify(after.catalog)).toContain('Alphonso Mango');
      expect(after.media.body).toEqual(loaf);
    } finally {
      await shop.close();
    }
  });

  it('refuses a target that holds a shop without --force, changing nothing; with --force replaces it', async () => {
    const env = shopEnv(path.join(dir, 'taken'));
    mkdirSync(env.dataDir, { recursive: true });
    writeFileSync(path.join(env.dataDir, 'auth-secret'), 'another shop');
    mkdirSync(path.dirname(env.shopConfig), { recursive: true });
    writeFileSync(env.shopConfig, '{"id": "other"}');
    const refused = capture();
    expect(await runCli(['restore', archive], refused.out, env)).toBe(1);
    expect(refused.lines.join('\n')).toContain(`DATA_DIR ${env.dataDir} is not empty (auth-secret)`);
    expect(refused.lines.join('\n')).toContain(`SHOP_CONFIG ${env.shopConfig} exists with another config`);
    expect(refused.lines.at(-1)).toBe('Nothing was restored.');
    expect(readFileSync(path.join(env.dataDir, 'auth-secret'), 'utf8')).toBe('another shop');
    expect(existsSync(path.join(env.dataDir, 'shop.sqlite'))).toBe(false);

    const forced = capture();
    expect(await runCli(['restore', archive, '--force'], forced.out, env), forced.lines.join('\n')).toBe(0);
    expect(readFileSync(path.join(env.dataDir, 'auth-secret'), 'utf8')).toBe(readFileSync(path.join(from, 'data', 'auth-secret'), 'utf8'));
    expect(JSON.parse(readFileSync(env.shopConfig, 'utf8'))).toMatchObject({ id: 'crumb' });
  });

  it('never overwrites a file, and asks for a .tar.gz in a folder that is there', async () => {
    const env = shopEnv(from);
    for (const [args, message] of [
      [[archive], 'exists already'],
      [[path.join(dir, 'no-such-folder', 'b.tar.gz')], 'There is no folder'],
      [[path.join(dir, 'b.sqlite')], 'Usage: npm run shop -- backup <file.tar.gz>'],
      [[], 'Usage: npm run shop -- backup <file.tar.gz>'],
    ] as const) {
      const { lines, out } = capture();
      expect(await runCli(['backup', ...args], out, env)).toBe(1);
      expect(lines.join('\n')).toContain(message);
    }
    const { lines: pgLines, out: pgOut } = capture();
    expect(await runCli(['restore', archive], pgOut, shopEnv(path.join(dir, 'unused'), { databaseUrl: 'postgres://shop@127.0.0.1:1/shop' }))).toBe(1);
    expect(pgLines.join('\n')).toContain('This backup holds a SQLite database, but DATABASE_URL is set');
    const notAnArchive = path.join(dir, 'notes.tar.gz');
    writeFileSync(notAnArchive, 'not a tar file');
    const bad = capture();
    expect(await runCli(['restore', notAnArchive], bad.out, shopEnv(path.join(dir, 'unused')))).toBe(1);
    expect(bad.lines.join('\n')).toContain('is not a backup');
  });
});

const postgres = testDatabases.find((d) => d.name === 'postgres');
describe.skipIf(!postgres)('npm run shop -- backup on PostgreSQL', () => {
  it('archives the config, media and secrets, and points to pg_dump for the database', async () => {
    const opened = await postgres!.open();
    try {
      const root = path.join(dir, 'pg');
      const env = shopEnv(root, { ...opened.location });
      mkdirSync(path.dirname(env.shopConfig), { recursive: true });
      writeFileSync(env.shopConfig, JSON.stringify(crumb()));
      mkdirSync(env.dataDir, { recursive: true });
      writeFileSync(path.join(env.dataDir, 'auth-secret'), 'ab'.repeat(32));
      const file = path.join(dir, 'pg.tar.gz');
      const { lines, out } = capture();
      expect(await runCli(['backup', file], out, env), lines.join('\n')).toBe(0);
      expect(lines.join('\n')).toContain('The PostgreSQL database is not in it: back it up with pg_dump');
      const files: string[] = [];
      await tar.list({ file, onReadEntry: (e) => files.push(e.path) });
      expect(files).toContain('data/auth-secret');
      expect(files).toContain('config/crumb.json');
      expect(files).not.toContain('data/shop.sqlite');
    } finally {
      await opened.dispose();
    }
  });
});
