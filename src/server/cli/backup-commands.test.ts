import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
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

type CraftedEntry = { path: string; type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'FIFO'; body?: string; linkpath?: string };

/** A .tar.gz written header by header with node-tar's own Header, so it can hold what `tar.create` never writes. */
function craftArchive(file: string, entries: CraftedEntry[]): string {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const type = entry.type ?? 'File';
    const header = new tar.Header({
      path: entry.path,
      type,
      linkpath: entry.linkpath,
      size: body.length,
      mode: type === 'Directory' ? 0o755 : 0o644,
      mtime: new Date('2026-11-24T10:00:00Z'),
      uid: 1000,
      gid: 1000,
      ...(type === 'CharacterDevice' ? { devmaj: 1, devmin: 3 } : {}),
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  writeFileSync(file, gzipSync(Buffer.concat(blocks)));
  return file;
}

describe('npm run shop -- restore of a crafted archive', () => {
  const root = path.join(dir, 'crafted');
  // what an attacker wants read into the shop: a file of the machine outside any backup
  const secret = path.join(root, 'outside', 'secret.txt');
  const manifest = (config: string | null = 'crumb.json') =>
    JSON.stringify({
      format: 'storefront-backup',
      version: 1,
      createdAt: '2026-11-24T10:00:00.000Z',
      shop: { id: 'crumb', title: 'Crumb & Co. Bakehouse' },
      storefrontVersion: '1.0.0',
      database: 'sqlite',
      contents: { data: ['auth-secret'], config, media: 0 },
    });
  /** A backup that is right but for `extra`, the manifest's config name and whether config/crumb.json is a file. */
  const backupWith = (name: string, extra: CraftedEntry[], { config = 'crumb.json', configFile = true }: { config?: string; configFile?: boolean } = {}) =>
    craftArchive(path.join(root, `${name}.tar.gz`), [
      { path: 'manifest.json', body: manifest(config) },
      { path: 'data/', type: 'Directory' },
      { path: 'data/auth-secret', body: 'cd'.repeat(32) },
      { path: 'config/', type: 'Directory' },
      ...(configFile ? [{ path: 'config/crumb.json', body: JSON.stringify(crumb()) }] : []),
      ...extra,
    ]);

  beforeAll(() => {
    mkdirSync(path.dirname(secret), { recursive: true });
    writeFileSync(secret, 'DB_PASSWORD=hunter2\nsecond line\n');
  });

  /** Restores `archive` into a fresh place: refused, with `reason` among the lines, and nothing there afterwards, nor anything written outside. */
  async function refused(archive: string, reason: string) {
    const place = mkdtempSync(path.join(root, 'target-'));
    const env = shopEnv(place);
    const { lines, out } = capture();
    expect(await runCli(['restore', archive], out, env), lines.join('\n')).toBe(1);
    expect(lines.join('\n')).toContain(reason);
    expect(lines.at(-1)).toBe('Nothing was restored.');
    // nothing restored: no DATA_DIR, no config, no media; the secret's words nowhere
    expect(readdirSync(place)).toEqual([]);
    expect(readdirSync(path.dirname(secret))).toEqual(['secret.txt']);
    expect(lines.join('\n')).not.toContain('hunter2');
  }

  it('refuses a manifest whose config name leads out of the archive, the file it names staying where it is', async () => {
    const depth = '../'.repeat(4);
    const archive = backupWith('config-escape', [], { config: `${depth}${secret.slice(1)}` });
    await refused(archive, `the manifest names the config ${depth}${secret.slice(1)}, which is not a file name`);
  });

  it('refuses an entry whose path climbs out with ..', async () => {
    await refused(backupWith('dotdot', [{ path: 'media/../../escaped.txt', body: 'planted' }]), 'media/../../escaped.txt: its path leads outside the backup');
    expect(existsSync(path.join(root, 'escaped.txt'))).toBe(false);
  });

  it('refuses an entry with an absolute path', async () => {
    const planted = path.join(root, 'outside', 'planted.txt');
    await refused(backupWith('absolute', [{ path: planted, body: 'planted' }]), `${planted}: its path leads outside the backup`);
  });

  it('refuses a symbolic link, even one that points inside the archive', async () => {
    // inside the archive, yet once copied into MEDIA_DIR a link is followed from there, where the shop serves its files
    const inside = backupWith('symlink-inside', [
      { path: 'media/', type: 'Directory' },
      { path: 'media/leak.webp', type: 'SymbolicLink', linkpath: '../data/auth-secret' },
    ]);
    await refused(inside, 'media/leak.webp: a symbolic link');
    const asConfig = backupWith('symlink-config', [{ path: 'config/crumb.json', type: 'SymbolicLink', linkpath: secret }], { configFile: false });
    await refused(asConfig, 'config/crumb.json: a symbolic link');
    await refused(
      backupWith('symlink-secret', [{ path: 'data/vapid.json', type: 'SymbolicLink', linkpath: '../../outside/secret.txt' }]),
      'data/vapid.json: a symbolic link',
    );
    await refused(backupWith('symlink-media', [{ path: 'media', type: 'SymbolicLink', linkpath: path.dirname(secret) }]), 'media: a symbolic link');
  });

  it('refuses a hard link to a file outside the archive', async () => {
    await refused(
      backupWith('hardlink-absolute', [{ path: 'data/vapid.json', type: 'Link', linkpath: secret }]),
      'data/vapid.json: a hard link to a file outside the backup',
    );
    await refused(
      backupWith('hardlink-dotdot', [{ path: 'data/vapid.json', type: 'Link', linkpath: '../outside/secret.txt' }]),
      'data/vapid.json: a hard link to a file outside the backup',
    );
  });

  it('refuses device files and pipes', async () => {
    await refused(backupWith('device', [{ path: 'data/null', type: 'CharacterDevice' }]), 'data/null: a device');
    await refused(backupWith('fifo', [{ path: 'data/pipe', type: 'FIFO' }]), 'data/pipe: a pipe');
  });

  it('takes a hard link between two files of the archive, as tar writes for files that share their data', async () => {
    const archive = backupWith('hardlink-inside', [
      { path: 'media/', type: 'Directory' },
      { path: 'media/loaf.webp', body: 'a loaf' },
      { path: 'media/same-loaf.webp', type: 'Link', linkpath: 'media/loaf.webp' },
    ]);
    const env = shopEnv(mkdtempSync(path.join(root, 'target-')));
    const { lines, out } = capture();
    expect(await runCli(['restore', archive], out, env), lines.join('\n')).toBe(0);
    expect(readFileSync(path.join(env.mediaDir, 'same-loaf.webp'), 'utf8')).toBe('a loaf');
    expect(readFileSync(path.join(env.dataDir, 'auth-secret'), 'utf8')).toBe('cd'.repeat(32));
    expect(JSON.parse(readFileSync(env.shopConfig, 'utf8'))).toMatchObject({ id: 'crumb' });
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
