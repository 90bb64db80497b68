import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type OpenTestDatabase } from '../../testing/databases.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { testRedisUrl, uniquePrefix } from '../../testing/redis.ts';
import { buildTestApp, useTestApp } from '../../testing/test-app.ts';

/**
 * Issue 37: the quote answered 249 coupon guesses a second. A client gets 60 quotes a minute,
 * and 20 different codes that do not apply in 10 minutes; past either, 429 with Retry-After
 * (decision 076).
 */

const NOT_VALID = 'This coupon is not valid or was used already.';

const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  coupons: [{ code: 'TENOFF', percent: 10 }],
});

const body = (couponCode: string | null, qty = 1, email = 'asha@example.com') => ({
  sfId: 'test-shop',
  order: { items: [{ id: 'tee-red-m', qty }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao', email }, paymentType: 'pof', couponCode },
});

describe.each(testDatabases)('coupon guesses and quotes per client on $name', (database) => {
  const shop = useTestApp(database, { config: shopConfig() });
  const call = (url: 'quote' | 'create', from: string, payload: object) =>
    shop.app.inject({ method: 'POST', url: `/fn/order/${url}`, payload, remoteAddress: from });

  it('stops a client after 20 different wrong codes, in quotes and orders alike; a code asked again as the cart changes counts once', async () => {
    const guesser = '203.0.113.9';
    // the checkout asks again whenever the cart changes: one wrong code, many quotes, one guess
    for (let qty = 1; qty <= 25; qty++) {
      const res = await call('quote', guesser, body('WELCOM10', qty));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ path: 'order.couponCode', message: NOT_VALID }]);
    }
    // 19 more, some through the order call
    for (let i = 1; i <= 19; i++) expect((await call(i % 2 ? 'quote' : 'create', guesser, body(`GUESS${i}`))).statusCode, `GUESS${i}`).toBe(400);
    // the 21st code, even a right one, is not looked at
    for (const url of ['quote', 'create'] as const) {
      const stopped = await call(url, guesser, body('TENOFF'));
      expect(stopped.statusCode, url).toBe(429);
      expect(stopped.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      const retryAfter = Number(stopped.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    // the same client without a code, and another client with one, go on
    expect((await call('quote', guesser, body(null))).statusCode).toBe(200);
    expect((await call('quote', '198.51.100.3', body('TENOFF'))).statusCode).toBe(200);
  });

  it('answers a client at most 60 quotes a minute, then 429 with Retry-After', async () => {
    const busy = '192.0.2.60';
    for (let i = 0; i < 60; i++) expect((await call('quote', busy, body(null, 1 + (i % 5)))).statusCode).toBe(200);
    const over = await call('quote', busy, body(null));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await call('quote', '192.0.2.61', body(null))).statusCode).toBe(200);
  });
});

describe.skipIf(!testRedisUrl).each(testDatabases)('coupon guesses counted by two instances together on $name', (database) => {
  let opened: OpenTestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    opened = await database.open();
    const options = { config: shopConfig(), redisUrl: testRedisUrl, redisPrefix: uniquePrefix(`coupon-guesses-${database.name}`) };
    one = await buildTestApp(opened.db, options);
    two = await buildTestApp(opened.db, { ...options, seed: false });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await opened?.dispose();
  });

  it('stops a client whose wrong codes went half to each instance', async () => {
    const quote = (app: FastifyInstance, code: string) =>
      app.inject({ method: 'POST', url: '/fn/order/quote', payload: body(code), remoteAddress: '203.0.113.20' });
    for (let i = 1; i <= 19; i++) expect((await quote(i % 2 ? one : two, `GUESS${i}`)).statusCode).toBe(400);
    // a code one instance counted is not counted again by the other
    expect((await quote(two, 'GUESS1')).statusCode).toBe(400);
    expect((await quote(one, 'TENOFF')).statusCode).toBe(200);
    expect((await quote(two, 'GUESS20')).statusCode).toBe(400);
    expect((await quote(one, 'TENOFF')).statusCode).toBe(429);
    expect((await quote(two, 'TENOFF')).statusCode).toBe(429);
  });
});
