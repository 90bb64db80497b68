import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { minor } from '../../../domain/money.ts';
import type { Db } from '../../db/database.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { everyPayment, testShipping, testShopConfig } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { addOwnerPriya, addUser } from '../../testing/users.ts';

/**
 * Issue 37: what an unpaid order may hold (decision 073). The red team's attacks, each shown
 * to fail now: a made-up UPI reference that held stock for ever, a free account paying on
 * delivery past the guest cap, many small orders adding up, a PayU payment restarted to
 * stretch its hold, and one contact taking every place of a delivery slot.
 */

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);
const PAYU = { key: 'testKey1', salt: 'test-salt-never-sent', endpoint: 'http://127.0.0.1:9/_payment' };
const IST = 'Asia/Kolkata';
/** Saturday 21 November 2026, 09:00 in the shop: tomorrow's morning slot is the first open. */
const NOW = instantOf('2026-11-21', '09:00', IST);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MORNING = '2026-11-22/morning';

const shopConfig = (orderConfig: Record<string, unknown>) => ({
  ...testShopConfig(),
  timeZone: IST,
  orderConfig: {
    orderEnabled: true,
    pickupEnabled: true,
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
    deliverySlots: [
      { id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capacity: 20, cutoffMinutes: 600 },
      { id: 'evening', label: 'Evening', from: '18:00', to: '21:00', capacity: 20, cutoffMinutes: 120 },
    ],
    ...orderConfig,
  },
  payment: everyPayment(),
});

type Items = Array<{ id: string; qty: number }>;
const TEE = [{ id: 'tee-red-m', qty: 1 }];
/** 2 × ₹499.50 + 0.01 kg of mango at ₹320 a kg: ₹1,002.20, just over a ₹1,000 cap. */
const OVER_1000 = [
  { id: 'tee-red-m', qty: 2 },
  { id: 'mango', qty: 0.01 },
];
const orderBody = (items: Items, paymentType: string, { email = '', phone = '', slot }: { email?: string; phone?: string; slot?: string } = {}) => ({
  sfId: 'test-shop',
  order: {
    items,
    paymentType,
    personalDetails: { fullName: 'Asha Rao', email, phone: { number: phone, dialCode: phone ? '+91' : '' } },
    ...(slot ? { deliveryMode: 'ship', shippingDetails: testShipping(), shippingSlotId: slot } : { deliveryMode: 'pickup' }),
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
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The calls a shopper and the owner make, on one app. */
function calls(shop: { readonly app: FastifyInstance; readonly db: Db }) {
  const inject = (url: string, payload: object, headers: Record<string, string> = {}) => shop.app.inject({ method: 'POST', url, payload, headers });
  return {
    create: (body: object, headers?: Record<string, string>) => inject('/fn/order/create', body, headers),
    quote: (body: object, headers?: Record<string, string>) => inject('/fn/order/quote', body, headers),
    async place(body: object, headers?: Record<string, string>) {
      const res = await inject('/fn/order/create', body, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ orderId: string; notificationToken: string }>();
    },
    reference: (order: { orderId: string; notificationToken: string }, utr: string) =>
      inject('/fn/order/upiReference', { sfId: 'test-shop', orderId: order.orderId, utr }, bearer(order.notificationToken)),
    pay: (order: { orderId: string; notificationToken: string }, provider: string) =>
      inject('/fn/order/paymentConfig', { sfId: 'test-shop', orderId: order.orderId, provider }, bearer(order.notificationToken)),
    guestView: async (order: { orderId: string; notificationToken: string }) =>
      (await shop.app.inject({ url: `/api/guest/order/${order.orderId}`, headers: bearer(order.notificationToken) })).json().order,
    slotsLeft: async (id = MORNING) =>
      ((await shop.app.inject({ url: '/api/delivery/slots' })).json().slots as Array<{ id: string; remaining: number }>).find((s) => s.id === id)?.remaining,
    statusOf: async (orderId: string) =>
      shop.db.kysely.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow(),
    sweep: () => shop.app.expireUnpaidOrders!(),
  };
}

describe.each(testDatabases)('a UPI reference the shop does not confirm on $name', (database) => {
  let now = NOW;
  // no value cap here: the order for every product is the red team's
  const shop = useTestApp(database, {
    config: shopConfig({ upiVerifyHours: 12, unpaidHoldMinutes: 30, maxGuestOrderValue: 0 }),
    payu: PAYU,
    authSecret: secret,
    clock: () => now,
    unpaidSweepMs: 60 * MINUTE,
    // a receiver nobody answers at: the events stay in the outbox, to be read
    orderWebhook: { url: 'http://127.0.0.1:9/order-events', secret: 'webhook-secret-of-the-test' },
  });
  const shopper = calls(shop);
  let owner: Record<string, string>;
  beforeAll(async () => {
    await setStock(shop.db, 'tee-red-m', 20);
    owner = bearer(await addOwnerPriya(shop.db, tokens));
  });
  const everything = [
    { id: 'tee-red-m', qty: 3 },
    { id: 'mango', qty: 2.5 },
  ];

  it('gives back what an order holds once its made-up reference goes unconfirmed for upiVerifyHours, once, and says so', async () => {
    now = NOW;
    const order = await shopper.place(orderBody(everything, 'upi-manual', { slot: MORNING }));
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(17);
    expect(await stockOf(shop.db, 'mango')).toBe(10);
    expect(await shopper.slotsLeft()).toBe(19);

    // five minutes later a made-up reference: the shopper is told by when the shop confirms it
    now = NOW + 5 * MINUTE;
    const sent = await shopper.reference(order, '123456789012');
    expect(sent.json()).toEqual({ success: true, paymentStatus: 'awaiting_verification', verifyBy: NOW + 5 * MINUTE + 12 * HOUR });
    expect(await shopper.guestView(order)).toMatchObject({ paymentStatus: 'awaiting_verification', paymentClaimedAt: NOW + 5 * MINUTE });
    const onBoard = (await shop.app.inject({ url: '/admin/api/orders', headers: owner })).json().orders.find((o: { id: string }) => o.id === order.orderId);
    expect(onBoard).toMatchObject({ paymentReference: '123456789012', paymentClaimedAt: NOW + 5 * MINUTE });

    // another reference later does not move the deadline
    now = NOW + 11 * HOUR;
    expect((await shopper.reference(order, '210987654321')).json().verifyBy).toBe(NOW + 5 * MINUTE + 12 * HOUR);

    // a minute before the deadline: still held, well past the 30-minute hold of an unpaid order
    now = NOW + 5 * MINUTE + 12 * HOUR - MINUTE;
    expect(await shopper.sweep()).toBe(0);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(17);

    now += MINUTE;
    expect(await shopper.sweep()).toBe(1);
    expect(await shopper.statusOf(order.orderId)).toEqual({ status: 'cancelled', payment_status: 'awaiting_verification' });
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(20);
    expect(await stockOf(shop.db, 'mango')).toBe(12.5);
    expect(await shopper.slotsLeft()).toBe(20);
    // exactly once
    expect(await shopper.sweep()).toBe(0);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(20);

    const audit = await shop.db.kysely.selectFrom('audit_log').select(['actor', 'action', 'detail']).where('subject', '=', `order:${order.orderId}`).execute();
    expect(audit.map((a) => ({ ...a, detail: JSON.parse(a.detail) as unknown }))).toEqual([
      { actor: 'system', action: 'order.expired', detail: { reason: 'upi_not_verified', hours: 12 } },
    ]);
    // the webhook's outbox has the change with its reason
    const events = await shop.db.kysely.selectFrom('webhook_deliveries').select(['event', 'payload']).where('order_id', '=', order.orderId).execute();
    expect(events.map((e) => [e.event, (JSON.parse(e.payload) as { detail: unknown }).detail])).toContainEqual([
      'order.status_changed',
      { from: 'placed', to: 'cancelled', by: 'system', reason: 'upi_not_verified' },
    ]);
    expect(await shopper.guestView(order)).toMatchObject({ status: 'cancelled' });
  });

  it('keeps an order the owner marks paid, or accepts, before the deadline', async () => {
    now = NOW + 24 * HOUR;
    const paid = await shopper.place(orderBody(TEE, 'upi-manual'));
    const accepted = await shopper.place(orderBody(TEE, 'upi-manual'));
    expect((await shopper.reference(paid, '111122223333')).statusCode).toBe(200);
    expect((await shopper.reference(accepted, '444455556666')).statusCode).toBe(200);
    now += 11 * HOUR;
    expect((await shop.app.inject({ method: 'POST', url: `/admin/api/orders/${paid.orderId}/paid`, payload: {}, headers: owner })).statusCode).toBe(200);
    // the owner took the order on: it is theirs to settle, not the clock's
    expect(
      (await shop.app.inject({ method: 'POST', url: `/admin/api/orders/${accepted.orderId}/status`, payload: { status: 'confirmed' }, headers: owner }))
        .statusCode,
    ).toBe(200);
    expect((await shopper.guestView(accepted)).paymentClaimedAt).toBe(NOW + 24 * HOUR);

    now += 2 * HOUR;
    expect(await shopper.sweep()).toBe(0);
    expect(await shopper.statusOf(paid.orderId)).toEqual({ status: 'placed', payment_status: 'paid' });
    expect(await shopper.statusOf(accepted.orderId)).toEqual({ status: 'confirmed', payment_status: 'awaiting_verification' });
  });
});

describe.each(testDatabases)('what a guest or a new account may hold unpaid on $name', (database) => {
  // ₹1,000 for the open unpaid orders of a guest or a new account
  const shop = useTestApp(database, { config: shopConfig({ maxGuestOrderValue: 1000 }), payu: PAYU, authSecret: secret, clock: () => NOW });
  const shopper = calls(shop);
  let owner: Record<string, string>;
  beforeAll(async () => {
    await setStock(shop.db, 'tee-red-m', 100);
    owner = bearer(await addOwnerPriya(shop.db, tokens));
  });
  const refusal = {
    success: false,
    error: 'order_limit',
    message: 'Guests and new customers can have at most ₹1,000.00 in orders not yet paid. Please pay by card or netbanking, or order less.',
  };
  const setStatus = (orderId: string, status: string) =>
    shop.app.inject({ method: 'POST', url: `/admin/api/orders/${orderId}/status`, payload: { status }, headers: owner });

  it('caps a new account paying on delivery as a guest, over all its open unpaid orders, and a later switch too', async () => {
    const ravi = bearer(await addUser(shop.db, tokens, { id: 'ravi', role: 'customer' }));
    const stock = await stockOf(shop.db, 'tee-red-m');
    // with an Idempotency-Key, as the checkout sends (on PostgreSQL the cap is read in the key's claim statement)
    const over = await shopper.create(orderBody(OVER_1000, 'pof'), { ...ravi, 'idempotency-key': 'co-ravi-over-1000' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(refusal);
    expect((await shopper.quote(orderBody(OVER_1000, 'pof'), ravi)).json()).toEqual(refusal);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(stock);

    // ₹999, then one more tee: ₹1,498.50 in all
    const first = await shopper.place(orderBody([{ id: 'tee-red-m', qty: 2 }], 'pof'), ravi);
    expect((await shopper.create(orderBody(TEE, 'pof'), ravi)).json()).toEqual(refusal);
    expect((await shopper.quote(orderBody(TEE, 'pof'), ravi)).json()).toEqual(refusal);
    // a UPI transfer the owner has to find is no better than cash at the door
    expect((await shopper.create(orderBody(TEE, 'upi-manual'), ravi)).json()).toEqual(refusal);
    // paid through PayU it is taken; switched to pay on delivery or UPI afterwards, it is not
    const online = await shopper.place(orderBody(TEE, 'payu'), ravi);
    for (const provider of ['pof', 'upi-manual']) {
      const toCash = await shop.app.inject({
        method: 'POST',
        url: '/fn/order/paymentConfig',
        payload: { sfId: 'test-shop', orderId: online.orderId, provider },
        headers: ravi,
      });
      expect(toCash.statusCode).toBe(409);
      expect(toCash.json()).toEqual(refusal);
    }
    expect(await shopper.statusOf(online.orderId)).toEqual({ status: 'placed', payment_status: 'awaiting_payment' });

    // the first order rejected, its ₹999 no longer counts
    expect((await setStatus(first.orderId, 'rejected')).statusCode).toBe(200);
    expect((await shopper.create(orderBody(TEE, 'pof'), ravi)).statusCode).toBe(200);
  });

  it("adds up a guest contact's open unpaid orders; paid or handed over ones, and other contacts, do not count", async () => {
    const asha = { email: 'asha@example.com' };
    const one = await shopper.place(orderBody(TEE, 'pof', asha));
    await shopper.place(orderBody(TEE, 'upi-manual', { email: 'Asha@Example.com' }));
    // the third tee would make ₹1,498.50
    const third = await shopper.create(orderBody(TEE, 'pof', asha));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual(refusal);
    expect((await shopper.create(orderBody(TEE, 'pof', { email: 'meera@example.com' }))).statusCode).toBe(200);
    // a guest's UPI order alone above the cap
    expect((await shopper.create(orderBody(OVER_1000, 'upi-manual', { email: 'neha@example.com' }))).json()).toEqual(refusal);
    // the owner collects the first: it is paid, and no longer counts
    expect((await shop.app.inject({ method: 'POST', url: `/admin/api/orders/${one.orderId}/paid`, payload: {}, headers: owner })).statusCode).toBe(200);
    expect((await shopper.create(orderBody(TEE, 'pof', asha))).statusCode).toBe(200);
  });

  it('lets a guest hold the cap to the paisa, and not a paisa more, alone or added up', async () => {
    await setStock(shop.db, 'tee-red-l', 10);
    const priceL = (paise: number) =>
      shop.db.kysely
        .updateTable('products')
        .set({ mrp_minor: null, regular_minor: minor(paise), special_minor: null })
        .where('id', '=', 'tee-red-l')
        .execute();
    const L = [{ id: 'tee-red-l', qty: 1 }];
    try {
      await priceL(100_000);
      expect((await shopper.create(orderBody(L, 'pof', { email: 'at-the-cap@example.com' }))).statusCode).toBe(200);
      await priceL(100_001);
      expect((await shopper.create(orderBody(L, 'pof', { email: 'a-paisa-over@example.com' }))).json()).toEqual(refusal);
      // ₹499.50 held, then ₹500.50: ₹1,000.00 in all; then ₹500.51: a paisa over
      await priceL(50_050);
      const sum = { phone: '9800000123' };
      await shopper.place(orderBody(TEE, 'pof', sum));
      expect((await shopper.create(orderBody(L, 'pof', sum))).statusCode).toBe(200);
      const sumOver = { phone: '9800000124' };
      await shopper.place(orderBody(TEE, 'pof', sumOver));
      await priceL(50_051);
      expect((await shopper.create(orderBody(L, 'pof', sumOver))).json()).toEqual(refusal);
    } finally {
      await priceL(59_900);
    }
  });

  it('does not cap an account the shop has handed an order to', async () => {
    const kiran = bearer(await addUser(shop.db, tokens, { id: 'kiran', role: 'customer' }));
    const first = await shopper.place(orderBody(TEE, 'pof'), kiran);
    for (const status of ['confirmed', 'ready', 'picked_up']) expect((await setStatus(first.orderId, status)).statusCode).toBe(200);
    expect((await shopper.create(orderBody(OVER_1000, 'pof'), kiran)).statusCode).toBe(200);
    expect((await shopper.create(orderBody(OVER_1000, 'upi-manual'), { ...kiran, 'idempotency-key': 'co-kiran-upi-1' })).statusCode).toBe(200);
  });
});

describe.each(testDatabases)('a PayU payment restarted to keep the hold on $name', (database) => {
  let now = NOW;
  const shop = useTestApp(database, { config: shopConfig({ unpaidHoldMinutes: 30 }), payu: PAYU, clock: () => now, unpaidSweepMs: 60 * MINUTE });
  const shopper = calls(shop);
  beforeAll(() => setStock(shop.db, 'tee-red-m', 20));

  it('holds the order at most twice unpaidHoldMinutes from its placing, however often the payment starts again', async () => {
    now = NOW;
    const order = await shopper.place(orderBody([{ id: 'tee-red-m', qty: 2 }], 'payu'));
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(18);
    for (const minutes of [20, 40, 55]) {
      now = NOW + minutes * MINUTE;
      expect((await shopper.pay(order, 'payu')).statusCode).toBe(200);
    }
    now = NOW + 59 * MINUTE;
    expect(await shopper.sweep()).toBe(0);
    // one full hold more than the first, and no more: the start at minute 55 does not carry it to 85
    now = NOW + 60 * MINUTE;
    expect(await shopper.sweep()).toBe(1);
    expect(await shopper.statusOf(order.orderId)).toEqual({ status: 'cancelled', payment_status: 'awaiting_payment' });
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(20);
  });
});

describe.each(testDatabases)('the places one contact holds in a delivery slot on $name', (database) => {
  const shop = useTestApp(database, {
    config: shopConfig({ maxSlotPlacesPerCustomer: 2, maxGuestOrderValue: 0 }),
    payu: PAYU,
    authSecret: secret,
    clock: () => NOW,
  });
  const shopper = calls(shop);
  beforeAll(() => setStock(shop.db, 'tee-red-m', 100));
  const refusal = { success: false, error: 'slot_limit_reached', message: 'You already have 2 orders in this delivery slot. Choose another slot.' };

  it("stops one contact's fifteen one-item orders at two places, leaving the slot to everyone else", async () => {
    const hoarder = { email: 'hoarder@example.com', slot: MORNING };
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await shopper.create(orderBody(TEE, 'pof', hoarder)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, ...Array<number>(13).fill(409)]);
    expect(answers[2]!.json()).toEqual(refusal);
    expect(await shopper.slotsLeft()).toBe(18);
    expect(await stockOf(shop.db, 'tee-red-m')).toBe(98);
    // the checkout's quote says it before the button
    expect((await shopper.quote(orderBody(TEE, 'pof', hoarder))).json()).toEqual(refusal);
    // another slot, or another shopper, is free to take
    expect((await shopper.create(orderBody(TEE, 'pof', { ...hoarder, slot: '2026-11-22/evening' }))).statusCode).toBe(200);
    expect((await shopper.create(orderBody(TEE, 'pof', { email: 'neighbour@example.com', slot: MORNING }))).statusCode).toBe(200);

    // one of the two cancelled by the shopper: its place is free for them again
    const first = answers[0]!.json<{ orderId: string; notificationToken: string }>();
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/fn/order/cancelRequest',
      payload: { sfId: 'test-shop', orderId: first.orderId },
      headers: bearer(first.notificationToken),
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect((await shopper.create(orderBody(TEE, 'pof', hoarder))).statusCode).toBe(200);
    expect((await shopper.create(orderBody(TEE, 'pof', hoarder))).statusCode).toBe(409);
  });

  it('lets two of eight orders sent at once by one contact through', async () => {
    const racer = { email: 'racer@example.com', slot: MORNING };
    const answers = await Promise.all(Array.from({ length: 8 }, () => shopper.create(orderBody(TEE, 'pof', racer))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    const held = await shop.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('customer_key', '=', 'email:racer@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(2);
  });

  it('counts a guest who gives a new e-mail each time but the same phone as one shopper', async () => {
    const slot = { slot: '2026-11-22/evening', phone: '98111 22233' };
    expect((await shopper.create(orderBody(TEE, 'pof', { ...slot, email: 'first@example.com' }))).statusCode).toBe(200);
    expect((await shopper.create(orderBody(TEE, 'pof', { ...slot, email: 'second@example.com' }))).statusCode).toBe(200);
    // the same number however typed (decision 076), behind a third address
    const third = await shopper.create(orderBody(TEE, 'pof', { ...slot, email: 'third@example.com', phone: '098111-22233' }));
    expect(third.json()).toEqual(refusal);
  });

  it("counts an account's places by the account", async () => {
    const dev = bearer(await addUser(shop.db, tokens, { id: 'dev', role: 'customer' }));
    const slot = { slot: '2026-11-22/evening' };
    expect((await shopper.create(orderBody(TEE, 'pof', { ...slot, email: 'dev@example.com' }), dev)).statusCode).toBe(200);
    expect((await shopper.create(orderBody(TEE, 'pof', { ...slot, email: 'dev.other@example.com' }), dev)).statusCode).toBe(200);
    expect((await shopper.create(orderBody(TEE, 'pof', slot), dev)).json()).toEqual(refusal);
  });
});
