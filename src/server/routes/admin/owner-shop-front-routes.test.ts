import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import type { Db } from '../../db/database.ts';
import { createAuditRepository } from '../../testing/audit-log.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);
const IST = 'Asia/Kolkata';

type Field = { path: string; message: string };
type OwnerBanner = { id: string; kind: string; title: string; link: unknown; from: string | null; until: string | null };
type ShopFront = { categories: Array<{ id: string; name: string; colour: string; image: string; products: number }>; banners: OwnerBanner[] };

const banner = (title: string, extra: object = {}) => ({
  title,
  image: { mobile: '/media/b/m.webp', desktop: '/media/b/d.webp' },
  link: { type: 'categories', value: ['fruit'] },
  ...extra,
});

describe.each(testDatabases)("the owner's categories and banners on $name", (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  /** Tuesday 1 December 2026, 20:00 in the shop. */
  let now = instantOf('2026-12-01', '20:00', IST);
  const token: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: { ...testShopConfig(), timeZone: IST }, authSecret: secret, clock: () => now, web: true });
    Object.assign(token, await addOwnerAndCustomer(db, tokens, (id) => `User ${id}`));
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const categories = async () =>
    (await call('GET', '/api/catalog')).json<{ categories: Array<{ oId: string; name: string; colour: string; image: string }> }>().categories;
  const shopFront = async () => (await call('GET', '/admin/api/shop-front', 'priya')).json<ShopFront>();
  /** Whether the home page (/home, every banner) shows a shopper this text. */
  const onHome = async (text: string) => {
    const res = await call('GET', '/home');
    expect(res.statusCode).toBe(200);
    return res.body.includes(text);
  };
  const audit = async (subject: string) => (await createAuditRepository(db).list(subject)).map((e) => ({ actor: e.actor, action: e.action }));

  it('creates, renames, colours, reorders and deletes a category; shoppers see each change at once', async () => {
    const created = await call('POST', '/admin/api/categories', 'priya', { name: 'Dry Fruits & Nuts', colour: '#8d6e63', image: '/media/cat-nuts.webp' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ id: 'dry-fruits-nuts' });
    // the test shop lists Clothing (position 1), then Fruit (2); a new one comes last (3)
    expect((await categories()).map((c) => c.oId)).toEqual(['wear', 'fruit', 'dry-fruits-nuts']);

    expect((await call('PATCH', '/admin/api/categories/dry-fruits-nuts', 'priya', { name: 'Nuts', colour: '#123abc' })).statusCode).toBe(200);
    expect((await categories()).find((c) => c.oId === 'dry-fruits-nuts')).toEqual({
      oId: 'dry-fruits-nuts',
      name: 'Nuts',
      colour: '#123abc',
      image: '/media/cat-nuts.webp',
      position: 3,
    });

    expect((await call('POST', '/admin/api/categories/order', 'priya', { ids: ['dry-fruits-nuts', 'fruit', 'wear'] })).statusCode).toBe(200);
    expect((await categories()).map((c) => c.oId)).toEqual(['dry-fruits-nuts', 'fruit', 'wear']);

    expect((await call('DELETE', '/admin/api/categories/dry-fruits-nuts', 'priya')).statusCode).toBe(200);
    expect((await categories()).map((c) => c.oId)).toEqual(['fruit', 'wear']);
    expect(await audit('category:dry-fruits-nuts')).toEqual([
      { actor: 'priya', action: 'category.delete' },
      { actor: 'priya', action: 'category.edit' },
      { actor: 'priya', action: 'category.create' },
    ]);
    expect((await audit('categories')).map((e) => e.action)).toEqual(['category.order']);
  });

  it('refuses to delete a category products are in, saying how many, and changes nothing', async () => {
    const before = await categories();
    // the two tee variants are in Clothing
    const res = await call('DELETE', '/admin/api/categories/wear', 'priya');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('This category cannot be deleted: 2 products are in it. Move them to another category first.');
    expect(await categories()).toEqual(before);
    expect(await audit('category:wear')).toEqual([]);
    // Fruit has the mango, and the test shop's hero banner links to it
    expect((await call('DELETE', '/admin/api/categories/fruit', 'priya')).json<{ message: string }>().message).toBe(
      'This category cannot be deleted: 1 product is in it and 1 banner links to it. Move them to another category first.',
    );
  });

  it('creates a banner linking to categories, reorders and edits it; the home page shows it', async () => {
    const res = await call(
      'POST',
      '/admin/api/banners',
      'priya',
      banner('Winter Woollens', { kind: 'slider', subtitle: 'Warm and soft', buttonText: 'See all', link: { type: 'categories', value: ['wear', 'fruit'] } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: 'winter-woollens' });
    expect(await onHome('Winter Woollens')).toBe(true);
    expect((await shopFront()).banners.map((b) => b.id)).toEqual(['b1', 'winter-woollens']);

    const hero = await call('POST', '/admin/api/banners', 'priya', banner('Mango Days', { link: { type: 'url', urlValue: 'https://example.com/mangoes' } }));
    expect(hero.json()).toMatchObject({ id: 'mango-days' });
    expect((await call('POST', '/admin/api/banners/order', 'priya', { ids: ['mango-days', 'b1', 'winter-woollens'] })).statusCode).toBe(200);
    // heroes first, each kind in the owner's order
    expect((await shopFront()).banners.map((b) => b.id)).toEqual(['mango-days', 'b1', 'winter-woollens']);

    const edited = await call('PATCH', '/admin/api/banners/winter-woollens', 'priya', { title: 'Woollens for Winter', link: { type: 'tags', value: ['new'] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await onHome('Woollens for Winter')).toBe(true);
    expect(await onHome('Winter Woollens')).toBe(false);
    expect((await shopFront()).banners.find((b) => b.id === 'winter-woollens')).toMatchObject({
      title: 'Woollens for Winter',
      link: { type: 'tags', value: ['new'] },
      from: null,
      until: null,
    });
    expect(await audit('banner:winter-woollens')).toEqual([
      { actor: 'priya', action: 'banner.edit' },
      { actor: 'priya', action: 'banner.create' },
    ]);

    expect((await call('DELETE', '/admin/api/banners/mango-days', 'priya')).statusCode).toBe(200);
    expect(await onHome('Mango Days')).toBe(false);
  });

  it("shows a banner scheduled from tomorrow only from the shop's midnight, and no longer after its end", async () => {
    const res = await call('POST', '/admin/api/banners', 'priya', banner('Diwali Lights', { from: '2026-12-02', until: '2026-12-03T12:00' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await shopFront()).banners.find((b) => b.title === 'Diwali Lights')).toMatchObject({ from: '2026-12-02', until: '2026-12-03T12:00' });
    expect(await onHome('Diwali Lights')).toBe(false);
    now = instantOf('2026-12-01', '23:59', IST);
    expect(await onHome('Diwali Lights')).toBe(false);
    // midnight in Kolkata is 18:30 the day before in UTC
    now = Date.parse('2026-12-01T18:30:00Z');
    expect(await onHome('Diwali Lights')).toBe(true);
    now = instantOf('2026-12-03', '11:59', IST);
    expect(await onHome('Diwali Lights')).toBe(true);
    now = instantOf('2026-12-03', '12:00', IST);
    expect(await onHome('Diwali Lights')).toBe(false);
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await shopFront();
    const entries = (await createAuditRepository(db).list()).length;
    const cases: Array<[string, string, object, Field[]]> = [
      ['/admin/api/categories', 'POST', { name: 'Tea', colour: 'green' }, [{ path: 'colour', message: 'Use a colour like #1a2b3c.' }]],
      ['/admin/api/categories/fruit', 'PATCH', { colour: '#12345' }, [{ path: 'colour', message: 'Use a colour like #1a2b3c.' }]],
      ['/admin/api/categories', 'POST', { name: '  ' }, [{ path: 'name', message: 'A category needs a name.' }]],
      ['/admin/api/categories/order', 'POST', { ids: ['fruit'] }, [{ path: 'ids', message: 'List every one of them once, in the new order.' }]],
      [
        '/admin/api/banners',
        'POST',
        banner('Sale', { link: { type: 'url', urlValue: 'javascript:alert(1)' } }),
        [{ path: 'link.urlValue', message: 'A link address starts with http:// or https://, like https://example.com/sale.' }],
      ],
      [
        '/admin/api/banners',
        'POST',
        banner('Sale', { link: { type: 'url', urlValue: 'ftp://example.com/x' } }),
        [{ path: 'link.urlValue', message: 'A link address starts with http:// or https://, like https://example.com/sale.' }],
      ],
      [
        '/admin/api/banners',
        'POST',
        banner('Sale', { link: { type: 'categories', value: ['fruit', 'toys'] } }),
        [{ path: 'link.value.1', message: 'There is no category "toys".' }],
      ],
      [
        '/admin/api/banners',
        'POST',
        banner('Sale', { from: '2026-12-10', until: '2026-12-09' }),
        [{ path: 'until', message: 'The end must be after the start.' }],
      ],
      [
        '/admin/api/banners',
        'POST',
        banner('Sale', { from: '10/12/2026' }),
        [{ path: 'from', message: 'Write a date like 2026-12-31, or a date and time like 2026-12-31T18:00.' }],
      ],
      ['/admin/api/banners', 'POST', banner('Sale', { background: 'red' }), [{ path: 'background', message: 'Use a colour like #1a2b3c.' }]],
      [
        '/admin/api/banners',
        'POST',
        banner('Sale', { image: { mobile: 'https://evil.example/x.png', desktop: '/media/d.webp' } }),
        [{ path: 'image.mobile', message: 'Use the path of an image on the shop, like /media/banners/summer.webp.' }],
      ],
      ['/admin/api/banners/b1', 'PATCH', { until: '2026-11-30', from: '2026-12-01T10:00' }, [{ path: 'until', message: 'The end must be after the start.' }]],
      [
        '/admin/api/banners/b1',
        'PATCH',
        { link: { type: 'categories', value: ['toys'] } },
        [{ path: 'link.value.0', message: 'There is no category "toys".' }],
      ],
    ];
    for (const [url, method, payload, fields] of cases) {
      const res = await call(method as 'POST', url, 'priya', payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json<{ fields: Field[] }>().fields).toEqual(fields);
    }
    expect(await shopFront()).toEqual(before);
    expect((await createAuditRepository(db).list()).length).toBe(entries);
  });

  it('answers a guest and a shopper as if the calls did not exist, and changes nothing', async () => {
    const before = await shopFront();
    const missing = await call('GET', '/admin/api/no-such-call');
    for (const user of [undefined, 'asha']) {
      for (const [method, url, payload] of [
        ['GET', '/admin/api/shop-front'],
        ['POST', '/admin/api/categories', { name: 'Toys' }],
        ['PATCH', '/admin/api/categories/fruit', { name: 'X' }],
        ['DELETE', '/admin/api/categories/fruit'],
        ['POST', '/admin/api/banners', banner('X')],
        ['DELETE', '/admin/api/banners/b1'],
        ['POST', '/admin/api/banners/order', { ids: ['b1'] }],
      ] as const) {
        const res = await call(method, url, user, payload);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    expect(await shopFront()).toEqual(before);
    expect((await call('PATCH', '/admin/api/banners/no-such-banner', 'priya', { title: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', '/admin/api/categories/no-such-category', 'priya')).statusCode).toBe(404);
  });
});
