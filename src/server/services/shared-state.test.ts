import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createAccessTokens } from './access-tokens.ts';
import { createCallerVerification, type CallerEvent } from './caller-verification.ts';
import { hashPassword } from './passwords.ts';
import { createSharedState } from './shared-state.ts';
import { testDatabases } from '../testing/databases.ts';
import { testPersonal, testShopConfig } from '../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../testing/orders.ts';
import { testRedisUrl, uniquePrefix } from '../testing/redis.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { addOwnerPriya, insertUser } from '../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

/**
 * Two instances of one shop (two apps on one database) sharing their state through Redis
 * (decision 026). The whole path through nginx is in src/server/reliability/scale-out.test.ts.
 */
describe.skipIf(!testRedisUrl).each(testDatabases)('two instances sharing Redis on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    const redisPrefix = uniquePrefix(`shared-${database.name}`);
    one = await buildTestApp(db, { config: shopConfig(), authSecret: secret, redisUrl: testRedisUrl, redisPrefix, trustProxy: ['loopback'] });
    two = await buildTestApp(db, { config: shopConfig(), authSecret: secret, redisUrl: testRedisUrl, redisPrefix, seed: false, trustProxy: ['loopback'] });
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
    await addOwnerPriya(db, tokens);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dispose?.();
  });

  it("counts one shopper's attempts on both instances together: the limit holds across them", async () => {
    const refresh = (app: FastifyInstance, ip: string) =>
      app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip } });
    // 60 a minute per address: 30 on each instance
    for (let i = 0; i < 30; i++) {
      expect((await refresh(one, '203.0.113.5')).statusCode).not.toBe(429);
      expect((await refresh(two, '203.0.113.5')).statusCode).not.toBe(429);
    }
    expect((await refresh(one, '203.0.113.5')).statusCode).toBe(429);
    expect((await refresh(two, '203.0.113.5')).statusCode).toBe(429);
    // another shopper is not slowed by the first
    expect((await refresh(two, '198.51.100.20')).statusCode).not.toBe(429);
  });

  it("an order placed through one instance reaches an owner's live feed on the other", async () => {
    const url = await two.listen({ port: 0, host: '127.0.0.1' });
    // left connected: closing the app ends the feed (an aborted fetch can hold its connection open)
    const res = await fetch(`${url}/admin/api/events`, {
      headers: { authorization: `Bearer ${await tokens.issue({ userId: 'priya', role: 'owner', sessionId: 'test-session' })}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // the feed's first words: it is listening

    const placed = await placeOrder(one, checkoutOrder({ personalDetails: { ...testPersonal(), email: '' } }));
    expect(placed.statusCode).toBe(200);
    const { orderId } = placed.json<{ orderId: string }>();
    let heard = '';
    while (!heard.includes(orderId)) {
      const { value, done } = await reader.read();
      if (done) break;
      heard += value;
    }
    expect(heard).toContain('event: order');
    expect(heard).toContain(`"orderId":"${orderId}"`);
  });
  it('a logout through one instance ends the session on the other at once', async () => {
    await insertUser(db, { id: 'asha', role: 'customer', name: 'Asha', passwordHash: await hashPassword('tamarind sunrise') });
    const login = await one.inject({ method: 'POST', url: '/api/auth/email/login', payload: { email: 'asha@example.com', password: 'tamarind sunrise' } });
    const { authToken } = login.json<{ authToken: string }>();
    const orders = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/user/orders', headers: { authorization: `Bearer ${authToken}` } });
    expect((await orders(two)).statusCode).toBe(200);

    const cookie = login.cookies.find((c) => c.name === 'sf_refresh')!;
    expect((await one.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `sf_refresh=${cookie.value}` } })).statusCode).toBe(200);
    expect((await orders(two)).statusCode).toBe(401);
    expect((await orders(one)).statusCode).toBe(401);
  });
});

describe.skipIf(!testRedisUrl)('caller verification across instances through Redis', () => {
  it('a browser waiting on one instance gets the verdict of a callback on another; the ticket is good once, on any instance', async () => {
    const log = { warn: () => {}, info: () => {} };
    const prefix = uniquePrefix('caller');
    const [one, two] = [createSharedState(testRedisUrl, prefix, log), createSharedState(testRedisUrl, prefix, log)];
    try {
      await Promise.all([one.connected(), two.connected()]);
      const here = createCallerVerification({ store: one.callerStore() });
      const there = createCallerVerification({ store: two.callerStore() });
      const heard: CallerEvent[] = [];
      expect(await here.wait('nonce-12345678', (e) => heard.push(e))).toBe(true);
      // the nonce is taken for every instance
      expect(await there.wait('nonce-12345678', () => {})).toBe(false);
      expect(await there.isWaiting('nonce-12345678')).toBe(true);

      expect(await there.finish('nonce-12345678', { userId: 'ravi' })).toBe(true);
      expect(await there.finish('nonce-12345678', { userId: 'mallory' })).toBe(false);
      await expect.poll(() => heard.length).toBe(1);
      const verified = heard[0] as Extract<CallerEvent, { event: 'truecaller_verified' }>;
      expect(verified.event).toBe('truecaller_verified');

      expect(await there.redeem('nonce-12345678', 'not-the-ticket')).toBeUndefined();
      // a wrong try used it up: a ticket is good for one try
      expect(await here.redeem('nonce-12345678', verified.data.authToken)).toBeUndefined();

      expect(await here.wait('nonce-87654321', (e) => heard.push(e))).toBe(true);
      await there.finish('nonce-87654321', { userId: 'ravi' });
      await expect.poll(() => heard.length).toBe(2);
      const second = heard[1] as Extract<CallerEvent, { event: 'truecaller_verified' }>;
      expect(await there.redeem('nonce-87654321', second.data.authToken)).toBe('ravi');
      expect(await here.redeem('nonce-87654321', second.data.authToken)).toBeUndefined();
    } finally {
      await one.close();
      await two.close();
    }
  });
});
