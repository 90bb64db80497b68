import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { createAuditRepository } from '../../testing/audit-log.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases, type OpenTestDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addUsers, addOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

type Image = { id: string; position: number; url: string; thumbnail: string };

/**
 * A 300 × 200 JPEG as a phone writes it: EXIF with a copyright line and orientation 6
 * (the camera was turned: shown upright, the picture is 200 wide and 300 tall).
 */
const phoneJpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret' } } })
    .toBuffer();

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 120, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'storefront-uploads-'));

describe.each(testDatabases)("the owner's product photos on $name", (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  const cacheDir = tempDir();
  const token: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { authSecret: secret, imageCacheDir: cacheDir });
    Object.assign(token, await addOwnerAndCustomer(db, tokens));
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const as = (user?: string) => (user ? { authorization: `Bearer ${token[user]}` } : {});
  const upload = (variantId: string, body: Buffer, contentType = 'image/jpeg', user = 'priya') =>
    app.inject({ method: 'POST', url: `/admin/api/products/${variantId}/images`, payload: body, headers: { 'content-type': contentType, ...as(user) } });
  const post = (url: string, payload: object, user = 'priya') => app.inject({ method: 'POST', url, payload, headers: as(user) });
  const imagesOf = async (variantId: string) => {
    const products = (await app.inject({ method: 'GET', url: '/api/catalog' })).json<{ products: Array<{ variantId: string; images: Image[] }> }>().products;
    return products.find((p) => p.variantId === variantId)!.images;
  };
  const stored = async () =>
    (
      await db.kysely
        .selectFrom('media_blobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('stores an upload upright and without its EXIF, adds it last to the product, and serves it whole and resized', async () => {
    const jpeg = await phoneJpeg();
    // the test's own photo does carry what must go
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('secret');

    const res = await upload('tee-red-m', jpeg);
    expect(res.statusCode, res.body).toBe(200);
    const { image } = res.json<{ image: Image }>();
    expect(image.url).toMatch(/^\/media\/u\/[0-9a-z]{26}\.webp$/);
    expect(image.position).toBe(1);

    // the catalog: the fixture's photo first, the upload after it
    expect((await imagesOf('tee-red-m')).map((i) => i.url)).toEqual(['/media/p/tee.webp', image.url]);

    const original = await app.inject({ method: 'GET', url: image.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect(original.headers['cache-control']).toContain('immutable');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.rawPayload.toString('latin1')).not.toContain('secret');

    const key = image.url.slice('/media/u/'.length);
    const resized = await app.inject({ method: 'GET', url: `/img/120/u/${key}` });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ width: 120, height: 180 });

    const [entry] = await createAuditRepository(db).list('product:tee-red-m');
    expect(entry).toMatchObject({ actor: 'priya', action: 'product.image.add', detail: { url: image.url } });
  });

  it('refuses an HTML page sent as a JPEG, and a file over 10 MB, with a message, storing nothing', async () => {
    const before = { blobs: await stored(), images: await imagesOf('tee-red-l') };

    const html = await upload('tee-red-l', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/jpeg');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ error: 'not_an_image', message: 'This file is not a JPEG, PNG or WebP photo.' });

    // 10 MB is 10 × 1024 × 1024 bytes; one more, starting like a JPEG
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await upload('tee-red-l', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: 'too_large', message: 'The photo is larger than 10 MB: send a smaller one.' });

    // the right first bytes and nothing a decoder can read
    const broken = await upload('tee-red-l', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('unreadable_image');

    const text = await upload('tee-red-l', Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);

    const unknown = await upload('no-such-thing', await png(), 'image/png');
    expect(unknown.statusCode).toBe(404);

    expect(await stored()).toBe(before.blobs);
    expect(await imagesOf('tee-red-l')).toEqual(before.images);
  });

  it('answers anyone but the owner 404, as for a call that does not exist, without storing', async () => {
    const before = await stored();
    const nothing = await app.inject({ method: 'GET', url: '/admin/api/no-such-call' });
    for (const user of ['asha', undefined]) {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/api/products/tee-red-m/images',
        payload: await png(),
        headers: { 'content-type': 'image/png', ...as(user) },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(nothing.json());
      const order = await app.inject({ method: 'POST', url: '/admin/api/products/tee-red-m/images/order', payload: { ids: [] }, headers: as(user) });
      expect(order.statusCode).toBe(404);
    }
    expect(await stored()).toBe(before);
  });

  it('reorders and removes photos, each audited, as the catalog then shows', async () => {
    const first = (await upload('mango', await png(), 'image/png')).json<{ image: Image }>().image;
    const second = (await upload('mango', await phoneJpeg())).json<{ image: Image }>().image;
    expect((await imagesOf('mango')).map((i) => [i.id, i.position])).toEqual([
      [first.id, 0],
      [second.id, 1],
    ]);

    const reordered = await post('/admin/api/products/mango/images/order', { ids: [second.id, first.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await imagesOf('mango')).map((i) => [i.id, i.position])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);

    // naming a photo twice, or leaving one out, changes nothing
    for (const ids of [[second.id, second.id], [second.id], [second.id, first.id, 'other']]) {
      const bad = await post('/admin/api/products/mango/images/order', { ids });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("Name each of the product's photos once, in the new order.");
    }
    const malformed = await post('/admin/api/products/mango/images/order', { ids: 'all' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields[0].path).toBe('ids');
    expect((await imagesOf('mango')).map((i) => i.id)).toEqual([second.id, first.id]);

    const removed = await app.inject({ method: 'DELETE', url: `/admin/api/products/mango/images/${second.id}`, headers: as('priya') });
    expect(removed.statusCode).toBe(200);
    expect((await imagesOf('mango')).map((i) => [i.id, i.position])).toEqual([[first.id, 0]]);
    const again = await post(`/admin/api/products/mango/images/${second.id}/remove`, {});
    expect(again.statusCode).toBe(404);
    expect((await post(`/admin/api/products/mango/images/${first.id}/remove`, {})).statusCode).toBe(200);
    expect(await imagesOf('mango')).toEqual([]);

    const actions = (await createAuditRepository(db).list('product:mango')).map((e) => e.action).sort();
    expect(actions).toEqual(['product.image.add', 'product.image.add', 'product.image.order', 'product.image.remove', 'product.image.remove']);
  });

  describe('a picture for the shop front (POST /admin/api/media)', () => {
    const send = (body: Buffer, contentType: string, user?: string) =>
      app.inject({ method: 'POST', url: '/admin/api/media', payload: body, headers: { 'content-type': contentType, ...as(user) } });
    const categoryImages = async () =>
      (await app.inject({ method: 'GET', url: '/api/catalog' })).json<{ categories: Array<{ oId: string; image: string }> }>().categories;

    it('stores a PNG and a phone JPEG, serves each back at the address it answers, and a category and a banner save those addresses', async () => {
      const before = await stored();
      const pngRes = await send(await png(), 'image/png', 'priya');
      expect(pngRes.statusCode, pngRes.body).toBe(200);
      const picture = pngRes.json<{ success: boolean; url: string; thumbnail: string }>();
      expect(picture.success).toBe(true);
      expect(picture.url).toMatch(/^\/media\/u\/[0-9a-z]{26}\.webp$/);
      expect(picture.thumbnail).toBe(`/img/120/u/${picture.url.slice('/media/u/'.length)}`);
      const served = await app.inject({ method: 'GET', url: picture.url });
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });

      // the phone's photo: upright (200 × 300) and without its EXIF, as a product photo is
      const jpegRes = await send(await phoneJpeg(), 'image/jpeg', 'priya');
      expect(jpegRes.statusCode, jpegRes.body).toBe(200);
      const wide = jpegRes.json<{ url: string; thumbnail: string }>();
      const original = await app.inject({ method: 'GET', url: wide.url });
      const meta = await sharp(original.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
      expect(meta.exif).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: wide.thumbnail })).statusCode).toBe(200);
      expect(await stored()).toBe(before + 2);

      // the shop-front forms take the uploaded address as an image on the shop
      const category = await app.inject({
        method: 'POST',
        url: '/admin/api/categories',
        payload: { name: 'Lamps', colour: '#223344', image: picture.url },
        headers: as('priya'),
      });
      expect(category.statusCode, category.body).toBe(200);
      expect((await categoryImages()).find((c) => c.oId === 'lamps')?.image).toBe(picture.url);
      const banner = await app.inject({
        method: 'POST',
        url: '/admin/api/banners',
        payload: { title: 'Lamp week', image: { mobile: picture.url, desktop: wide.url }, link: { type: 'categories', value: ['lamps'] } },
        headers: as('priya'),
      });
      expect(banner.statusCode, banner.body).toBe(200);
      const shopFront = (await app.inject({ method: 'GET', url: '/admin/api/shop-front', headers: as('priya') })).json<{
        banners: Array<{ title: string; image: { mobile: string; desktop: string } }>;
      }>();
      expect(shopFront.banners.find((b) => b.title === 'Lamp week')?.image).toEqual({ mobile: picture.url, desktop: wide.url });
    });

    it("refuses an HTML file named .png, a file over 10 MB and an unreadable one with the product photos' messages, storing nothing", async () => {
      const before = await stored();
      const html = await send(Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png', 'priya');
      expect(html.statusCode).toBe(415);
      expect(html.json()).toEqual({ success: false, error: 'not_an_image', message: 'This file is not a JPEG, PNG or WebP photo.' });

      const big = Buffer.alloc(10 * 1024 * 1024 + 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooBig = await send(big, 'image/png', 'priya');
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({ success: false, error: 'too_large', message: 'The photo is larger than 10 MB: send a smaller one.' });

      const broken = await send(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]), 'image/jpeg', 'priya');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toBe('unreadable_image');
      expect((await send(Buffer.from('hello'), 'text/plain', 'priya')).statusCode).toBe(415);
      expect((await app.inject({ method: 'POST', url: '/admin/api/media', headers: as('priya') })).statusCode).toBe(415);

      expect(await stored()).toBe(before);
    });

    it('answers anyone but the owner as a call that does not exist, before reading even 10 MB, storing nothing', async () => {
      const before = await stored();
      const nothing = await app.inject({ method: 'GET', url: '/admin/api/no-such-call' });
      const big = Buffer.alloc(10 * 1024 * 1024 + 1);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      for (const user of ['asha', undefined]) {
        for (const body of [await png(), big]) {
          const res = await send(body, 'image/png', user);
          // a 404, not the 413 the owner gets for the big one: the body was never read
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual(nothing.json());
        }
      }
      expect(await stored()).toBe(before);
    });
  });
});

describe.each(testDatabases)('uploaded photos with two instances on $name', (database) => {
  let opened: OpenTestDatabase;
  let second: Db;
  let one: FastifyInstance;
  let two: FastifyInstance;
  const dirs = [tempDir(), tempDir()];
  let owner: string;

  beforeAll(async () => {
    opened = await database.open();
    // as in order-abuse.test.ts: on PostgreSQL the second instance has its own connections, as
    // another process would; on SQLite it shares the first's (one machine, one file)
    second = database.name === 'sqlite' ? opened.db : openDatabase(opened.location);
    // each its own media folder and resized copies, as on two machines
    one = await buildTestApp(opened.db, { authSecret: secret, mediaDir: dirs[0], imageCacheDir: path.join(dirs[0]!, 'cache') });
    two = await buildTestApp(second, { authSecret: secret, mediaDir: dirs[1], imageCacheDir: path.join(dirs[1]!, 'cache'), seed: false });
    ({ priya: owner } = (await addUsers(opened.db, tokens, [['priya', 'owner']])) as { priya: string });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    if (second !== opened?.db) await second?.close();
    await opened?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves a photo uploaded through one instance from the other, whole and resized', async () => {
    const photo = await png();
    const res = await one.inject({
      method: 'POST',
      url: '/admin/api/products/tee-red-m/images',
      payload: photo,
      headers: { 'content-type': 'image/png', authorization: `Bearer ${owner}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ image: Image }>().image;

    const whole = await two.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(await sharp(whole.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
    const resized = await two.inject({ method: 'GET', url: `/img/200/${url.slice('/media/'.length)}` });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    // never enlarged: the 40 px photo stays 40 px
    expect((await sharp(resized.rawPayload).metadata()).width).toBe(40);
  });
});
