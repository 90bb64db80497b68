import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createCatalogRepository } from '../../db/repositories/catalog-repository.ts';
import { testDatabases } from '../../testing/databases.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../../testing/fake-razorpay.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const KEYS = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'key-secret-never-sent', webhookSecret: 'webhook-secret-never-sent' };
const MINUTE = 60_000;

/**
 * Razorpay's webhook is the authority, but one can be lost (the shop was restarting, the network
 * dropped it, the dashboard's webhook was misconfigured): before the hold of an unpaid Razorpay
 * order ends it, the shop asks Razorpay for the order's payments.
 */
describe.each(testDatabases)('a Razorpay payment whose webhook never came, on $name', (database) => {
  // the fake has no address to post webhooks to: every one is lost
  let fake: FakeRazorpay;
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  let now = Date.UTC(2026, 10, 28, 6, 0);
  beforeAll(async () => {
    fake = await startFakeRazorpay({ ...KEYS });
    const opened = await database.open();
    db = opened.db;
    dispose = opened.dispose;
    app = await buildTestApp(db, {
      config: {
        ...testShopConfig(),
        orderConfig: {
          orderEnabled: true,
          pickupEnabled: true,
          unpaidHoldMinutes: 30,
          detailsConfig: { personal: { fullName: true, email: false, phone: false } },
        },
        payment: { providers: [{ id: 'razorpay', providerName: 'UPI, cards and netbanking', buttonText: 'Pay now' }] },
      },
      razorpay: { ...KEYS, apiUrl: fake.url, checkoutUrl: `${fake.url}/v1/checkout.js` },
      clock: () => now,
      // the test sweeps when it means to
      unpaidSweepMs: 60 * MINUTE,
    });
    await createCatalogRepository(db, 2).setStock('tee-red-m', 100, 'test');
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await fake?.close();
  });

  /** A Razorpay order for two tees (₹999.00) made, as when the shopper opens Checkout. */
  async function started(): Promise<{ orderId: string; razorpayOrderId: string }> {
    const placed = await app.inject({
      method: 'POST',
      url: '/fn/order/create',
      payload: {
        sfId: 'test-shop',
        order: { items: [{ id: 'tee-red-m', qty: 2 }], deliveryMode: 'pickup', paymentType: 'razorpay', personalDetails: { fullName: 'Asha Rao' } },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, notificationToken } = placed.json();
    const config = await app.inject({
      method: 'POST',
      url: '/fn/order/paymentConfig',
      payload: { sfId: 'test-shop', orderId, provider: 'razorpay' },
      headers: { authorization: `Bearer ${notificationToken}` },
    });
    return { orderId, razorpayOrderId: config.json().checkout.order_id };
  }
  const stateOf = (orderId: string) => db.kysely.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const stock = async () => (await db.kysely.selectFrom('products').select('stock_milli').where('id', '=', 'tee-red-m').executeTakeFirstOrThrow()).stock_milli;
  /** The hold ends, and the minute's sweep runs. */
  async function holdEnds(): Promise<void> {
    now += 31 * MINUTE;
    await app.expireUnpaidOrders!();
  }

  it('a payment Razorpay took is found when the hold ends: the order is paid, not cancelled, and its stock stays sold', async () => {
    const { orderId, razorpayOrderId } = await started();
    const sold = await stock();
    await fake.pay(razorpayOrderId);
    // its webhooks went nowhere
    expect(fake.deliveries).toEqual([]);
    expect(await stateOf(orderId)).toEqual({ status: 'placed', payment_status: 'awaiting_payment' });

    await holdEnds();
    expect(await stateOf(orderId)).toEqual({ status: 'placed', payment_status: 'paid' });
    expect(await stock()).toBe(sold);
    const paid = await db.kysely.selectFrom('payments').select(['status', 'reference']).where('order_id', '=', orderId).execute();
    expect(paid).toEqual([{ status: 'paid', reference: [...fake.payments.keys()].at(-1) }]);
  });

  it('an order Razorpay has no payment for, or only one for less, is cancelled at the end of its hold as before', async () => {
    const unpaid = await started();
    const short = await started();
    const before = await stock();
    await fake.pay(short.razorpayOrderId, { amount: 99_800 });
    await holdEnds();
    expect(await stateOf(unpaid.orderId)).toEqual({ status: 'cancelled', payment_status: 'awaiting_payment' });
    expect((await stateOf(short.orderId)).status).toBe('cancelled');
    expect(await stock()).toBe(before + 4000);
  });

  it('while Razorpay cannot be asked, the order is not cancelled on a guess: it waits for the next sweep', async () => {
    const { orderId } = await started();
    await fake.close();
    await holdEnds();
    expect(await stateOf(orderId)).toEqual({ status: 'placed', payment_status: 'awaiting_payment' });
  });
});
