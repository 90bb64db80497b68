import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateShopConfig } from '../../domain/shop-config.ts';
import { buildApp } from '../app.ts';
import { testDatabases } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { imageResizer, safeRelativePath } from './image-resizer.ts';

// every sharp() call on a file path is recorded, so a test can count the resizes
const opened = vi.hoisted(() => [] as string[]);
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    if (typeof args[0] === 'string') opened.push(args[0]);
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-img-'));
const mediaDir = path.join(dir, 'media');
const cacheDir = path.join(dir, 'cache');

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** An image with detail, so the WebP is not trivially small. */
const noisy = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  mkdirSync(path.join(mediaDir, 'p'), { recursive: true });
  await noisy(1000, 600).png().toFile(path.join(mediaDir, 'big.png'));
  await solid(100, 80).png().toFile(path.join(mediaDir, 'small.png'));
  await solid(800, 800)
    .webp()
    .toFile(path.join(mediaDir, 'p', 'tee.webp'));
  await solid(1200, 900)
    .jpeg()
    .toFile(path.join(mediaDir, 'p', 'crowd.jpg'));
  await solid(300, 300).png().toFile(path.join(dir, 'secret.png')); // outside mediaDir
  writeFileSync(path.join(mediaDir, 'bad.png'), randomBytes(2048));
  writeFileSync(path.join(mediaDir, 'notes.txt'), 'not an image');
  mkdirSync(path.join(mediaDir, 'folder.png'));

  app = Fastify();
  await app.register(imageResizer, { mediaDir, cacheDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A request whose path is sent exactly as written (fetch and inject would normalise `..`). */
function raw(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(`${base}${pathname}`, { headers, path: pathname }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

const cacheFile = (width: number, rel: string) => path.join(cacheDir, String(width), `${rel}.webp`);
const resizesOf = (rel: string) => opened.filter((f) => f === path.join(mediaDir, rel)).length;

describe('GET /img/:width/*', () => {
  it('resizes a 1000 px PNG to a 200 px WebP, keeping the aspect ratio', async () => {
    const res = await raw('/img/200/big.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/); // strong
    const meta = await sharp(res.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 120 });
    expect(existsSync(cacheFile(200, 'big.png'))).toBe(true);
  });

  it('serves the second request from the disk cache', async () => {
    const before = resizesOf('big.png');
    const cached = statSync(cacheFile(200, 'big.png')).mtimeMs;
    const res = await raw('/img/200/big.png');
    expect(res.status).toBe(200);
    expect(statSync(cacheFile(200, 'big.png')).mtimeMs).toBe(cached);
    expect(resizesOf('big.png')).toBe(before);
    expect((await sharp(res.body).metadata()).width).toBe(200);
  });

  it('makes the copy again when the original is newer than it', async () => {
    const copy = cacheFile(200, 'big.png');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(copy, old, old);
    const before = resizesOf('big.png');
    expect((await raw('/img/200/big.png')).status).toBe(200);
    expect(resizesOf('big.png')).toBe(before + 1);
    expect(statSync(copy).mtimeMs).toBeGreaterThan(old.getTime());
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await raw('/img/420/p/tee.webp');
    const etag = first.headers.etag!;
    const again = await raw('/img/420/p/tee.webp', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await raw('/img/420/p/tee.webp', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await raw('/img/420/p/tee.webp', { 'if-none-match': '"other"' })).status).toBe(200);
    // another width is another entity
    expect((await raw('/img/200/p/tee.webp')).headers.etag).not.toBe(etag);
  });

  it('never enlarges a small image', async () => {
    const res = await raw('/img/1600/small.png');
    expect(res.status).toBe(200);
    expect(await sharp(res.body).metadata()).toMatchObject({ format: 'webp', width: 100, height: 80 });
  });

  it('reads JPEG and WebP originals in subfolders', async () => {
    const res = await raw('/img/800/p/crowd.jpg');
    expect(await sharp(res.body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it.each(['/img/201/big.png', '/img/0/big.png', '/img/abc/big.png', '/img/0200/big.png', '/img/-200/big.png', '/img/2e2/big.png'])(
    '404s for a width not in the list: %s',
    async (url) => {
      const res = await raw(url);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toEqual({ error: 'not_found' });
    },
  );

  it.each([
    '/img/200/../../etc/passwd',
    '/img/200/../secret.png',
    '/img/200/%2e%2e/secret.png',
    '/img/200/%2E%2E%2Fsecret.png',
    '/img/200/p/..%2f..%2fsecret.png',
    '/img/200/%252e%252e/secret.png',
    '/img/200/..%5csecret.png',
    '/img/200//etc/passwd',
    '/img/200/%2Fetc%2Fpasswd',
    `/img/200/${encodeURIComponent(path.join(dir, 'secret.png'))}`,
    '/img/200/big.png%00.png',
    '/img/200/./big.png',
    '/img/200/.hidden.png',
  ])('404s, never 500, for a path outside the media: %s', async (url) => {
    const res = await raw(url);
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('PNG');
    expect(JSON.parse(res.body.toString())).toEqual({ error: 'not_found' });
  });

  it('404s for a missing file, a folder and a file that is not a raster image', async () => {
    for (const url of ['/img/200/nope.png', '/img/200/p/nope.webp', '/img/200/folder.png', '/img/200/notes.txt', '/img/200/p']) {
      const res = await raw(url);
      expect(res.status, url).toBe(404);
      expect(JSON.parse(res.body.toString()), url).toEqual({ error: 'not_found' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('404s (not 500) with bad_image for a corrupt original, and caches nothing', async () => {
    const res = await raw('/img/200/bad.png');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toEqual({ error: 'bad_image' });
    expect(res.headers.etag).toBeUndefined();
    expect(existsSync(cacheFile(200, 'bad.png'))).toBe(false);
  });

  it('resizes once for 20 concurrent requests of an uncached image, all getting the same bytes', async () => {
    await noisy(1400, 1000)
      .png()
      .toFile(path.join(mediaDir, 'p', 'rush.png'));
    const results = await Promise.all(Array.from({ length: 20 }, () => raw('/img/800/p/rush.png')));
    for (const r of results) expect(r.status).toBe(200);
    const first = results[0]!.body;
    expect(first.length).toBeGreaterThan(0);
    for (const r of results) expect(r.body.equals(first)).toBe(true);
    expect(resizesOf('p/rush.png')).toBe(1);
    // the temp file was renamed into place: only the finished copy is left
    expect(readdirSync(path.join(cacheDir, '800', 'p')).filter((f) => f.startsWith('rush'))).toEqual(['rush.png.webp']);
  });

  it('answers HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/img/200/big.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });
});

describe('safeRelativePath', () => {
  it('keeps ordinary relative paths', () => {
    expect(safeRelativePath('p/tee.webp')).toBe('p/tee.webp');
    expect(safeRelativePath('50% off.png')).toBe('50% off.png');
  });
  it.each(['', '/etc/passwd', '../x.png', 'a/../../x.png', 'a//b.png', 'a/./b.png', 'a\\..\\b.png', 'a\0.png', '.env', 'x/'])('refuses %j', (p) => {
    expect(safeRelativePath(p)).toBeNull();
  });
});

describe('in the whole app', () => {
  const database = testDatabases[0]!;
  let whole: FastifyInstance;
  let dispose: () => Promise<void>;
  const appCache = path.join(dir, 'app-cache');

  beforeAll(async () => {
    const db = await database.open();
    dispose = db.dispose;
    whole = await buildApp({ config: validateShopConfig(testShopConfig()), db: db.db, mediaDir, imageCacheDir: appCache });
  });
  afterAll(async () => {
    await whole?.close();
    await dispose?.();
  });

  it('serves /img/ next to /media/, into the cache directory it was given', async () => {
    const resized = await whole.inject('/img/140/p/tee.webp');
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    expect((await sharp(resized.rawPayload).metadata()).width).toBe(140);
    expect(existsSync(path.join(appCache, '140', 'p', 'tee.webp.webp'))).toBe(true);
    expect((await whole.inject('/media/p/tee.webp')).statusCode).toBe(200);
    const bad = await whole.inject('/img/200/bad.png');
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: 'bad_image' });
  });
});
