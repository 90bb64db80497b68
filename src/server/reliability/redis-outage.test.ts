import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { ATTEMPTS } from '../routes/api/auth/auth-kit.ts';
import { createAccessTokens } from '../services/access-tokens.ts';
import { hashPassword } from '../services/passwords.ts';
import { testDatabases } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { logCapture } from '../testing/log-capture.ts';
import { checkoutOrder, placeOrder } from '../testing/orders.ts';
import { REDIS_SERVER, startTestRedis, type TestRedis } from '../testing/redis-server.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { addOwnerPriya, insertUser } from '../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});
/** The refresh call's limit per address and minute (auth-routes.ts). */
const REFRESHES = 60;

/** Client addresses no other call of this file uses (TEST-NET and benchmarking ranges). */
let nextAddress = 0;
const freshAddress = () => `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/**
 * Issue 37: two instances of one shop (two apps on one database) sharing a Redis the test
 * starts itself, which it kills, starts again empty, flushes and freezes. Whatever Redis
 * does, an ended session stays ended, limits hold (shared, or per instance while Redis is
 * away), and no request waits for Redis.
 */
describe.skipIf(!REDIS_SERVER).each(testDatabases)('two instances whose Redis restarts, is flushed or goes away, on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let redis: TestRedis;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let ownerToken: string;
  const log = logCapture();

  beforeAll(async () => {
    redis = await startTestRedis();
    ({ db, dispose } = await database.open());
    const options = { config: shopConfig(), authSecret: secret, redisUrl: redis.url, redisPrefix: 'storefront:test-shop:' };
    one = await buildTestApp(db, { ...options, logger: log.logger });
    two = await buildTestApp(db, { ...options, seed: false });
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
    await insertUser(db, { id: 'asha', role: 'customer', name: 'Asha', passwordHash: await hashPassword('tamarind sunrise') });
    ownerToken = await addOwnerPriya(db, tokens);
  }, 60_000);
  // a test that failed midway leaves Redis as it was: the next starts from a running, shared one
  beforeEach(async () => {
    await redis.start();
    await untilLimitsShared();
  }, 30_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await redis?.stop();
    await dispose?.();
  });

  const login = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/email/login', payload: { email: 'asha@example.com', password: 'tamarind sunrise' } });
    expect(res.statusCode).toBe(200);
    return { token: res.json<{ authToken: string }>().authToken, refresh: res.cookies.find((c) => c.name === 'sf_refresh')!.value };
  };
  const logout = async (app: FastifyInstance, session: { refresh: string }) =>
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `sf_refresh=${session.refresh}` } })).statusCode).toBe(200);
  /** What a signed-in shopper's orders page asks: answered only while the session lasts. */
  const myOrders = async (app: FastifyInstance, session: { token: string }) =>
    (await app.inject({ method: 'GET', url: '/api/user/orders', headers: { authorization: `Bearer ${session.token}` } })).statusCode;
  const refresh = (app: FastifyInstance, ip: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: ip });

  /**
   * Both instances count in Redis again: one attempt on each from a new address leaves
   * 58 of 60 as the second instance reports it (59 while either counts on its own).
   */
  async function untilLimitsShared(timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ip = freshAddress();
      await refresh(one, ip);
      const remaining = (await refresh(two, ip)).headers['x-ratelimit-remaining'];
      if (remaining === String(REFRESHES - 2)) return;
      if (Date.now() > deadline) throw new Error(`the instances did not share their limits again (${String(remaining)} left)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** What a shopper's visit asks of Redis, `rounds` times over (a refresh, the session check, an order), and how long it took. */
  async function timedVisits(session: { token: string }, rounds = 8): Promise<number> {
    const started = performance.now();
    for (let i = 0; i < rounds; i++) {
      expect((await refresh(one, freshAddress())).statusCode).toBe(401);
      expect(await myOrders(two, session)).toBe(200);
      expect(
        (await placeOrder(one, checkoutOrder({ personalDetails: { fullName: 'Ravi K', email: '', phone: { number: '', dialCode: '+91' } } }))).statusCode,
      ).toBe(200);
    }
    return performance.now() - started;
  }

  it('a session ended through one instance stays ended on the other after Redis restarts empty', async () => {
    const ended = await login(one);
    const kept = await login(one);
    expect(await myOrders(two, ended)).toBe(200);
    await logout(one, ended);
    expect(await myOrders(two, ended)).toBe(401);

    await redis.kill();
    expect(await myOrders(two, ended)).toBe(401);
    await redis.start();
    // both instances are connected to the new, empty Redis
    await untilLimitsShared();
    expect(await myOrders(two, ended)).toBe(401);
    expect(await myOrders(one, ended)).toBe(401);
    // only the session that ended
    expect(await myOrders(two, kept)).toBe(200);
  }, 60_000);

  it('a session ended through one instance stays ended on the other after Redis is flushed', async () => {
    const ended = await login(two);
    const kept = await login(two);
    await logout(one, ended);
    expect(await myOrders(two, ended)).toBe(401);

    expect(await redis.command('FLUSHALL')).toBe('OK');
    expect(await myOrders(two, ended)).toBe(401);
    expect(await myOrders(one, ended)).toBe(401);
    expect(await myOrders(two, kept)).toBe(200);
  }, 60_000);

  it('a session ended while Redis refuses writes (full) stays ended on the other instance', async () => {
    const ended = await login(one);
    expect(await myOrders(two, ended)).toBe(200);
    // nothing more may be written (the default policy evicts nothing)
    await redis.command('CONFIG', 'SET', 'maxmemory', '1');
    try {
      await logout(one, ended);
      expect(await myOrders(two, ended)).toBe(401);
    } finally {
      await redis.command('CONFIG', 'SET', 'maxmemory', '0');
    }
    expect(await myOrders(two, ended)).toBe(401);
  }, 60_000);

  it('while Redis is away nothing waits for it, limits hold on each instance and ended sessions stay ended; when it is back, limits are shared again', async () => {
    const shopper = await login(two);
    const withRedis = await timedVisits(shopper);
    const linesBefore = log.lines.length;

    await redis.kill();
    const withoutRedis = await timedVisits(shopper);
    // at Redis's pace or better: before issue 37 each call waited for ioredis's next try to reconnect, further apart as the outage went on (up to 2 s)
    expect(withoutRedis).toBeLessThan(5 * withRedis + 1500);

    // someone guessing login codes is still stopped, by each instance on its own
    const guesser = freshAddress();
    const guess = (code: string) =>
      one.inject({ method: 'POST', url: '/api/auth/email/verifyOtp', remoteAddress: guesser, payload: { email: 'asha@example.com', receivedOtp: code } });
    for (let i = 0; i < ATTEMPTS.max; i++) expect((await guess(String(100_000 + i))).statusCode).toBe(400);
    const refused = await guess('999999');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // a session that ends now, while the instances cannot tell each other, is refused by both
    const leaving = await login(two);
    await logout(one, leaving);
    expect(await myOrders(two, leaving)).toBe(401);
    expect(await myOrders(one, leaving)).toBe(401);

    // the owner's board on this instance still hears the orders placed through it
    const url = await one.listen({ port: 0, host: '127.0.0.1' });
    const feed = await fetch(`${url}/admin/api/events`, { headers: { authorization: `Bearer ${ownerToken}` } });
    expect(feed.status).toBe(200);
    const reader = feed.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // listening
    const placed = await placeOrder(one, checkoutOrder({ personalDetails: { fullName: 'Meena S', email: '', phone: { number: '', dialCode: '+91' } } }));
    const { orderId } = placed.json<{ orderId: string }>();
    let heard = '';
    while (!heard.includes(orderId)) {
      const { value, done } = await reader.read();
      if (done) break;
      heard += value;
    }
    expect(heard).toContain(`"orderId":"${orderId}"`);

    // the outage is told once, not once a request
    const redisWarnings = () => log.lines.slice(linesBefore).filter((l) => Number(l.level) >= 40 && /redis/i.test(String(l.msg)));
    expect(redisWarnings().map((l) => l.msg)).toEqual([expect.stringMatching(/^Redis is unreachable/)]);

    await redis.start();
    await untilLimitsShared();
    expect(await myOrders(two, leaving)).toBe(401);
    expect(log.lines.slice(linesBefore).filter((l) => /^Redis is back/.test(String(l.msg)))).toHaveLength(1);
    expect(redisWarnings()).toHaveLength(1);
    // 30 attempts through each instance: the 61st is refused, wherever it goes
    const shared = freshAddress();
    for (let i = 0; i < REFRESHES / 2; i++) {
      expect((await refresh(one, shared)).statusCode).toBe(401);
      expect((await refresh(two, shared)).statusCode).toBe(401);
    }
    expect((await refresh(one, shared)).statusCode).toBe(429);
    expect((await refresh(two, shared)).statusCode).toBe(429);
  }, 120_000);

  it('a Redis that stops answering holds requests up for a moment, not for good', async () => {
    const shopper = await login(two);
    const withRedis = await timedVisits(shopper);
    redis.freeze();
    try {
      const frozen = await timedVisits(shopper);
      // each instance waits out the one second after which it takes Redis for gone, once
      expect(frozen).toBeLessThan(5 * withRedis + 4000);
    } finally {
      redis.thaw();
    }
    await untilLimitsShared();
  }, 60_000);
});
