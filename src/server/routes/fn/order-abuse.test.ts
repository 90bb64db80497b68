import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases, type OpenTestDatabase } from '../../testing/databases.ts';
import { everyPayment, testShopConfig } from '../../testing/fixtures.ts';
import { testRedisUrl, uniquePrefix } from '../../testing/redis.ts';
import { buildTestApp, useTestApp } from '../../testing/test-app.ts';
import { addOwnerPriya, insertUser } from '../../testing/users.ts';

/**
 * Issue 20's "one request empties the whole shop": the attacks of the penetration test,
 * each shown to fail now — a line or a guest order too big, orders fired from one address
 * or one contact, orders left unpaid to hold stock and delivery places — and the owner's
 * view of a pay-on-delivery order from a stranger.
 */

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);
const PAYU = { key: 'testKey1', salt: 'test-salt-never-sent', endpoint: 'http://127.0.0.1:9/_payment' };
const IST = 'Asia/Kolkata';
/** Saturday 21 November 2026, 09:00 in the shop. */
const NOW = instantOf('2026-11-21', '09:00', IST);
const MINUTE = 60_000;

const shopConfig = (orderConfig: Record<string, unknown> = {}) => ({
  ...testShopConfig(),
  timeZone: IST,
  orderConfig: {
    orderEnabled: true,
    pickupEnabled: true,
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
    deliverySlots: [{ id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capacity: 2, cutoffMinutes: 600 }],
    ...orderConfig,
  },
  payment: everyPayment(),
});

const address = { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' };
type Contact = { email?: string; phone?: string };
const orderBody = (items: Array<{ id: string; qty: number }>, paymentType: string, contact: Contact = {}, slot?: string) => ({
  sfId: 'test-shop',
  order: {
    items,
    paymentType,
    personalDetails: { fullName: 'Asha Rao', email: contact.email ?? '', phone: { number: contact.phone ?? '', dialCode: contact.phone ? '+91' : '' } },
    ...(slot ? { deliveryMode: 'ship', shippingDetails: address, shippingSlotId: slot } : { deliveryMode: 'pickup' }),
  },
});

const stockOf = async (db: Db, id: string) =>
  (await db.kysely.selectFrom('products').select('stock_milli').where('id', '=', id).executeTakeFirstOrThrow()).stock_milli / 1000;
const setStock = (db: Db, id: string, stock: number) =>
  db.kysely
    .updateTable('products')
    .set({ stock_milli: stock * 1000 })
    .where('id', '=', id)
    .execute();

describe.each(testDatabases)('order limits on $name', (database) => {
  // the shop's limits: 3 pieces or 2.5 kg of one product, ₹1,000 for a guest's order not paid online
  const shop = useTestApp(database, {
    config: shopConfig({ maxQuantityPerLine: { units: 3, kg: 2.5 }, maxGuestOrderValue: 1000 }),
    payu: PAYU,
    authSecret: secret,
    clock: () => NOW,
  });
  beforeAll(async () => {
    await setStock(shop.db, 'tee-red-m', 100);
    await insertUser(shop.db, { id: 'asha', role: 'customer', name: 'Asha' });
  });

  const create = (body: object, headers: Record<string, string> = {}) => shop.app.inject({ method: 'POST', url: '/fn/order/create', payload: body, headers });
  const quote = (body: object) => shop.app.inject({ method: 'POST', url: '/fn/order/quote', payload: body });

  it('refuses a line above the per-line limit, by pieces and by kg, with the limit in words, and takes nothing', async () => {
    // T-shirt ₹499.50 a piece, mango ₹320 a kg: all under the ₹1,000 cap on unpaid orders only when small, so these are paid through PayU
    const asUser = { authorization: `Bearer ${await tokens.issue({ userId: 'asha', role: 'customer', sessionId: 'test-session' })}` };
    const tees = await create(orderBody([{ id: 'tee-red-m', qty: 4 }], 'payu'), asUser);
    expect(tees.statusCode).toBe(400);
    expect(tees.json().fields).toEqual([{ path: 'order.items.0.qty', message: 'You can order at most 3 of one product.' }]);
    // the same product in two lines counts once: 2 + 2 is 4
    const split = await create(
      orderBody(
        [
          { id: 'mango', qty: 1 },
          { id: 'tee-red-m', qty: 2 },
          { id: 'tee-red-m', qty: 2 },
        ],
        'payu',
      ),
      asUser,
    );
    expect(split.json().fields).toEqual([{ path: 'order.items.1.qty', message: 'You can order at most 3 of one product.' }]);
    const mango = await create(orderBody([{ id: 'mango', qty: 2.51 }], 'payu'), asUser);
    expect(mango.json().fields).toEqual([{ path: 'order.items.0.qty', message: 'You can order at most 2.5 kg of one product.' }]);
    expect((await quote(orderBody([{ id: 'mango', qty: 2.51 }], 'payu'))).json().fields).toEqual([
      { path: 'order.items.0.qty', message: 'You can order at most 2.5 kg of one product.' },
    ]);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(100);
    expect(await stockOf(shop.db, 'mango')).toBe(12.5);

    // at the limit exactly: taken
    const ok = await create(
      orderBody(
        [
          { id: 'tee-red-m', qty: 3 },
          { id: 'mango', qty: 2.5 },
        ],
        'payu',
      ),
      asUser,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(97);
    expect(await stockOf(shop.db, 'mango')).toBe(10);
  });

  it("caps a guest's order not paid through a gateway, in the quote, the order and a later switch to pay on delivery", async () => {
    // 2 × ₹499.50 = ₹999: just under; 2 × 499.50 + 0.01 kg mango (₹3.20) = ₹1,002.20: over
    const under = orderBody([{ id: 'tee-red-m', qty: 2 }], 'pof');
    const over = orderBody(
      [
        { id: 'tee-red-m', qty: 2 },
        { id: 'mango', qty: 0.01 },
      ],
      'pof',
    );
    const refusal = {
      success: false,
      error: 'order_limit',
      message: 'Guests and new customers can have at most ₹1,000.00 in orders not yet paid. Please pay by card or netbanking, or order less.',
    };
    expect((await quote(over)).json()).toEqual(refusal);
    const before = await stockOf(shop.db, 'tee-red-m');
    const refused = await create(over);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(before);
    expect((await create(under)).statusCode).toBe(200);

    // paid through PayU, the same order is taken (a new account is capped as a guest is, and many orders add up: order-holds.test.ts)
    const online = await create({ ...over, order: { ...over.order, paymentType: 'payu' } });
    expect(online.statusCode, online.body).toBe(200);

    // the guest's online order cannot then be switched to pay on delivery
    const { orderId, notificationToken } = online.json<{ orderId: string; notificationToken: string }>();
    const bearer = { authorization: `Bearer ${notificationToken}` };
    const toCash = await shop.app.inject({
      method: 'POST',
      url: '/fn/order/paymentConfig',
      payload: { sfId: 'test-shop', orderId, provider: 'pof' },
      headers: bearer,
    });
    expect(toCash.statusCode).toBe(409);
    expect(toCash.json()).toEqual(refusal);
    const guestView = await shop.app.inject({ method: 'GET', url: `/api/guest/order/${orderId}`, headers: bearer });
    expect(guestView.json().order).toMatchObject({ paymentType: 'payu', paymentStatus: 'awaiting_payment' });
  });
});

describe.each(testDatabases)('order rate limits on $name', (database) => {
  // 4 orders per address and 2 per e-mail or phone in 10 minutes
  const shop = useTestApp(database, {
    config: shopConfig({ orderRateLimit: { perAddress: 4, perContact: 2, windowMinutes: 10 } }),
    trustProxy: ['loopback'],
    clock: () => NOW,
  });
  beforeAll(async () => {
    await setStock(shop.db, 'tee-red-m', 100);
  });

  const create = (from: string, contact: Contact) =>
    shop.app.inject({
      method: 'POST',
      url: '/fn/order/create',
      payload: orderBody([{ id: 'tee-red-m', qty: 1 }], 'pof', contact),
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': from },
    });

  it('lets one e-mail or phone place only so many orders, from any address, and one address only so many with any contact', async () => {
    expect((await create('203.0.113.1', { email: 'a@example.com' })).statusCode).toBe(200);
    expect((await create('203.0.113.2', { email: 'A@Example.com' })).statusCode).toBe(200);
    // the third from the same e-mail, from a third address: refused, nothing taken
    const before = await stockOf(shop.db, 'tee-red-m');
    const third = await create('203.0.113.3', { email: 'a@example.com' });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(before);
    // the phone counts on its own too, whatever the e-mail
    expect((await create('203.0.113.4', { email: 'b@example.com', phone: '9800000001' })).statusCode).toBe(200);
    expect((await create('203.0.113.5', { email: 'c@example.com', phone: '98000 00001' })).statusCode).toBe(200);
    expect((await create('203.0.113.6', { email: 'd@example.com', phone: '9800000001' })).statusCode).toBe(429);

    // one address: 4 orders with 4 different e-mails, then no more
    for (let i = 0; i < 4; i++) expect((await create('198.51.100.7', { email: `shopper${i}@example.com` })).statusCode).toBe(200);
    expect((await create('198.51.100.7', { email: 'shopper9@example.com' })).statusCode).toBe(429);
    // another shopper elsewhere is not slowed
    expect((await create('198.51.100.8', { email: 'other@example.com' })).statusCode).toBe(200);
    // shoppers who leave the phone empty (the form still sends its +91) do not share one phone's count
    const noPhone = (from: string, email: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/fn/order/create',
        payload: {
          ...orderBody([{ id: 'tee-red-m', qty: 1 }], 'pof', { email }),
          order: {
            ...orderBody([{ id: 'tee-red-m', qty: 1 }], 'pof', { email }).order,
            personalDetails: { fullName: 'Asha Rao', email, phone: { number: '', dialCode: '+91' } },
          },
        },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': from },
      });
    for (let i = 0; i < 3; i++) expect((await noPhone(`192.0.2.${i + 1}`, `nophone${i}@example.com`)).statusCode).toBe(200);
  });
});

describe.each(testDatabases)('a retried order and the rate limits on $name', (database) => {
  // 2 orders per e-mail in 10 minutes
  const shop = useTestApp(database, { config: shopConfig({ orderRateLimit: { perAddress: 100, perContact: 2, windowMinutes: 10 } }), clock: () => NOW });
  beforeAll(() => setStock(shop.db, 'tee-red-m', 100));
  const create = (email: string, key: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/fn/order/create',
      payload: orderBody([{ id: 'tee-red-m', qty: 1 }], 'pof', { email }),
      headers: { 'idempotency-key': key },
    });

  it('answers a retry with the same Idempotency-Key from its stored answer, past the limit too, and never counts it', async () => {
    const first = await create('retry@example.com', 'co-retry-first-0001');
    expect(first.statusCode).toBe(200);
    // the checkout sends it again three times (a flaky connection): the same order, not counted
    for (let i = 0; i < 3; i++) {
      const again = await create('retry@example.com', 'co-retry-first-0001');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    }
    // so the shopper's second order is still theirs to place; a third is one too many
    expect((await create('retry@example.com', 'co-retry-second-0002')).statusCode).toBe(200);
    expect((await create('retry@example.com', 'co-retry-third-00003')).statusCode).toBe(429);
    // and past the limit, a retry of the first still gets its order
    const late = await create('retry@example.com', 'co-retry-first-0001');
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe(first.body);
    const placed = await shop.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('customer_key', '=', 'email:retry@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(placed.n)).toBe(2);
  });
});

describe.skipIf(!testRedisUrl).each(testDatabases)('order rate limits shared by two instances on $name', (database) => {
  let opened: OpenTestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    opened = await database.open();
    const options = {
      config: shopConfig({ orderRateLimit: { perAddress: 100, perContact: 2, windowMinutes: 10 } }),
      redisUrl: testRedisUrl,
      redisPrefix: uniquePrefix(`order-limit-${database.name}`),
      trustProxy: ['loopback'],
      clock: () => NOW,
    };
    one = await buildTestApp(opened.db, options);
    two = await buildTestApp(opened.db, { ...options, seed: false });
    await setStock(opened.db, 'tee-red-m', 100);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await opened?.dispose();
  });

  it("counts a contact's orders on both instances together", async () => {
    const create = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/fn/order/create',
        payload: orderBody([{ id: 'tee-red-m', qty: 1 }], 'pof', { email: 'both@example.com' }),
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
    expect((await create(one)).statusCode).toBe(200);
    expect((await create(two)).statusCode).toBe(200);
    expect((await create(one)).statusCode).toBe(429);
    expect((await create(two)).statusCode).toBe(429);
  });
});

describe.each(testDatabases)('unpaid orders expiring with two instances on $name', (database) => {
  let opened: OpenTestDatabase;
  let second: Db;
  let one: FastifyInstance;
  let two: FastifyInstance;
  // one clock for both instances, moved by the test
  let now = NOW;

  beforeAll(async () => {
    opened = await database.open();
    // On PostgreSQL the second instance has its own connections, as another process would. On SQLite
    // it shares the first's: a second connection in one process would wait for the file's write lock
    // synchronously, holding up the very event loop the first needs to commit (processes wait apart).
    second = database.name === 'sqlite' ? opened.db : openDatabase(opened.location);
    // their own timers wait an hour: the test sweeps when it means to
    const options = { config: shopConfig({ unpaidHoldMinutes: 30 }), payu: PAYU, clock: () => now, unpaidSweepMs: 60 * MINUTE };
    one = await buildTestApp(opened.db, options);
    two = await buildTestApp(second, { ...options, seed: false });
    await setStock(opened.db, 'tee-red-m', 20);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    if (second !== opened?.db) await second?.close();
    await opened?.dispose();
  });

  const db = () => opened.db;
  const place = async (app: FastifyInstance, paymentType: string, slot?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/fn/order/create',
      payload: orderBody(
        [
          { id: 'tee-red-m', qty: 2 },
          { id: 'mango', qty: 1.5 },
        ],
        paymentType,
        {},
        slot,
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orderId: string; notificationToken: string }>();
  };
  const statusOf = async (orderId: string) =>
    db().kysely.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const slotsLeft = async () =>
    ((await one.inject({ method: 'GET', url: '/api/delivery/slots' })).json().slots as Array<{ id: string; remaining: number }>).find(
      (s) => s.id === '2026-11-22/morning',
    )?.remaining;
  // both instances at once, as their timers may
  const sweepBoth = async () => (await Promise.all([one.expireUnpaidOrders!(), two.expireUnpaidOrders!()])).reduce((a, b) => a + b, 0);

  it('cancels a gateway order left unpaid past the hold exactly once, giving its stock back; a UPI one goes to the owner to check, holding what it holds, and leaves every other order alone', async () => {
    now = NOW;
    const upi = await place(one, 'upi-manual', '2026-11-22/morning');
    const payu = await place(two, 'payu');
    const cash = await place(one, 'pof');
    const claimed = await place(two, 'upi-manual');
    await two.inject({
      method: 'POST',
      url: '/fn/order/upiReference',
      payload: { sfId: 'test-shop', orderId: claimed.orderId, utr: '123456789012' },
      headers: { authorization: `Bearer ${claimed.notificationToken}` },
    });
    // 4 orders of 2 tees and 1.5 kg mango: 20 − 8 = 12 tees, 12.5 − 6 = 6.5 kg
    expect(await stockOf(db(), 'tee-red-m')).toBe(12);
    expect(await stockOf(db(), 'mango')).toBe(6.5);
    expect(await slotsLeft()).toBe(1);

    // 29 minutes on: still held
    now = NOW + 29 * MINUTE;
    expect(await sweepBoth()).toBe(0);
    expect(await statusOf(upi.orderId)).toEqual({ status: 'placed', payment_status: 'awaiting_payment' });

    // 30 minutes on: both instances sweep at once; each unpaid order changes once
    now = NOW + 30 * MINUTE;
    expect(await sweepBoth()).toBe(2);
    // PayU would have said if the money came: cancelled, its 2 tees and 1.5 kg back (12 + 2, 6.5 + 1.5)
    expect(await statusOf(payu.orderId)).toEqual({ status: 'cancelled', payment_status: 'awaiting_payment' });
    expect(await stockOf(db(), 'tee-red-m')).toBe(14);
    expect(await stockOf(db(), 'mango')).toBe(8);
    // the UPI shopper may have paid in their app and closed the page: the owner checks the bank; the order keeps its stock and slot
    expect(await statusOf(upi.orderId)).toEqual({ status: 'placed', payment_status: 'awaiting_verification' });
    expect(await slotsLeft()).toBe(1);
    const view = async (order: { orderId: string; notificationToken: string }) =>
      (await one.inject({ method: 'GET', url: `/api/guest/order/${order.orderId}`, headers: { authorization: `Bearer ${order.notificationToken}` } })).json()
        .order;
    expect(await view(upi)).toMatchObject({ status: 'placed', paymentStatus: 'awaiting_verification', paymentClaimedAt: NOW + 30 * MINUTE });
    // pay on delivery, and a UPI payment the owner has to check, are not the shop's to expire
    expect(await statusOf(cash.orderId)).toEqual({ status: 'placed', payment_status: 'to_collect' });
    expect(await statusOf(claimed.orderId)).toEqual({ status: 'placed', payment_status: 'awaiting_verification' });
    expect(await sweepBoth()).toBe(0);
    expect(await stockOf(db(), 'tee-red-m')).toBe(14);

    // the owner checks neither within upiVerifyHours (12): the one with a reference from 09:00, the other from 09:30
    now = NOW + 12 * 60 * MINUTE;
    expect(await sweepBoth()).toBe(1);
    expect(await statusOf(claimed.orderId)).toEqual({ status: 'cancelled', payment_status: 'awaiting_verification' });
    expect(await statusOf(upi.orderId)).toEqual({ status: 'placed', payment_status: 'awaiting_verification' });
    now = NOW + 12 * 60 * MINUTE + 30 * MINUTE;
    expect(await sweepBoth()).toBe(1);
    // both orders' worth back, once: 14 + 4 tees, 8 + 3 kg; the slot place free again
    expect(await stockOf(db(), 'tee-red-m')).toBe(18);
    expect(await stockOf(db(), 'mango')).toBe(11);
    expect(await slotsLeft()).toBe(2);
    expect((await view(upi)).status).toBe('cancelled');
    const audit = await db()
      .kysely.selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject', '=', `order:${upi.orderId}`)
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { actor: 'system', action: 'order.payment_to_check' },
      { actor: 'system', action: 'order.expired' },
    ]);
  });

  it('gives a shopper who starts paying the whole hold again from then', async () => {
    now = NOW + 60 * MINUTE;
    const order = await place(one, 'payu');
    // 20 minutes later they open PayU's page
    now += 20 * MINUTE;
    const start = await two.inject({
      method: 'POST',
      url: '/fn/order/paymentConfig',
      payload: { sfId: 'test-shop', orderId: order.orderId, provider: 'payu' },
      headers: { authorization: `Bearer ${order.notificationToken}` },
    });
    expect(start.statusCode, start.body).toBe(200);
    now += 29 * MINUTE;
    expect(await sweepBoth()).toBe(0);
    expect((await statusOf(order.orderId)).status).toBe('placed');
    now += MINUTE;
    expect(await sweepBoth()).toBe(1);
    expect((await statusOf(order.orderId)).status).toBe('cancelled');
  });

  it('runs on its own every so often', async () => {
    const app = await buildTestApp(second, { config: shopConfig({ unpaidHoldMinutes: 30 }), payu: PAYU, clock: () => now, seed: false, unpaidSweepMs: 20 });
    try {
      const order = await place(app, 'payu');
      now += 31 * MINUTE;
      await expect.poll(async () => (await statusOf(order.orderId)).status, { timeout: 5_000 }).toBe('cancelled');
    } finally {
      await app.close();
    }
  });
});

describe.each(testDatabases)("the owner's view of a pay-on-delivery order from a stranger on $name", (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let owner: Record<string, string>;

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: shopConfig(), authSecret: secret });
    await setStock(db, 'tee-red-m', 10);
    owner = { authorization: `Bearer ${await addOwnerPriya(db, tokens)}` };
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const place = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody([{ id: 'tee-red-m', qty: 3 }], 'pof', { email }) })).json<{
      orderId: string;
    }>().orderId;
  const summary = async (orderId: string) =>
    ((await app.inject({ method: 'GET', url: '/admin/api/orders', headers: owner })).json().orders as Array<{ id: string; newCustomer: boolean }>).find(
      (o) => o.id === orderId,
    );
  const setStatus = (orderId: string, status: string) =>
    app.inject({ method: 'POST', url: `/admin/api/orders/${orderId}/status`, payload: { status }, headers: owner });

  it('marks an order from a contact never served before, until one of theirs is handed over; rejecting it gives the stock back', async () => {
    const prank = await place('prank@example.com');
    expect(await summary(prank)).toMatchObject({ newCustomer: true });
    expect(await stockOf(db, 'tee-red-m')).toBe(7);
    expect((await setStatus(prank, 'rejected')).statusCode).toBe(200);
    expect(await stockOf(db, 'tee-red-m')).toBe(10);

    const first = await place('regular@example.com');
    expect(await summary(first)).toMatchObject({ newCustomer: true });
    for (const status of ['confirmed', 'ready', 'picked_up']) expect((await setStatus(first, status)).statusCode).toBe(200);
    const again = await place('Regular@Example.com');
    expect(await summary(again)).toMatchObject({ newCustomer: false });
    // a rejected order does not make its contact known
    expect(await summary(await place('prank@example.com'))).toMatchObject({ newCustomer: true });
  });
});
