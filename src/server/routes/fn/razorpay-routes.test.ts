import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createCatalogRepository } from '../../db/repositories/catalog-repository.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { webhookSignature } from '../../services/razorpay-protocol.ts';
import { testDatabases } from '../../testing/databases.ts';
import { startFakeRazorpay, type FakeRazorpay, type FakeRazorpayOptions } from '../../testing/fake-razorpay.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addOwnerAndCustomer } from '../../testing/users.ts';

const KEYS = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'key-secret-never-sent', webhookSecret: 'webhook-secret-never-sent' };

const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: true } } },
  payment: {
    providers: [
      { id: 'razorpay', providerName: 'UPI, cards and netbanking', buttonText: 'Pay now' },
      { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
    ],
  },
});

// two tees at ₹499.50: ₹999.00, 99900 paise
const orderBody = {
  sfId: 'test-shop',
  order: {
    items: [{ id: 'tee-red-m', qty: 2 }],
    deliveryMode: 'pickup',
    personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } },
    paymentType: 'razorpay',
  },
};

describe.each(testDatabases)('paying with Razorpay on $name', (database) => {
  const fakeOptions: FakeRazorpayOptions = { ...KEYS };
  let fake: FakeRazorpay;
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  const authSecret = randomBytes(32);
  let owner: string;
  beforeAll(async () => {
    fake = await startFakeRazorpay(fakeOptions);
    const opened = await database.open();
    db = opened.db;
    dispose = opened.dispose;
    app = await buildTestApp(db, {
      config: shopConfig(),
      razorpay: { ...KEYS, apiUrl: fake.url, checkoutUrl: `${fake.url}/v1/checkout.js` },
      authSecret,
    });
    owner = (await addOwnerAndCustomer(db, createAccessTokens(authSecret))).priya!;
    await createCatalogRepository(db, 2).setStock('tee-red-m', 1000, 'test');
    // Razorpay posts its webhooks to the shop's address
    fakeOptions.webhookUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/fn/payment/razorpay/webhook`;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await fake?.close();
  });

  async function place(): Promise<{ orderId: string; token: string; number: number }> {
    const res = await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody });
    expect(res.statusCode).toBe(200);
    return { orderId: res.json().orderId, token: res.json().notificationToken, number: res.json().order.number };
  }
  const call = (url: string, payload: object, token: string) => app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  const paymentConfig = (orderId: string, token: string) => call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'razorpay' }, token);
  const statusOf = async (orderId: string, token: string) =>
    (await app.inject({ url: `/api/guest/order/${orderId}`, headers: { authorization: `Bearer ${token}` } })).json().order.paymentStatus;
  /** The order's state and its payment rows: what a refused call must leave as it was. */
  const snapshot = async (orderId: string) => ({
    order: await db.kysely
      .selectFrom('orders')
      .select(['status', 'payment_type', 'payment_status', 'updated_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow(),
    payments: await db.kysely.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute(),
  });
  /** Starts paying: the Razorpay order the shop made for this order. */
  async function started() {
    const placed = await place();
    const res = await paymentConfig(placed.orderId, placed.token);
    expect(res.statusCode).toBe(200);
    return { ...placed, razorpayOrderId: res.json().checkout.order_id as string };
  }

  it('makes one Razorpay order per order, in paise with our number as receipt, and answers what Checkout needs', async () => {
    const { orderId, token, number } = await place();
    const first = await paymentConfig(orderId, token);
    expect(first.statusCode).toBe(200);
    const checkout = first.json().checkout;
    expect(first.json()).toMatchObject({ success: true, provider: 'razorpay', paymentStatus: 'awaiting_payment' });
    expect(checkout).toEqual({
      script: `${fake.url}/v1/checkout.js`,
      key: KEYS.keyId,
      order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 99_900,
      currency: 'INR',
      name: 'Test Shop',
      description: `Order #${number}`,
      prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919800000001' },
    });
    expect(first.body).not.toContain(KEYS.keySecret);
    expect(fake.orders.get(checkout.order_id)).toMatchObject({ amount: 99_900, currency: 'INR', receipt: `#${number}`, status: 'created' });
    // asked again (a reload, a second tab at once): the same Razorpay order
    const again = await Promise.all([paymentConfig(orderId, token), paymentConfig(orderId, token)]);
    expect(again.map((r) => r.json().checkout.order_id)).toEqual([checkout.order_id, checkout.order_id]);
    expect([...fake.orders.values()].filter((o) => o.receipt === `#${number}`)).toHaveLength(1);
    expect(await statusOf(orderId, token)).toBe('awaiting_payment');
  });

  it('a shopper who pays and closes the page still gets a paid order: the webhook marks it', async () => {
    const { orderId, token, razorpayOrderId } = await started();
    const delivered = fake.deliveries.length;
    // paid in Razorpay; the page never hears of it
    await fake.pay(razorpayOrderId);
    expect(fake.deliveries.slice(delivered).map((d) => [d.event, d.status])).toEqual([
      ['payment.captured', 200],
      ['order.paid', 200],
    ]);
    expect(await statusOf(orderId, token)).toBe('paid');
    const [payment] = (await snapshot(orderId)).payments;
    expect(payment).toMatchObject({ provider: 'razorpay', status: 'paid', amount_minor: 99_900, reference: expect.stringMatching(/^pay_/) });
  });

  it("the shopper's signed Checkout answer marks the order paid at once; the webhooks after it change nothing", async () => {
    const { orderId, token, razorpayOrderId } = await started();
    const answer = await fake.pay(razorpayOrderId);
    const res = await call('/fn/order/razorpayPayment', { sfId: 'test-shop', orderId, ...answer }, token);
    expect(res.json()).toEqual({ success: true, paymentStatus: 'paid' });
    const paid = await snapshot(orderId);
    expect(paid.payments).toHaveLength(1);
    // sent again by a retrying browser: the same answer, nothing new
    expect((await call('/fn/order/razorpayPayment', { sfId: 'test-shop', orderId, ...answer }, token)).json()).toEqual({
      success: true,
      paymentStatus: 'paid',
    });
    expect(await snapshot(orderId)).toEqual(paid);
  });

  it('a forged Checkout answer, or one for another order, is refused and changes nothing', async () => {
    const mine = await started();
    const other = await started();
    const before = await snapshot(mine.orderId);
    const answer = await fake.pay(other.razorpayOrderId);
    const refused = [
      // the other order's genuine answer on mine
      { ...answer },
      // my Razorpay order, a payment id signed with a guessed secret
      { razorpay_order_id: mine.razorpayOrderId, razorpay_payment_id: answer.razorpay_payment_id, razorpay_signature: answer.razorpay_signature },
      { razorpay_order_id: mine.razorpayOrderId, razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_signature: 'f'.repeat(64) },
    ];
    for (const body of refused) {
      const res = await call('/fn/order/razorpayPayment', { sfId: 'test-shop', orderId: mine.orderId, ...body }, mine.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'payment_not_confirmed' });
    }
    // without the order's token: as if it did not exist
    expect((await call('/fn/order/razorpayPayment', { sfId: 'test-shop', orderId: mine.orderId, ...answer }, other.token)).statusCode).toBe(404);
    expect(await snapshot(mine.orderId)).toEqual(before);
  });

  it('a webhook with a wrong signature, a replayed one, or one for a wrong amount changes nothing', async () => {
    const { orderId, token, razorpayOrderId } = await started();
    const before = await snapshot(orderId);
    const shortPaid = fake.payments.size;
    // a payment of ₹1.00 less than the order (a tampered or partial payment)
    await fake.pay(razorpayOrderId, { amount: 99_800 });
    expect(fake.payments.size).toBe(shortPaid + 1);
    expect(fake.deliveries.at(-1)).toMatchObject({ event: 'payment.captured', status: 200 });
    expect(await snapshot(orderId)).toEqual(before);

    const payment = [...fake.payments.values()].at(-1)!;
    const full = { ...payment, id: 'pay_FullAmount0000', amount: 99_900 };
    const body = { entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: full } }, created_at: 1_700_000_000 };
    // signed with another secret: refused
    const forged = await fake.send(body, { signature: webhookSignature(JSON.stringify(body), 'a guessed secret') });
    expect(forged.status).toBe(400);
    expect(await snapshot(orderId)).toEqual(before);
    // genuine: paid; the same event again (Razorpay retries): answered, nothing more
    const genuine = await fake.send(body);
    expect(genuine.status).toBe(200);
    expect(await statusOf(orderId, token)).toBe('paid');
    const paid = await snapshot(orderId);
    expect((await fake.send(body, { eventId: genuine.eventId })).status).toBe(200);
    expect(await snapshot(orderId)).toEqual(paid);
    const events = await db.kysely.selectFrom('payment_events').select(['event_id', 'outcome', 'order_id']).where('event_id', '=', genuine.eventId).execute();
    expect(events).toEqual([{ event_id: genuine.eventId, outcome: 'paid', order_id: orderId }]);
  });

  it('a webhook for a Razorpay order this shop did not make, or not an event at all, changes nothing and never answers 500', async () => {
    const ordersBefore = await db.kysely.selectFrom('orders').select(['id', 'payment_status', 'updated_at']).orderBy('id').execute();
    const stranger = {
      entity: 'event',
      event: 'order.paid',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_Stranger000000',
            entity: 'payment',
            amount: 99_900,
            currency: 'INR',
            status: 'captured',
            order_id: 'order_NotThisShop000',
            method: 'upi',
            amount_refunded: 0,
            captured: true,
            created_at: 1_700_000_000,
          },
        },
      },
      created_at: 1_700_000_000,
    };
    expect((await fake.send(stranger)).status).toBe(200);
    const url = '/fn/payment/razorpay/webhook';
    const signed = (raw: string, headers: Record<string, string> = {}) => ({
      method: 'POST' as const,
      url,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(raw, KEYS.webhookSecret),
        'x-razorpay-event-id': 'evt_Odd000000000001',
        ...headers,
      },
    });
    const odd = [
      signed('not json'),
      signed('{"entity":"event"}'),
      signed(JSON.stringify(stranger), { 'x-razorpay-event-id': '' }),
      { method: 'POST' as const, url, payload: '' },
      { method: 'POST' as const, url, payload: JSON.stringify(stranger), headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'zz' } },
    ];
    for (const request of odd) {
      const res = await app.inject(request);
      expect(res.statusCode, String(request.payload)).toBeLessThan(500);
      expect(res.statusCode, String(request.payload)).not.toBe(200);
    }
    expect(await db.kysely.selectFrom('orders').select(['id', 'payment_status', 'updated_at']).orderBy('id').execute()).toEqual(ordersBefore);
  });

  it('the owner cancels a paid order: the shop refunds it through Razorpay, and refund.processed marks it refunded once', async () => {
    const { orderId, token, razorpayOrderId } = await started();
    const answer = await fake.pay(razorpayOrderId);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/status`,
      payload: { status: 'cancelled' },
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(cancelled.statusCode).toBe(200);
    // asked at once as the order ends (this waits for that ask, or asks)
    await app.sendRazorpayRefunds!();
    const asked = fake.refunds.filter((r) => r.payment_id === answer.razorpay_payment_id);
    expect(asked).toEqual([expect.objectContaining({ amount: 99_900, currency: 'INR' })]);
    // Razorpay says when the bank has it
    await expect
      .poll(async () => (await app.inject({ url: `/api/guest/order/${orderId}`, headers: { authorization: `Bearer ${token}` } })).json().order)
      .toMatchObject({
        status: 'cancelled',
        paymentStatus: 'refunded',
        refund: { amount: 999, method: 'razorpay', status: 'refunded', reference: asked[0]!.id },
      });
    // a second sweep asks nothing more; Razorpay would refuse it anyway
    expect(await app.sendRazorpayRefunds!()).toBe(0);
    expect(fake.refunds.filter((r) => r.payment_id === answer.razorpay_payment_id)).toHaveLength(1);
  });

  it('paid after the order was cancelled: the money is owed back, and the shop refunds it through Razorpay by itself', async () => {
    const { orderId, token, razorpayOrderId } = await started();
    expect((await call('/fn/order/cancelRequest', { sfId: 'test-shop', orderId }, token)).json()).toMatchObject({ status: 'cancelled' });
    const answer = await fake.pay(razorpayOrderId);
    // asked as the payment lands (this waits for that ask, or asks)
    await app.sendRazorpayRefunds!();
    expect(fake.refunds.filter((r) => r.payment_id === answer.razorpay_payment_id)).toEqual([expect.objectContaining({ amount: 99_900 })]);
    const refundOf = () => db.kysely.selectFrom('refunds').select(['amount_minor', 'method', 'status']).where('order_id', '=', orderId).execute();
    await expect.poll(refundOf).toEqual([{ amount_minor: 99_900, method: 'razorpay', status: 'refunded' }]);
    expect(await statusOf(orderId, token)).toBe('refunded');
  });
});

describe('a shop without Razorpay settings', () => {
  const [sqlite] = testDatabases;
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await sqlite!.open();
    dispose = opened.dispose;
    app = await buildTestApp(opened.db, { config: shopConfig(), razorpay: { ...KEYS, webhookSecret: undefined, apiUrl: undefined, checkoutUrl: undefined } });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('does not offer Razorpay (it could not confirm a payment) and has no webhook', async () => {
    const shop = (await app.inject('/api/shop')).json();
    expect(JSON.stringify(shop)).not.toContain('razorpay');
    const order = await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody });
    expect(order.statusCode).toBe(400);
    const raw = '{}';
    const hook = await app.inject({
      method: 'POST',
      url: '/fn/payment/razorpay/webhook',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, 'anything'), 'x-razorpay-event-id': 'evt_1' },
    });
    expect(hook.statusCode).toBe(404);
  });
});
