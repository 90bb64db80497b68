import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { minor } from '../../../domain/money.ts';
import type { Db } from '../../db/database.ts';
import { createCatalogRepository } from '../../db/repositories/catalog-repository.ts';
import { testDatabases } from '../../testing/databases.ts';
import { countOrders } from '../../testing/orders.ts';
import { taxedShopConfig, testCatalog, testPersonal, testShipping } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/** A shop that charges tax, delivery and packing, takes pay on delivery and UPI, and has a table (whose code table-codes.test.ts asks). */
const shopConfig = () => ({
  ...taxedShopConfig(),
  dineInConfig: { dineInEnabled: true, tableCodes: false },
  dineSpaces: [{ id: 'table-4', name: 'Table 4' }],
});

const shipping = testShipping();
const personal = testPersonal();

const orderBody = (over: Record<string, unknown> = {}, items: unknown[] = [{ id: 'tee-red-m', qty: 2 }]) => ({
  userId: null,
  sfId: 'test-shop',
  order: { items, deliveryMode: 'ship', personalDetails: personal, shippingDetails: shipping, paymentType: 'pof', ...over },
});

async function stockOf(db: Db, id: string): Promise<number> {
  const row = await db.kysely.selectFrom('products').select('stock_milli').where('id', '=', id).executeTakeFirstOrThrow();
  return row.stock_milli / 1000;
}

describe.each(testDatabases)('placing orders on $name', (database) => {
  /** A fresh database and app per test: stock and orders start as the test catalog says. */
  async function open(config: unknown = shopConfig()): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db, { config });
    return { app, db, close: async () => (await app.close(), await dispose()) };
  }
  async function withShop(test: (t: { app: FastifyInstance; db: Db }) => Promise<void>, config?: unknown): Promise<void> {
    const t = await open(config);
    try {
      await test(t);
    } finally {
      await t.close();
    }
  }
  const post = (app: FastifyInstance, body: unknown, key?: string) =>
    app.inject({ method: 'POST', url: '/fn/order/create', payload: body as object, headers: key ? { 'idempotency-key': key } : {} });

  it('prices the order from its own catalog, takes the stock and answers with the order and a token', async () => {
    await withShop(async (t) => {
      // the browser's prices and totals are ignored: only ids and quantities count
      const body = orderBody({ totals: [{ code: 'grand_total', value: 1 }] }, [
        { id: 'tee-red-m', qty: 2, price: { regular: 0.01, special: 0.01 }, finalPrice: 0.01 },
      ]);
      const res = await post(t.app, body);
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({
        success: true,
        orderId: expect.any(String),
        order: { number: 1001, status: 'placed', paymentType: 'pof', paymentStatus: 'to_collect', deliveryMode: 'ship', currencyCode: 'INR' },
      });
      expect(answer.notificationToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
      // 2 × ₹499.50 = ₹999.00, below the ₹1,000 free-delivery line: ₹40 delivery, ₹10 packing, 5 % tax ₹49.95
      expect(answer.order.totals.map((l: { code: string; value: number }) => [l.code, l.value])).toEqual([
        ['subtotal', 999],
        ['delivery', 40],
        ['packing', 10],
        ['tax', 49.95],
        ['grand_total', 1098.95],
      ]);
      expect(answer.order.lines).toEqual([
        {
          productId: 'tee-red-m',
          title: 'Cotton Tee',
          variantName: 'Red / M',
          qty: 2,
          isFraction: false,
          unitPrice: 499.5,
          total: 999,
          discount: 0,
          tax: 49.95,
          taxPercent: 5,
          hsn: null,
        },
      ]);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(3);
      // the token is kept only as a hash
      const row = await t.db.kysely.selectFrom('orders').select('notification_token').executeTakeFirstOrThrow();
      expect(row.notification_token).not.toContain(answer.notificationToken);
      // the catalog the shop serves shows the new stock
      const catalog = (await t.app.inject({ url: '/api/catalog' })).json() as { products: Array<{ id: string; stock: number }> };
      expect(catalog.products.find((p) => p.id === 'tee-red-m')?.stock).toBe(3);
    });
  });

  it('refuses more than the stock, lists the lines, and changes nothing', async () => {
    await withShop(async (t) => {
      const res = await post(
        t.app,
        orderBody({}, [
          { id: 'mango', qty: 1.5 },
          { id: 'tee-red-m', qty: 6 },
        ]),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'out_of_stock',
        lines: [{ id: 'tee-red-m', title: 'Cotton Tee', requested: 6, available: 5 }],
      });
      expect(await stockOf(t.db, 'mango')).toBe(12.5);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(5);
      expect(await countOrders(t.db)).toBe(0);
    });
  });

  it('answers bad input with the fields, never 500, and writes nothing', async () => {
    await withShop(async (t) => {
      const bad: Array<[unknown, string]> = [
        [{}, 'order'],
        [orderBody({}, []), 'order.items'],
        [orderBody({}, [{ id: 'tee-red-m', qty: -1 }]), 'order.items.0.qty'],
        [orderBody({}, [{ id: 'tee-red-m', qty: 'two' }]), 'order.items.0.qty'],
        [orderBody({ personalDetails: { ...personal, email: 'not-an-address' } }), 'order.personalDetails.email'],
        [orderBody({ personalDetails: { ...personal, fullName: '' } }), 'order.personalDetails.fullName'],
        [orderBody({ shippingDetails: { ...shipping, zipCode: '56' } }), 'order.shippingDetails.zipCode'],
        [orderBody({ shippingDetails: undefined }), 'order.shippingDetails'],
        [orderBody({ paymentType: 'payu' }), 'order.paymentType'],
        [orderBody({ deliveryMode: 'dine', dineInDetails: { spaceId: 'table-99', value: '' } }), 'order.dineInDetails.spaceId'],
        [{ ...orderBody(), sfId: 'another-shop' }, 'sfId'],
        [orderBody({}, [{ id: 'tee-red-m', qty: 1.5 }]), 'order.items.0.qty'],
        [
          orderBody({}, [
            { id: 'tee-red-m', qty: 1 },
            { id: 'mango', qty: 1.234 },
          ]),
          'order.items.1.qty',
        ],
      ];
      for (const [body, path] of bad) {
        const res = await post(t.app, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(
          res.json().fields.map((f: { path: string }) => f.path),
          JSON.stringify(body),
        ).toContain(path);
      }
      const unknown = await post(t.app, orderBody({}, [{ id: 'no-such-product', qty: 1 }]));
      expect(unknown.statusCode).toBe(409);
      expect(unknown.json()).toMatchObject({ error: 'unavailable', ids: ['no-such-product'] });
      expect(await countOrders(t.db)).toBe(0);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(5);
    });
  });

  it('a table order is dine-in, with no delivery or packing', async () => {
    await withShop(async (t) => {
      const res = await post(
        t.app,
        orderBody({ deliveryMode: 'dine', shippingDetails: undefined, dineInDetails: { spaceId: 'table-4', value: '' }, note: '  Less spicy, please  ' }, [
          { id: 'mango', qty: 1.25 },
        ]),
      );
      expect(res.statusCode).toBe(200);
      const { order } = res.json();
      expect(order.details.dineInDetails).toEqual({ spaceId: 'table-4', value: '' });
      // the kitchen reads the shopper's note as they wrote it, trimmed
      expect(order.details.note).toBe('Less spicy, please');
      expect(order.lines[0]).toMatchObject({ qty: 1.25, isFraction: true });
      // 1.25 Kg × ₹320 = ₹400, 5 % tax
      expect(order.totals.map((l: { code: string; value: number }) => [l.code, l.value])).toEqual([
        ['subtotal', 400],
        ['tax', 20],
        ['grand_total', 420],
      ]);
      expect(await stockOf(t.db, 'mango')).toBe(11.25);
    });
  });

  it('takes any weight a shopper can type with two decimals, priced to the paisa', async () => {
    await withShop(async (t) => {
      const dineIn = { deliveryMode: 'dine', shippingDetails: undefined, dineInDetails: { spaceId: 'table-4', value: '' } };
      // ₹320 a Kg plus 5 % tax, worked out by hand: 1.1 Kg ₹352 + ₹17.60; 0.29 Kg ₹92.80 + ₹4.64; 2.3 Kg ₹736 + ₹36.80
      const expected: Array<[number, number, number]> = [
        [1.1, 352, 369.6],
        [0.29, 92.8, 97.44],
        [2.3, 736, 772.8],
      ];
      for (const [qty, subtotal, grandTotal] of expected) {
        const res = await post(t.app, orderBody(dineIn, [{ id: 'mango', qty }]));
        expect(res.statusCode, `${qty} Kg`).toBe(200);
        const { order } = res.json();
        expect(order.lines[0]).toMatchObject({ qty, isFraction: true, total: subtotal });
        expect(order.grandTotal).toBe(grandTotal);
      }
      // 12.5 − 1.1 − 0.29 − 2.3 Kg
      expect(await stockOf(t.db, 'mango')).toBe(8.81);
      // a weight the scale cannot read, and pieces that are not whole: the shopper's words, nothing taken
      const fine = await post(t.app, orderBody(dineIn, [{ id: 'mango', qty: 1.005 }]));
      expect(fine.json().fields).toEqual([{ path: 'order.items.0.qty', message: 'Enter a weight in steps of 0.01 kg.' }]);
      const half = await post(t.app, orderBody(dineIn, [{ id: 'tee-red-m', qty: 2.5 }]));
      expect(half.json().fields).toEqual([{ path: 'order.items.0.qty', message: 'Enter a whole number.' }]);
      const negative = await post(t.app, orderBody(dineIn, [{ id: 'mango', qty: -1 }]));
      expect(negative.json().fields).toEqual([{ path: 'order.items.0.qty', message: 'The quantity must be above 0.' }]);
      const huge = await post(t.app, orderBody(dineIn, [{ id: 'tee-red-m', qty: 1e9 }]));
      expect(huge.json().fields).toEqual([{ path: 'order.items.0.qty', message: 'This quantity is too large.' }]);
      expect(await countOrders(t.db)).toBe(3);
      expect(await stockOf(t.db, 'mango')).toBe(8.81);
    });
  });

  it('50 shoppers racing for the last unit: exactly one order, stock ends at 0', async () => {
    await withShop(async (t) => {
      await createCatalogRepository(t.db, 2).setStock('tee-red-m', 1, 'test');
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(t.app, orderBody({}, [{ id: 'tee-red-m', qty: 1 }]))));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(0);
      expect(await countOrders(t.db)).toBe(1);
    });
  });

  it('one Idempotency-Key places one order, sent ten times one after another or all at once', async () => {
    await withShop(async (t) => {
      const serial = [];
      for (let i = 0; i < 10; i++) serial.push(await post(t.app, orderBody(), 'checkout-attempt-serial-1'));
      expect(serial.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(serial.map((r) => r.json().orderId)).size).toBe(1);
      expect(serial[1]!.headers['idempotent-replayed']).toBe('true');

      const concurrent = await Promise.all(Array.from({ length: 10 }, () => post(t.app, orderBody(), 'checkout-attempt-concurrent-1')));
      const placed = concurrent.filter((r) => r.statusCode === 200);
      // the rest were told the first is still running (409), or got its answer
      expect(concurrent.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      expect(new Set(placed.map((r) => r.json().orderId)).size).toBe(1);
      expect(await countOrders(t.db)).toBe(2);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(1);

      // the same key with another order is a client bug, not a second order
      const other = await post(t.app, orderBody({}, [{ id: 'mango', qty: 1 }]), 'checkout-attempt-serial-1');
      expect(other.statusCode).toBe(422);
      expect(await countOrders(t.db)).toBe(2);
      // a refusal is an answer too: the same key gets it again, even once stock is back
      const refused = await post(t.app, orderBody({}, [{ id: 'tee-red-m', qty: 3 }]), 'checkout-attempt-refused');
      expect(refused.statusCode).toBe(409);
      await createCatalogRepository(t.db, 2).setStock('tee-red-m', 10, 'test');
      expect((await post(t.app, orderBody({}, [{ id: 'tee-red-m', qty: 3 }]), 'checkout-attempt-refused')).statusCode).toBe(409);
    });
  });

  it('a retry gets the first answer byte for byte, even with the stock gone; a claim left unanswered waits its minute out; an expired key is free', async () => {
    await withShop(async (t) => {
      const first = await post(t.app, orderBody({}, [{ id: 'tee-red-m', qty: 5 }]), 'checkout-attempt-retry-1');
      expect(first.statusCode).toBe(200);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(0);
      const retry = await post(t.app, orderBody({}, [{ id: 'tee-red-m', qty: 5 }]), 'checkout-attempt-retry-1');
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toBe(first.body);
      expect(retry.headers['content-type']).toBe(first.headers['content-type']);

      // a claim with no answer and no order, as a process that died mid-order before decision 054
      // left it: an order placed with the key, then the order and the key's answer taken away
      const claim = { key: 'checkout-attempt-left' };
      const lost = (await post(t.app, orderBody({}, [{ id: 'mango', qty: 1 }]), claim.key)).json();
      await t.db.kysely.deleteFrom('orders').where('id', '=', lost.orderId).execute();
      const now = Date.now();
      await t.db.kysely.updateTable('idempotency_keys').set({ status_code: null, response: null, created_at: now }).where('key', '=', claim.key).execute();
      const waiting = await post(t.app, orderBody({}, [{ id: 'mango', qty: 1 }]), 'checkout-attempt-left');
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().error).toBe('in_progress');
      expect(await countOrders(t.db)).toBe(1);
      // a minute later it is the shopper's again
      await t.db.kysely
        .updateTable('idempotency_keys')
        .set({ created_at: now - 61_000 })
        .where('key', '=', claim.key)
        .execute();
      const taken = await post(t.app, orderBody({}, [{ id: 'mango', qty: 1 }]), 'checkout-attempt-left');
      expect(taken.statusCode).toBe(200);
      expect(taken.headers['idempotent-replayed']).toBeUndefined();
      expect(await countOrders(t.db)).toBe(2);
      expect((await post(t.app, orderBody({}, [{ id: 'mango', qty: 1 }]), 'checkout-attempt-left')).json().orderId).toBe(taken.json().orderId);

      // a key answered more than a day ago places a new order
      await t.db.kysely
        .updateTable('idempotency_keys')
        .set({ created_at: now - 25 * 60 * 60 * 1000 })
        .where('key', '=', claim.key)
        .execute();
      const again = await post(t.app, orderBody({}, [{ id: 'mango', qty: 1 }]), 'checkout-attempt-left');
      expect(again.statusCode).toBe(200);
      expect(again.json().orderId).not.toBe(taken.json().orderId);
      expect(await countOrders(t.db)).toBe(3);
    });
  });

  it('an order carrying the total the shopper was shown is refused with the new quote when the price changed, placing nothing', async () => {
    await withShop(async (t) => {
      // 2 × ₹499.50 shipped: ₹1,098.95 (as priced above)
      const quoted = (await t.app.inject({ method: 'POST', url: '/fn/order/quote', payload: orderBody() })).json();
      expect(quoted.grandTotal).toBe(1098.95);
      expect((await post(t.app, orderBody({ quotedTotal: 1098.95 }))).statusCode).toBe(200);
      // the owner raises the tee to ₹549.50 while the next shopper looks at the old total: ₹1,099 is free delivery,
      // so ₹1,099 + ₹10 packing + 5 % tax ₹54.95 = ₹1,163.95
      await t.db.kysely
        .updateTable('products')
        .set({ special_minor: minor(54_950) })
        .where('id', '=', 'tee-red-m')
        .execute();
      const changed = await post(t.app, orderBody({ quotedTotal: 1098.95 }), 'co-price-changed-1');
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({
        success: false,
        error: 'price_changed',
        message: 'The total of your order is now ₹1,163.95. Please check it and place your order again.',
        quote: { success: true, grandTotal: 1163.95, lines: [{ productId: 'tee-red-m', unitPrice: 549.5, total: 1099 }] },
      });
      expect(await stockOf(t.db, 'tee-red-m')).toBe(3);
      expect(await countOrders(t.db)).toBe(1);
      // confirmed at the new total, it is placed
      const confirmed = await post(t.app, orderBody({ quotedTotal: 1163.95 }), 'co-price-changed-2');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().order.grandTotal).toBe(1163.95);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(1);
    });
  });

  it('the guest view shows the order to the holder of its token, and to nobody else', async () => {
    await withShop(async (t) => {
      const placed = (await post(t.app, orderBody())).json();
      const view = (token: string | undefined, id = placed.orderId) =>
        t.app.inject({ url: `/api/guest/order/${id}`, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
      const ok = await view(placed.notificationToken);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
      // a delivery is no round of a table's bill
      expect(ok.json()).toEqual({ success: true, order: placed.order, bill: null });
      const missing = await view(placed.notificationToken, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, errorMessage: expect.any(String) });
      // a wrong token, a token of the right shape or none at all: the very same answer
      const almost = `${placed.notificationToken.slice(0, 23)}${placed.notificationToken.endsWith('A') ? 'B' : 'A'}`;
      for (const token of [undefined, 'wrong', almost]) {
        const res = await view(token);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    });
  });

  it('a cancel request cancels an unconfirmed order and restocks it once; a confirmed one is only flagged', async () => {
    await withShop(async (t) => {
      const cancel = (orderId: string, token: string | undefined) =>
        t.app.inject({
          method: 'POST',
          url: '/fn/order/cancelRequest',
          payload: { sfId: 'test-shop', orderId },
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      const placed = (await post(t.app, orderBody())).json();
      expect(await stockOf(t.db, 'tee-red-m')).toBe(3);
      // without the order's token nobody can cancel it
      expect((await cancel(placed.orderId, undefined)).statusCode).toBe(404);
      expect((await cancel(placed.orderId, 'someone-elses-token-1234')).statusCode).toBe(404);
      expect(await stockOf(t.db, 'tee-red-m')).toBe(3);

      const answers = await Promise.all([cancel(placed.orderId, placed.notificationToken), cancel(placed.orderId, placed.notificationToken)]);
      answers.push(await cancel(placed.orderId, placed.notificationToken));
      for (const a of answers) expect(a.json()).toMatchObject({ success: true, status: 'cancelled' });
      expect(await stockOf(t.db, 'tee-red-m')).toBe(5);

      const confirmed = (await post(t.app, orderBody())).json();
      await t.db.kysely.updateTable('orders').set({ status: 'confirmed' }).where('id', '=', confirmed.orderId).execute();
      const guestView = async () =>
        (await t.app.inject({ url: `/api/guest/order/${confirmed.orderId}`, headers: { authorization: `Bearer ${confirmed.notificationToken}` } })).json()
          .order;
      expect(await guestView()).toMatchObject({ status: 'confirmed', cancelRequested: false });
      expect((await cancel(confirmed.orderId, confirmed.notificationToken)).json()).toMatchObject({
        success: true,
        status: 'confirmed',
        cancelRequested: true,
      });
      // the shopper's page says the request was sent instead of offering it again
      expect(await guestView()).toMatchObject({ status: 'confirmed', cancelRequested: true });
      expect(await stockOf(t.db, 'tee-red-m')).toBe(3);
      const row = await t.db.kysely
        .selectFrom('orders')
        .select(['status', 'cancel_requested_at'])
        .where('id', '=', confirmed.orderId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('confirmed');
      expect(row.cancel_requested_at).toEqual(expect.any(Number));
    });
  });

  it('a shop with orders off but enquiries on records an enquiry with no payment', async () => {
    const config = { ...shopConfig(), orderConfig: { ...shopConfig().orderConfig, orderEnabled: false, enquiryEnabled: true } };
    await withShop(async (t) => {
      const res = await post(t.app, orderBody({ paymentType: undefined }));
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({ kind: 'enquiry', paymentType: null, paymentStatus: 'none' });
    }, config);
  });
});

// keep the fixture honest: the tests above rely on these numbers
it('the test catalog has 5 tees at ₹499.50 and 12.5 Kg of mango at ₹320', () => {
  const products = testCatalog().products;
  expect(products.find((p) => p.variantId === 'tee-red-m')).toMatchObject({ stock: 5, price: { special: 499.5 } });
  expect(products.find((p) => p.variantId === 'mango')).toMatchObject({ stock: 12.5, price: { regular: 320 } });
});
