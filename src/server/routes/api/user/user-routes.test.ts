import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { createAccessTokens } from '../../../services/access-tokens.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { checkoutOrder } from '../../../testing/orders.ts';
import { insertUser } from '../../../testing/users.ts';
import { testShopConfig, testShipping } from '../../../testing/fixtures.ts';
import { buildTestApp } from '../../../testing/test-app.ts';

const secret = randomBytes(32);
const address = { ...testShipping(), phone: '' };
const shopConfig = () => ({ ...testShopConfig(), payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] } });

describe.each(testDatabases)("a user's own data on $name", (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  const tokens = createAccessTokens(secret);
  let asha: string;
  let ravi: string;

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: shopConfig(), authSecret: secret });
    for (const [id, name] of [
      ['u-asha', 'Asha'],
      ['u-ravi', 'Ravi'],
    ] as const) {
      await insertUser(db, { id, role: 'customer', name });
    }
    // enough tees for every order these stories place
    await db.kysely.updateTable('products').set({ stock_milli: 100_000 }).where('id', '=', 'tee-red-m').execute();
    asha = await tokens.issue({ userId: 'u-asha', role: 'customer', sessionId: 'test-session' });
    ravi = await tokens.issue({ userId: 'u-ravi', role: 'customer', sessionId: 'test-session' });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const order = (token?: string) =>
    call('POST', '/fn/order/create', token, {
      userId: 'u-ravi',
      ...checkoutOrder({
        deliveryMode: 'ship',
        personalDetails: { fullName: 'Asha Rao', email: 'a@example.com', phone: { number: '9800000001', dialCode: '+91' } },
        shippingDetails: address,
      }),
    });

  it("an order placed while logged in is the user's, whatever userId the body names", async () => {
    const placed = (await order(asha)).json();
    const mine = (await call('GET', '/api/user/orders', asha)).json() as Array<{ id: string }>;
    expect(mine.map((o) => o.id)).toEqual([placed.orderId]);
    expect((await call('GET', '/api/user/orders', ravi)).json()).toEqual([]);
    // a guest's order belongs to nobody
    await order();
    expect((await call('GET', '/api/user/orders', asha)).json()).toHaveLength(1);
  });

  it("lists all of the shopper's orders, newest first, with prices as the shop shows them", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await order(ravi)).json().orderId as string);
    const mine = (await call('GET', '/api/user/orders', ravi)).json() as Array<{
      id: string;
      grandTotal: number;
      lines: Array<{ unitPrice: number; total: number }>;
    }>;
    expect(mine.map((o) => o.id)).toEqual(ids.reverse());
    // one tee at ₹499.50, no charges in this shop
    expect(mine[0]).toMatchObject({ grandTotal: 499.5, lines: [{ unitPrice: 499.5, total: 499.5 }] });
  });

  it("opens one of the shopper's own orders with their session; another shopper's answers like a missing one", async () => {
    const placed = (await order(asha)).json();
    const mine = await call('GET', `/api/user/orders/${placed.orderId}`, asha);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json()).toMatchObject({
      success: true,
      order: { id: placed.orderId, status: 'placed', paymentStatus: 'to_collect', lines: [{ productId: 'tee-red-m', qty: 1 }] },
    });
    const foreign = await call('GET', `/api/user/orders/${placed.orderId}`, ravi);
    const missing = await call('GET', '/api/user/orders/no-such-order', ravi);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await call('GET', `/api/user/orders/${placed.orderId}`)).statusCode).toBe(401);
    // a guest's order is nobody's to open by session, only by its token
    const guests = (await order()).json();
    expect((await call('GET', `/api/user/orders/${guests.orderId}`, asha)).statusCode).toBe(404);
  });

  it("pays and asks to cancel one's own order with the session instead of its token; another shopper's session changes nothing", async () => {
    const placed = (await order(asha)).json();
    const cancel = (token?: string) => call('POST', '/fn/order/cancelRequest', token, { sfId: 'test-shop', orderId: placed.orderId });
    const pay = (token?: string) => call('POST', '/fn/order/paymentConfig', token, { sfId: 'test-shop', orderId: placed.orderId, provider: 'pof' });

    expect((await pay(ravi)).statusCode).toBe(404);
    expect((await cancel(ravi)).statusCode).toBe(404);
    expect((await cancel()).statusCode).toBe(404);
    const untouched = (await call('GET', `/api/user/orders/${placed.orderId}`, asha)).json();
    expect(untouched.order).toMatchObject({ status: 'placed', cancelRequested: false });

    expect((await pay(asha)).json()).toMatchObject({ success: true, provider: 'pof', paymentStatus: 'to_collect' });
    expect((await cancel(asha)).json()).toEqual({ success: true, status: 'cancelled', cancelRequested: true });
    expect((await call('GET', `/api/user/orders/${placed.orderId}`, asha)).json().order).toMatchObject({ status: 'cancelled', cancelRequested: true });
    // the notification token still works for the link in the e-mail
    const guestView = await app.inject({
      method: 'GET',
      url: `/api/guest/order/${placed.orderId}`,
      headers: { authorization: `Bearer ${placed.notificationToken}` },
    });
    expect(guestView.json().order).toMatchObject({ status: 'cancelled' });
  });

  it('an expired session on an order call says so, so the browser refreshes and asks again', async () => {
    const placed = (await order(asha)).json();
    const past = createAccessTokens(secret, { clock: () => Date.now() - 3_600_000 });
    const stale = await past.issue({ userId: 'u-asha', role: 'customer', sessionId: 'test-session' });
    const res = await call('POST', '/fn/order/cancelRequest', stale, { sfId: 'test-shop', orderId: placed.orderId });
    expect(res.statusCode).toBe(401);
    // the browser tells it by the code (decision 057); the words stay §8's
    expect(res.json()).toEqual({ success: false, errorCode: 'access_token_expired', errorMessage: 'access token expired' });
  });

  it("addresses: create, list, edit and delete one's own; another user's id answers 404 and changes nothing", async () => {
    const created = (await call('POST', '/api/user/addresses', asha, { ...address, id: 'chosen-id', user_id: 'u-ravi' })).json();
    expect(created.id).not.toBe('chosen-id');
    expect((await call('GET', '/api/user/addresses', asha)).json()).toEqual([created]);
    expect((await call('GET', '/api/user/addresses', ravi)).json()).toEqual([]);

    const edited = await call('POST', `/api/user/addresses/${created.id}`, asha, { ...address, city: 'Mysuru' });
    expect(edited.json()).toMatchObject({ id: created.id, city: 'Mysuru' });
    expect((await call('POST', `/api/user/addresses/${created.id}`, ravi, { ...address, city: 'Hacked' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/addresses/${created.id}`, ravi)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/addresses', asha)).json()).toEqual([{ ...created, city: 'Mysuru' }]);

    const bad = await call('POST', '/api/user/addresses', asha, { ...address, zipCode: '56' });
    expect(bad.statusCode).toBe(400);
    expect((await call('DELETE', `/api/user/addresses/${created.id}`, asha)).json()).toEqual({ success: true });
    expect((await call('GET', '/api/user/addresses', asha)).json()).toEqual([]);
  });

  it('the same address saved twice (an order after an order) is kept once; a changed one is updated in place', async () => {
    const home = { ...address, fullName: 'Ravi K', streetName: '4 Park Street' };
    const first = (await call('POST', '/api/user/addresses', ravi, home)).json();
    const again = (await call('POST', '/api/user/addresses', ravi, { ...home, streetName: ' 4 park street ' })).json();
    expect(again.id).toBe(first.id);
    expect((await call('GET', '/api/user/addresses', ravi)).json()).toEqual([first]);
    // the checkout sends a saved address the shopper changed to its own id
    const moved = (await call('POST', `/api/user/addresses/${first.id}`, ravi, { ...home, city: 'Kolkata' })).json();
    expect((await call('GET', '/api/user/addresses', ravi)).json()).toEqual([{ ...first, city: 'Kolkata' }]);
    expect(moved.id).toBe(first.id);
    // another shopper's identical address is theirs, not Ravi's
    expect((await call('POST', '/api/user/addresses', asha, { ...home, city: 'Kolkata' })).json().id).not.toBe(first.id);
    await call('DELETE', `/api/user/addresses/${first.id}`, ravi);
  });

  it('the server cart holds product ids and quantities per user; another user sees and changes none of it', async () => {
    expect((await call('POST', '/api/user/cart/tee-red-m', asha, { qty: 2, price: { regular: 0.01 }, title: 'Free' })).json()).toEqual({ success: true });
    expect((await call('POST', '/api/user/cart/mango', asha, { qty: 1.25 })).statusCode).toBe(200);
    expect((await call('POST', '/api/user/cart/tee-red-m', asha, { qty: 1.5 })).statusCode).toBe(400);
    // the order call's quantity rule: any weight in 0.01 kg steps, nothing finer
    expect((await call('POST', '/api/user/cart/mango', asha, { qty: 1.234 })).statusCode).toBe(400);
    expect((await call('POST', '/api/user/cart/mango', asha, { qty: 1.1 })).statusCode).toBe(200);
    expect((await call('POST', '/api/user/cart/mango', asha, { qty: 1.25 })).statusCode).toBe(200);
    expect((await call('POST', '/api/user/cart/no-such-product', asha, { qty: 1 })).statusCode).toBe(400);
    expect((await call('GET', '/api/user/cart', asha)).json()).toEqual([
      { productId: 'mango', qty: 1.25 },
      { productId: 'tee-red-m', qty: 2 },
    ]);
    expect((await call('GET', '/api/user/cart', ravi)).json()).toEqual([]);
    await call('DELETE', '/api/user/cart', ravi);
    await call('DELETE', '/api/user/cart/mango', ravi);
    expect((await call('GET', '/api/user/cart', asha)).json()).toHaveLength(2);
    await call('DELETE', '/api/user/cart/mango', asha);
    expect((await call('GET', '/api/user/cart', asha)).json()).toEqual([{ productId: 'tee-red-m', qty: 2 }]);
    await call('DELETE', '/api/user/cart', asha);
    expect((await call('GET', '/api/user/cart', asha)).json()).toEqual([]);
    expect((await call('GET', '/api/user/cart')).statusCode).toBe(401);
  });

  it("changes only the caller's own name", async () => {
    const res = await call('POST', '/api/user/updateName', asha, { newName: 'Asha R.', id: 'u-ravi' });
    expect(res.json()).toMatchObject({ success: true, user: { id: 'u-asha', name: 'Asha R.' } });
    const ravisName = await db.kysely.selectFrom('users').select('name').where('id', '=', 'u-ravi').executeTakeFirstOrThrow();
    expect(ravisName.name).toBe('Ravi');
  });

  it('no token, a tampered one or a foreign one: 401 Invalid credentials; an expired one says so for the refresh', async () => {
    const forged = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('u-asha')
      .setIssuer('storefront')
      .setAudience('storefront-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(randomBytes(32));
    // a character inside the signature (the last one also carries padding bits that decoders ignore)
    const at = asha.length - 10;
    const flipped = `${asha.slice(0, at)}${asha[at] === 'A' ? 'B' : 'A'}${asha.slice(at + 1)}`;
    for (const token of [undefined, 'garbage', forged, flipped]) {
      const res = await call('GET', '/api/user/addresses', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorMessage: 'Invalid credentials' });
    }
    const past = createAccessTokens(secret, { clock: () => Date.now() - 60 * 60 * 1000 });
    const expired = await past.issue({ userId: 'u-asha', role: 'customer', sessionId: 'test-session' });
    const res = await call('GET', '/api/user/orders', expired);
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('access token expired');
    // placing an order with an expired token asks for the refresh too, and places nothing
    expect((await order(expired)).statusCode).toBe(401);
  });
});
