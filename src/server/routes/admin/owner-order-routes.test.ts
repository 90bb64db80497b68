import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { countOrders } from '../../testing/orders.ts';
import { pickupOrUpiShopConfig, testPersonal } from '../../testing/fixtures.ts';
import { buildTestApp, useTestApp } from '../../testing/test-app.ts';
import { useOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

const personal = testPersonal();

describe.each(testDatabases)("the owner's order calls on $name", (database) => {
  const shop = useTestApp(database, { config: pickupOrUpiShopConfig(), authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens);
  beforeAll(async () => {
    await shop.db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
  });

  const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const place = async (paymentType: 'pof' | 'upi-manual' = 'pof') =>
    (
      await call('POST', '/fn/order/create', 'asha', {
        sfId: 'test-shop',
        order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: personal, paymentType },
      })
    ).json<{ orderId: string }>().orderId;
  const stock = async () =>
    (await shop.db.kysely.selectFrom('products').select('stock_milli').where('id', '=', 'tee-red-m').executeTakeFirstOrThrow()).stock_milli / 1000;

  it('answers a guest and a shopper as if the calls did not exist, and changes nothing', async () => {
    const id = await place();
    const missing = await call('GET', '/admin/api/no-such-call');
    expect(missing.statusCode).toBe(404);
    for (const user of [undefined, 'asha']) {
      for (const [method, url, body] of [
        ['GET', '/admin/api/orders'],
        ['GET', `/admin/api/orders/${id}`],
        ['POST', `/admin/api/orders/${id}/status`, { status: 'confirmed' }],
        ['POST', `/admin/api/orders/${id}/paid`, {}],
      ] as const) {
        const res = await call(method, url, user, body);
        expect(res.statusCode, `${method} ${url} as ${user ?? 'a guest'}`).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    expect((await call('GET', `/admin/api/orders/${id}`, 'priya')).json().order.status).toBe('placed');
    const bad = await shop.app.inject({ method: 'GET', url: '/admin/api/orders', headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.statusCode).toBe(404);
  });

  it('lists, moves and marks paid, each move audited with the owner; a wrong step is refused with where it may go', async () => {
    const id = await place();
    const listed = await call('GET', '/admin/api/orders?status=placed', 'priya');
    expect(listed.json().orders.map((o: { id: string }) => o.id)).toContain(id);
    expect((await call('GET', '/admin/api/orders?status=placed,lost', 'priya')).json()).toMatchObject({
      error: 'bad_request',
      message: 'Unknown status: lost.',
    });

    const moved = await call('POST', `/admin/api/orders/${id}/status`, 'priya', { status: 'confirmed' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ success: true, order: { id, status: 'confirmed' }, next: ['preparing', 'ready', 'picked_up', 'cancelled'] });
    const wrong = await call('POST', `/admin/api/orders/${id}/status`, 'priya', { status: 'out_for_delivery' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ error: 'not_allowed', status: 'confirmed', allowed: ['preparing', 'ready', 'picked_up', 'cancelled'] });
    expect((await call('POST', `/admin/api/orders/${id}/status`, 'priya', { status: 'shipped' })).statusCode).toBe(400);
    expect((await call('POST', '/admin/api/orders/01NOSUCHORDER/status', 'priya', { status: 'confirmed' })).statusCode).toBe(404);

    expect((await call('POST', `/admin/api/orders/${id}/paid`, 'priya', {})).json()).toMatchObject({ success: true, order: { paymentStatus: 'paid' } });
    expect((await call('POST', `/admin/api/orders/${id}/paid`, 'priya', {})).json()).toMatchObject({ error: 'already_paid' });

    const shown = (await call('GET', `/admin/api/orders/${id}`, 'priya')).json();
    // oldest first, with the name of whoever did it (the owner's account is named priya here)
    expect(shown.order.history.map((e: { by: string; action: string }) => [e.by, e.action])).toEqual([
      ['shopper', 'order.placed'],
      ['priya', 'order.status'],
      ['priya', 'order.collected'],
    ]);
  });

  it('lists each order with its own lines and totals, as the single order shows them', async () => {
    const first = await place();
    const second = (
      await call('POST', '/fn/order/create', 'asha', {
        sfId: 'test-shop',
        order: {
          items: [
            { id: 'tee-red-m', qty: 3 },
            { id: 'mango', qty: 1.5 },
          ],
          deliveryMode: 'pickup',
          personalDetails: personal,
          paymentType: 'pof',
        },
      })
    ).json<{ orderId: string }>().orderId;
    const listed = (await call('GET', '/admin/api/orders', 'priya')).json<{ orders: Array<{ id: string; lines: unknown[] }> }>().orders;
    for (const id of [first, second]) {
      const shown = (await call('GET', `/admin/api/orders/${id}`, 'priya')).json().order;
      const { history, bill, ...summary } = shown;
      expect(history).toHaveLength(1);
      // a table's bill is the single order's only: none for a delivery
      expect(bill).toBeNull();
      expect(listed.find((o) => o.id === id)).toEqual(summary);
    }
    expect(listed.find((o) => o.id === second)?.lines).toHaveLength(2);
  });

  it('cancelling twice at once restocks once', async () => {
    const before = await stock();
    const id = await place();
    const both = await Promise.all([
      call('POST', `/admin/api/orders/${id}/status`, 'priya', { status: 'cancelled' }),
      call('POST', `/admin/api/orders/${id}/status`, 'priya', { status: 'cancelled' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stock()).toBe(before);
  });

  it('a UPI order needs a reference to be marked paid', async () => {
    const id = await place('upi-manual');
    expect((await call('POST', `/admin/api/orders/${id}/paid`, 'priya', {})).json()).toMatchObject({
      error: 'reference',
      message: 'Give the UPI reference from your statement.',
    });
    expect((await call('POST', `/admin/api/orders/${id}/paid`, 'priya', { reference: 'UTR4455667788' })).json()).toMatchObject({
      success: true,
      order: { paymentStatus: 'paid' },
    });
    const { order } = (await call('GET', `/admin/api/orders/${id}`, 'priya')).json();
    expect(order.paymentReference).toBe('UTR4455667788');
    expect(order.history.at(-1)).toMatchObject({ by: 'priya', action: 'order.paid', detail: { reference: 'UTR4455667788' } });
  });

  it('cancelling a paid order owes the shopper a refund, which the owner marks paid back once; the guest view says each', async () => {
    const placed = (
      await call('POST', '/fn/order/create', 'asha', {
        sfId: 'test-shop',
        order: { items: [{ id: 'tee-red-m', qty: 2 }], deliveryMode: 'pickup', personalDetails: personal, paymentType: 'upi-manual' },
      })
    ).json<{ orderId: string; notificationToken: string }>();
    const id = placed.orderId;
    const guestView = async () =>
      (await shop.app.inject({ method: 'GET', url: `/api/guest/order/${id}`, headers: { authorization: `Bearer ${placed.notificationToken}` } })).json().order;
    // not paid yet: nothing to refund
    expect((await call('POST', `/admin/api/orders/${id}/refund`, 'priya', {})).json()).toMatchObject({ error: 'no_refund' });
    expect((await call('POST', `/admin/api/orders/${id}/paid`, 'priya', { reference: 'UTR1122334455' })).statusCode).toBe(200);
    // paid but still going: nothing to refund either
    expect((await call('POST', `/admin/api/orders/${id}/refund`, 'priya', {})).statusCode).toBe(409);
    expect((await call('POST', `/admin/api/orders/${id}/status`, 'priya', { status: 'cancelled' })).statusCode).toBe(200);

    // 2 × ₹499.50 = ₹999.00 paid by UPI: ₹999.00 goes back by UPI
    expect(await guestView()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      refund: { amount: 999, method: 'upi-manual', status: 'due', reference: null, refundedAt: null },
    });
    const refunded = await call('POST', `/admin/api/orders/${id}/refund`, 'priya', { reference: 'UTR9988776655' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().order).toMatchObject({
      paymentStatus: 'refunded',
      refund: { status: 'refunded', reference: 'UTR9988776655', refundedAt: expect.any(Number) },
    });
    expect(await guestView()).toMatchObject({ paymentStatus: 'refunded', refund: { amount: 999, status: 'refunded', reference: 'UTR9988776655' } });
    expect((await call('POST', `/admin/api/orders/${id}/refund`, 'priya', {})).json()).toMatchObject({
      error: 'already_refunded',
      message: 'This refund is marked done already.',
    });
    expect((await call('POST', '/admin/api/orders/01NOSUCHORDER/refund', 'priya', {})).statusCode).toBe(404);
    expect((await call('POST', `/admin/api/orders/${id}/refund`, 'asha', {})).statusCode).toBe(404);
    const { order } = (await call('GET', `/admin/api/orders/${id}`, 'priya')).json();
    expect(order.history.map((e: { action: string }) => e.action)).toEqual(['order.placed', 'order.paid', 'order.status', 'refund.due', 'refund.done']);
  });

  it('a cancelled or rejected order cannot be marked paid or collected, and nothing changes', async () => {
    const collect = await place('pof');
    const transfer = (
      await call('POST', '/fn/order/create', 'asha', {
        sfId: 'test-shop',
        order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: personal, paymentType: 'upi-manual' },
      })
    ).json<{ orderId: string; notificationToken: string }>();
    // the shopper sent a reference before the shop rejected the order
    await shop.app.inject({
      method: 'POST',
      url: '/fn/order/upiReference',
      payload: { sfId: 'test-shop', orderId: transfer.orderId, utr: '412345678901' },
      headers: { authorization: `Bearer ${transfer.notificationToken}` },
    });
    expect((await call('POST', `/admin/api/orders/${collect}/status`, 'priya', { status: 'cancelled' })).statusCode).toBe(200);
    expect((await call('POST', `/admin/api/orders/${transfer.orderId}/status`, 'priya', { status: 'rejected' })).statusCode).toBe(200);
    for (const [id, payload] of [
      [collect, {}],
      [transfer.orderId, {}],
      [transfer.orderId, { reference: 'UTR4455667788' }],
    ] as const) {
      const before = (await call('GET', `/admin/api/orders/${id}`, 'priya')).json().order;
      const res = await call('POST', `/admin/api/orders/${id}/paid`, 'priya', payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, error: 'order_ended', message: 'The order was cancelled or rejected: it takes no payment.' });
      expect((await call('GET', `/admin/api/orders/${id}`, 'priya')).json().order).toEqual(before);
    }
    expect((await call('GET', `/admin/api/orders/${collect}`, 'priya')).json().order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'to_collect',
      refund: null,
    });
    expect((await call('GET', `/admin/api/orders/${transfer.orderId}`, 'priya')).json().order).toMatchObject({
      status: 'rejected',
      paymentStatus: 'awaiting_verification',
      refund: null,
    });
  });

  it('cancelling an order that was never paid owes nothing', async () => {
    const id = await place();
    await call('POST', `/admin/api/orders/${id}/status`, 'priya', { status: 'cancelled' });
    expect((await call('GET', `/admin/api/orders/${id}`, 'priya')).json().order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'to_collect',
      refund: null,
    });
  });

  it('the live feed tells the owner of an order as it is placed, and is not there for anyone else', async () => {
    expect((await call('GET', '/admin/api/events', 'asha')).statusCode).toBe(404);
    expect((await call('GET', '/admin/api/events')).statusCode).toBe(404);
    // a server of its own, listening: the feed is a real stream
    const server = await buildTestApp(shop.db, { config: pickupOrUpiShopConfig(), authSecret: secret, seed: false });
    try {
      const origin = await server.listen({ port: 0, host: '127.0.0.1' });
      const feed = await fetch(`${origin}/admin/api/events`, { headers: { authorization: `Bearer ${token.priya}` } });
      expect(feed.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = feed.body!.getReader();
      const placed = await server.inject({
        method: 'POST',
        url: '/fn/order/create',
        payload: { sfId: 'test-shop', order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: personal, paymentType: 'pof' } },
      });
      const id = placed.json<{ orderId: string }>().orderId;
      let text = '';
      while (!text.includes(id)) text += new TextDecoder().decode((await reader.read()).value);
      expect(text).toContain('retry: 3000');
      const data = /event: order\ndata: (.+)\n\n/.exec(text.slice(text.indexOf('event: order')))?.[1];
      expect(JSON.parse(data!)).toMatchObject({ orderId: id, status: 'placed', what: 'placed' });
      // closing with the board still connected ends its feed rather than waiting for it
    } finally {
      await server.close();
    }
  });

  it('closing the shop refuses every order with a clear message and writes nothing; reopening takes orders again', async () => {
    expect((await call('POST', '/admin/api/store', 'asha', { open: false })).statusCode).toBe(404);
    expect((await call('POST', '/admin/api/store', 'priya', { open: 'no' })).statusCode).toBe(400);
    expect((await call('POST', '/admin/api/store', 'priya', { open: false })).json()).toEqual({ success: true, open: false });
    expect((await call('GET', '/admin/api/store', 'priya')).json()).toEqual({ success: true, open: false });
    const count = () => countOrders(shop.db);
    const before = { orders: await count(), stock: await stock() };
    const refused = await call('POST', '/fn/order/create', 'asha', {
      sfId: 'test-shop',
      order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: personal, paymentType: 'pof' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: 'store_closed', message: 'The shop is closed right now and is not taking orders.' });
    expect({ orders: await count(), stock: await stock() }).toEqual(before);

    await call('POST', '/admin/api/store', 'priya', { open: true });
    expect(await place()).toEqual(expect.any(String));
    const trail = await shop.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject', '=', 'store')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { actor: 'priya', action: 'store.closed' },
      { actor: 'priya', action: 'store.opened' },
    ]);
  });
});
