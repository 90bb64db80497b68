import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { taxedShopConfig } from '../../testing/fixtures.ts';
import { countOrders } from '../../testing/orders.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { useOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

/** A Pune bakery registered for GST: 5 % on top, pickup and delivery (₹40 under ₹1,000), ₹10 packing, paid on delivery or by UPI. */
const shopConfig = () => ({
  ...taxedShopConfig(),
  timeZone: 'Asia/Kolkata',
  gst: { gstin: '27AAPFU0939F1ZV', legalName: 'Pune Bakes Private Limited', address: '14 FC Road\nPune 411004' },
});

const address = {
  fullName: 'Meera Joshi',
  streetName: '7 Law College Road',
  apartment: '',
  city: 'Pune',
  state: 'Maharashtra',
  zipCode: '411004',
  country: 'India',
};
const meera = { fullName: 'Meera Joshi', email: '', phone: { number: '9822012345', dialCode: '+91' } };
const nobody = { fullName: '', email: '', phone: { number: '', dialCode: '' } };

type Placed = {
  orderId: string;
  order: {
    number: number;
    channel: string;
    status: string;
    paymentType: string;
    paymentStatus: string;
    grandTotal: number;
    lines: { productId: string; qty: number; total: number; tax: number }[];
    totals: { code: string; value: number }[];
  };
};

describe.each(testDatabases)('orders the shop keys in on /admin, on $name', (database) => {
  const shop = useTestApp(database, { config: shopConfig(), authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens);
  const as = (user: string | null) => (user ? { authorization: `Bearer ${token[user]}` } : {});
  const keyIn = (body: Record<string, unknown>, user: string | null = 'priya', headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url: '/admin/api/orders', payload: { sfId: 'test-shop', ...body }, headers: { ...as(user), ...headers } });
  const stockOf = async (id: string) =>
    (await shop.db.kysely.selectFrom('products').select('stock_milli').where('id', '=', id).executeTakeFirstOrThrow()).stock_milli / 1000;
  const setStock = (id: string, stock: number) =>
    shop.db.kysely
      .updateTable('products')
      .set({ stock_milli: stock * 1000 })
      .where('id', '=', id)
      .execute();
  beforeEach(async () => {
    await setStock('tee-red-m', 50);
    await setStock('mango', 20);
  });

  it('sells at the counter like the storefront: the same lines, totals and number series, paid in cash, handed over with its invoice', async () => {
    const cart = [
      { id: 'tee-red-m', qty: 1 },
      { id: 'mango', qty: 1.25 },
    ];
    const online = await shop.app.inject({
      method: 'POST',
      url: '/fn/order/create',
      payload: {
        sfId: 'test-shop',
        order: { items: cart, deliveryMode: 'pickup', personalDetails: { ...meera, email: 'meera@example.com' }, paymentType: 'pof' },
      },
    });
    expect(online.statusCode).toBe(200);
    const sale = await keyIn({
      channel: 'counter',
      paymentType: 'cash',
      handOver: true,
      order: { items: cart, deliveryMode: 'pickup', personalDetails: nobody },
    });
    expect(sale.statusCode).toBe(200);
    const a = online.json<Placed>().order;
    const b = sale.json<Placed>().order;
    expect(b.number).toBe(a.number + 1);
    expect(b.lines).toEqual(a.lines);
    expect(b.totals).toEqual(a.totals);
    // ₹499.50 + 1.25 kg × ₹320 = ₹899.50; 5 % on top, ₹10 packing, no delivery at the counter
    expect(b.lines.map((l) => [l.productId, l.qty, l.total])).toEqual([
      ['mango', 1.25, 400],
      ['tee-red-m', 1, 499.5],
    ]);
    expect(b.lines.find((l) => l.productId === 'mango')!.tax).toBe(20);
    expect(b.grandTotal).toBeCloseTo(899.5 + 20 + 24.98 + 10, 2);
    expect(b).toMatchObject({ channel: 'counter', status: 'picked_up', paymentType: 'cash', paymentStatus: 'paid' });
    expect(a).toMatchObject({ channel: 'online', status: 'placed' });
    expect(await stockOf('tee-red-m')).toBe(48);
    expect(await stockOf('mango')).toBe(17.5);

    const id = sale.json<Placed>().orderId;
    const seen = (await shop.app.inject({ method: 'GET', url: `/admin/api/orders/${id}`, headers: as('priya') })).json();
    expect(seen.order.history.map((e: { by: string; action: string }) => [e.by, e.action])).toEqual([
      ['shopper', 'order.placed'],
      ['priya', 'order.paid'],
      ['priya', 'order.status'],
    ]);
    expect(seen.next).toEqual([]);
    const invoice = await shop.app.inject({ method: 'GET', url: `/admin/api/orders/${id}/invoice`, headers: as('priya') });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain('Tax invoice');
  });

  it('takes a phone order for delivery, to collect on delivery; the caller must leave a number', async () => {
    const order = { items: [{ id: 'tee-red-m', qty: 2 }], deliveryMode: 'ship', shippingDetails: address };
    const noNumber = await keyIn({ channel: 'phone', order: { ...order, personalDetails: { ...meera, phone: { number: '', dialCode: '+91' } } } });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().fields).toEqual([{ path: 'order.personalDetails.phone', message: expect.any(String) }]);

    const placed = await keyIn({ channel: 'phone', order: { ...order, personalDetails: meera } });
    expect(placed.statusCode).toBe(200);
    // ₹999 of tees is under ₹1,000: ₹40 delivery
    // taken by the shop itself: accepted as it is placed, with its invoice
    expect(placed.json<Placed>().order).toMatchObject({ channel: 'phone', status: 'confirmed', paymentType: 'pof', paymentStatus: 'to_collect' });
    expect(placed.json<Placed>().order.totals.find((t) => t.code === 'delivery')?.value).toBe(40);
    const board = (await shop.app.inject({ method: 'GET', url: '/admin/api/orders?status=confirmed', headers: as('priya') })).json();
    expect(board.orders.find((o: { id: string }) => o.id === placed.json<Placed>().orderId)).toMatchObject({ channel: 'phone' });
  });

  it('sells when the storefront is switched off: the switch closes the shop to shoppers, not its counter', async () => {
    await shop.app.inject({ method: 'POST', url: '/admin/api/store', payload: { open: false }, headers: as('priya') });
    const order = { items: [{ id: 'mango', qty: 0.5 }], deliveryMode: 'pickup', personalDetails: nobody };
    try {
      const sale = await keyIn({ channel: 'counter', paymentType: 'upi', paymentReference: '412345678901', handOver: true, order });
      expect(sale.statusCode).toBe(200);
      expect(sale.json<Placed>().order).toMatchObject({ paymentType: 'upi-manual', paymentStatus: 'paid' });
      const personalDetails = { ...meera, email: 'meera@example.com' };
      const shopper = await shop.app.inject({
        method: 'POST',
        url: '/fn/order/create',
        payload: { sfId: 'test-shop', order: { ...order, personalDetails, paymentType: 'pof' } },
      });
      expect(shopper.statusCode).toBe(409);
      expect(shopper.json()).toMatchObject({ error: 'store_closed' });
    } finally {
      await shop.app.inject({ method: 'POST', url: '/admin/api/store', payload: { open: true }, headers: as('priya') });
    }
  });

  it("quotes a counter sale before it is placed, with the shop's UPI QR for the total when paid by UPI", async () => {
    const before = await countOrders(shop.db);
    const quote = await shop.app.inject({
      method: 'POST',
      url: '/admin/api/orders/quote',
      payload: {
        sfId: 'test-shop',
        channel: 'counter',
        paymentType: 'upi',
        order: { items: [{ id: 'mango', qty: 0.75 }], deliveryMode: 'pickup', personalDetails: nobody },
      },
      headers: as('priya'),
    });
    expect(quote.statusCode).toBe(200);
    // 0.75 kg × ₹320 = ₹240; 5 % is ₹12; ₹10 packing
    expect(quote.json()).toMatchObject({ grandTotal: 262, upi: { payee: { vpa: 'test.shop@okbank' } } });
    const link = new URL(quote.json().upi.link as string);
    expect([link.protocol, link.searchParams.get('pa'), link.searchParams.get('am')]).toEqual(['upi:', 'test.shop@okbank', '262.00']);
    expect(quote.json().upi.qrSvg).toMatch(/^<svg/);
    expect(await countOrders(shop.db)).toBe(before);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await countOrders(shop.db);
    const counter = (order: Record<string, unknown>, more: Record<string, unknown> = {}) =>
      keyIn({ channel: 'counter', paymentType: 'cash', order: { deliveryMode: 'pickup', personalDetails: nobody, ...order }, ...more });

    const unknown = await counter({ items: [{ id: 'no-such-bread', qty: 1 }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ error: 'unavailable', ids: ['no-such-bread'] });
    const grams = await counter({ items: [{ id: 'mango', qty: 1.255 }] });
    expect(grams.statusCode).toBe(400);
    expect(grams.json().fields).toEqual([{ path: 'order.items.0.qty', message: 'Enter a weight in steps of 0.01 kg.' }]);
    const handedDelivery = await counter({ items: [{ id: 'mango', qty: 1 }], deliveryMode: 'ship', shippingDetails: address }, { handOver: true });
    expect(handedDelivery.statusCode).toBe(400);
    expect(handedDelivery.json().fields.map((f: { path: string }) => f.path)).toEqual(['handOver']);
    const channel = await keyIn({ channel: 'email', order: { items: [{ id: 'mango', qty: 1 }], deliveryMode: 'pickup', personalDetails: nobody } });
    expect(channel.statusCode).toBe(400);
    const tooMany = await counter({ items: [{ id: 'mango', qty: 25 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ error: 'out_of_stock', lines: [{ id: 'mango', requested: 25, available: 20 }] });

    expect(await countOrders(shop.db)).toBe(before);
    expect(await stockOf('mango')).toBe(20);
  });

  it('is the owner’s call only: a shopper and a guest are answered as if it did not exist', async () => {
    const before = await countOrders(shop.db);
    const order = { items: [{ id: 'mango', qty: 1 }], deliveryMode: 'pickup', personalDetails: nobody };
    for (const user of [null, 'asha']) {
      const res = await keyIn({ channel: 'counter', paymentType: 'cash', order }, user);
      expect(res.statusCode, user ?? 'a guest').toBe(404);
    }
    expect(await countOrders(shop.db)).toBe(before);
  });

  it('places one order for a key sent twice (a double tap, a retry on a flaky connection)', async () => {
    const before = await countOrders(shop.db);
    const body = {
      channel: 'counter',
      paymentType: 'card',
      handOver: true,
      order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: nobody },
    };
    const headers = { 'idempotency-key': 'counter-sale-0001' };
    const first = await keyIn(body, 'priya', headers);
    const again = await keyIn(body, 'priya', headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().orderId).toBe(first.json().orderId);
    expect(await countOrders(shop.db)).toBe(before + 1);
    expect(await stockOf('tee-red-m')).toBe(49);
  });

  it('never oversells: counter sales and online orders for the last three tees at the same moment take exactly three', async () => {
    await setStock('tee-red-m', 3);
    const order = { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup' };
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => keyIn({ channel: 'counter', paymentType: 'cash', handOver: true, order: { ...order, personalDetails: nobody } })),
      ...Array.from({ length: 4 }, (_, i) =>
        shop.app.inject({
          method: 'POST',
          url: '/fn/order/create',
          payload: { sfId: 'test-shop', order: { ...order, paymentType: 'pof', personalDetails: { ...meera, email: `shopper${i}@example.com` } } },
          remoteAddress: `10.0.0.${i + 1}`,
        }),
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await stockOf('tee-red-m')).toBe(0);
    const numbers = results.filter((r) => r.statusCode === 200).map((r) => r.json<Placed>().order.number);
    expect(new Set(numbers).size).toBe(3);
  });
});

describe.each(testDatabases)('the board finds any order, on $name', (database) => {
  const IST = 'Asia/Kolkata';
  let now = instantOf('2026-11-27', '10:00', IST);
  const shop = useTestApp(database, () => ({ config: shopConfig(), authSecret: secret, clock: () => now }));
  const token = useOwnerAndCustomer(shop, tokens);
  const owner = () => ({ authorization: `Bearer ${token.priya}` });
  const keyIn = async (body: Record<string, unknown>) =>
    (await shop.app.inject({ method: 'POST', url: '/admin/api/orders', payload: { sfId: 'test-shop', ...body }, headers: owner() })).json<Placed>().order
      .number;
  const found = async (query: string) => {
    const res = await shop.app.inject({ method: 'GET', url: `/admin/api/orders?${query}`, headers: owner() });
    expect(res.statusCode, query).toBe(200);
    return (res.json().orders as Array<{ number: number }>).map((o) => o.number).sort();
  };
  const numbers: Record<string, number> = {};
  beforeAll(async () => {
    const order = { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup' };
    // yesterday: an online order paid on delivery
    numbers.online = (
      await shop.app.inject({
        method: 'POST',
        url: '/fn/order/create',
        payload: { sfId: 'test-shop', order: { ...order, paymentType: 'pof', personalDetails: { ...meera, email: 'meera@example.com' } } },
      })
    ).json<Placed>().order.number;
    // today: a cash sale at the counter, and a phone order from Ravi to collect later
    now = instantOf('2026-11-28', '10:00', IST);
    numbers.counter = await keyIn({ channel: 'counter', paymentType: 'cash', handOver: true, order: { ...order, personalDetails: nobody } });
    numbers.phone = await keyIn({
      channel: 'phone',
      order: { ...order, personalDetails: { fullName: 'Ravi Kumar', email: '', phone: { number: '98111 22233', dialCode: '+91' } } },
    });
  });

  it('by its number, a name (any case), or the digits of a phone number however typed; a wildcard is only a character', async () => {
    expect(await found(`q=%23${numbers.phone}`)).toEqual([numbers.phone]);
    expect(await found(`q=${numbers.counter}`)).toEqual([numbers.counter]);
    expect(await found('q=RAVI')).toEqual([numbers.phone]);
    expect(await found(`q=${encodeURIComponent('98111 22233')}`)).toEqual([numbers.phone]);
    expect(await found('q=22233')).toEqual([numbers.phone]);
    expect(await found('q=meera%40example')).toEqual([numbers.online]);
    expect(await found('q=%25')).toEqual([]);
    expect(await found('q=_')).toEqual([]);
  });

  it("by the shop's day, the channel and whether it is paid", async () => {
    expect(await found('day=2026-11-27')).toEqual([numbers.online]);
    expect(await found('day=2026-11-28')).toEqual([numbers.counter, numbers.phone].sort());
    expect(await found('day=2026-11-28&channel=phone')).toEqual([numbers.phone]);
    expect(await found('channel=online')).toEqual([numbers.online]);
    expect(await found('payment=paid')).toEqual([numbers.counter]);
    expect(await found('payment=unpaid')).toEqual([numbers.online, numbers.phone].sort());
    const bad = await shop.app.inject({ method: 'GET', url: '/admin/api/orders?day=28-11-2026&channel=fax', headers: owner() });
    expect(bad.statusCode).toBe(400);
  });
});
