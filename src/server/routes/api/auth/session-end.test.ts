import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { createSmtpMailer } from '../../../services/mailer.ts';
import { hashPassword } from '../../../services/passwords.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { insertUser } from '../../../testing/users.ts';
import { mimePart, useFakeSmtp } from '../../../testing/fake-smtp.ts';
import { testPersonal, testShopConfig } from '../../../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../../../testing/orders.ts';
import { buildTestApp, useTestApp } from '../../../testing/test-app.ts';
import { REFRESH_COOKIE } from './auth-kit.ts';

const PASSWORD = 'tamarind sunrise';

/**
 * Issue 20: a session that ends (logout, password reset, a copied refresh token) takes
 * its access tokens with it at once, not when they expire 15 minutes later.
 */
describe.each(testDatabases)('a session ends at once on $name', (database) => {
  const smtp = useFakeSmtp();
  const shop = useTestApp(database, () => ({ mailer: createSmtpMailer({ url: smtp.url, from: 'shop@shop.example' }) }));
  let n = 0;
  let ip = 0;

  afterEach(() => void vi.useRealTimers());

  /** A confirmed account with a password, made straight in the database. */
  async function someone(): Promise<string> {
    const email = `ends-${++n}-${database.name}@example.com`;
    await insertUser(shop.db, { id: `user-${n}`, role: 'customer', name: 'Asha', email, passwordHash: await hashPassword(PASSWORD) });
    return email;
  }
  // each call from its own address: the per-address attempt limits are not what this is about
  const post = (url: string, payload: object, cookie?: string) =>
    shop.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: `192.0.2.${++ip % 250}` });
  const session = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(200);
    const value = res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
    return { token: res.json<{ authToken: string }>().authToken, cookie: `${REFRESH_COOKIE}=${value}`, value };
  };
  const logIn = async (email: string) => session(await post('/api/auth/email/login', { email, password: PASSWORD }));
  const orders = async (token: string) =>
    (await shop.app.inject({ method: 'GET', url: '/api/user/orders', headers: { authorization: `Bearer ${token}` } })).statusCode;

  it("after logout, that session's access token is refused at once; the shopper's other session goes on", async () => {
    const email = await someone();
    const phone = await logIn(email);
    const laptop = await logIn(email);
    expect(await orders(phone.token)).toBe(200);

    expect((await post('/api/auth/logout', {}, phone.cookie)).json()).toEqual({ success: true });
    expect(await orders(phone.token)).toBe(401);
    expect(await orders(laptop.token)).toBe(200);
  });

  it('after a password reset, the access tokens of every earlier session are refused; the new one works', async () => {
    const email = await someone();
    const phone = await logIn(email);
    const laptop = await logIn(email);
    await post('/api/auth/email/sendCodeForPasswordReset', { email });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(1);
    const code = /\b(\d{6})\b/.exec(mimePart(smtp.received.find((m) => m.to.includes(email))!.raw, 'text/plain'))![1]!;
    const reset = session(await post('/api/auth/email/resetPassword', { email, password: 'cardamom and cloves', otp: code }));

    expect(await orders(phone.token)).toBe(401);
    expect(await orders(laptop.token)).toBe(401);
    expect(await orders(reset.token)).toBe(200);
  });

  it('a refresh token replayed within the leeway gives the same session, so a copy used later ends it for both', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const email = await someone();
    const login = await logIn(email);
    const shopper = session(await post('/api/auth/refresh', {}, login.cookie));
    // a copy of the login's cookie, replayed a moment later: as two tabs do, but it could be a thief
    const copy = session(await post('/api/auth/refresh', {}, login.cookie));
    expect(copy.value).toBe(shopper.value);

    vi.setSystemTime(Date.now() + 40_000);
    const next = session(await post('/api/auth/refresh', {}, shopper.cookie));
    // the copy's holder comes back with what they were given, long after it was used: that is theft
    vi.setSystemTime(Date.now() + 40_000);
    expect((await post('/api/auth/refresh', {}, copy.cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {}, next.cookie)).statusCode).toBe(401);
    expect(await orders(next.token)).toBe(401);
    expect(await orders(copy.token)).toBe(401);
  });

  it('logout with either cookie of a replayed refresh ends both: there is one session', async () => {
    const email = await someone();
    const login = await logIn(email);
    const one = session(await post('/api/auth/refresh', {}, login.cookie));
    const two = session(await post('/api/auth/refresh', {}, login.cookie));
    expect((await post('/api/auth/logout', {}, two.cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', {}, one.cookie)).statusCode).toBe(401);
    expect(await orders(one.token)).toBe(401);
    expect(await orders(two.token)).toBe(401);
  });
});

describe.each(testDatabases)('ended sessions stay ended on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  const authSecret = randomBytes(32);
  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    await insertUser(db, { id: 'asha', role: 'customer', name: 'Asha', passwordHash: await hashPassword(PASSWORD) });
  });
  afterAll(async () => dispose?.());

  const logIn = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/email/login', payload: { email: 'asha@example.com', password: PASSWORD } });
    return { token: res.json<{ authToken: string }>().authToken, cookie: `${REFRESH_COOKIE}=${res.cookies.find((c) => c.name === REFRESH_COOKIE)!.value}` };
  };
  const orders = async (app: FastifyInstance, token: string) =>
    (await app.inject({ method: 'GET', url: '/api/user/orders', headers: { authorization: `Bearer ${token}` } })).statusCode;

  it('across a restart of the server', async () => {
    const before = await buildTestApp(db, { authSecret, seed: false });
    const session = await logIn(before);
    await before.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session.cookie } });
    await before.close();
    const after = await buildTestApp(db, { authSecret, seed: false });
    try {
      expect(await orders(after, session.token)).toBe(401);
    } finally {
      await after.close();
    }
  });

  it('on every instance while Redis is unreachable: the database answers instead', async () => {
    // nothing listens on port 9: every Redis command fails
    const options = { authSecret, seed: false, redisUrl: 'redis://127.0.0.1:9', redisPrefix: 'unreachable:' };
    const [one, two] = [await buildTestApp(db, options), await buildTestApp(db, options)];
    try {
      const session = await logIn(one);
      expect(await orders(two, session.token)).toBe(200);
      expect((await one.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session.cookie } })).statusCode).toBe(200);
      expect(await orders(two, session.token)).toBe(401);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe.each(testDatabases)("the owner's live feed on $name", (database) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  const shopConfig = {
    ...testShopConfig(),
    orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
    payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  };
  beforeAll(async () => {
    let db: Db;
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: shopConfig });
    await insertUser(db, { id: 'priya', role: 'owner', name: 'Priya', passwordHash: await hashPassword(PASSWORD) });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  /** Places a guest order (Asha gives no e-mail address) and answers its id. */
  const placeOrderId = async () => {
    const placed = await placeOrder(app, checkoutOrder({ personalDetails: { ...testPersonal(), email: '' } }));
    expect(placed.statusCode).toBe(200);
    return placed.json<{ orderId: string }>().orderId;
  };

  it('ends with the session: after logout, the next order is not told to a feed opened before', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/email/login', payload: { email: 'priya@example.com', password: PASSWORD } });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/admin/api/events`, { headers: { authorization: `Bearer ${login.json<{ authToken: string }>().authToken}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let heard = (await reader.read()).value ?? '';
    const first = await placeOrderId();
    while (!heard.includes(first)) heard += (await reader.read()).value ?? '';

    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${REFRESH_COOKIE}=${login.cookies.find((c) => c.name === REFRESH_COOKIE)!.value}` },
    });
    const second = await placeOrderId();
    let after = '';
    // the feed either ends or tells of the second order
    while (!after.includes(second)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      after += chunk.value;
    }
    expect(after).not.toContain(second);
  });
});
