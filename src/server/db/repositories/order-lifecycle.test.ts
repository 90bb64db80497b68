import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minor } from '../../../domain/money.ts';
import { testDatabases } from '../../testing/databases.ts';
import { pickupOrUpiShopConfig, testPersonal } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import type { Db } from '../database.ts';
import { createAuditRepository } from '../../testing/audit-log.ts';
import { createOrderRepository } from './order-repository.ts';
import { createPaymentRepository } from './payment-repository.ts';

const personal = testPersonal();
const pickupOrder = (paymentType: 'pof' | 'upi-manual' = 'pof') => ({
  userId: null,
  sfId: 'test-shop',
  order: { items: [{ id: 'tee-red-m', qty: 2 }], deliveryMode: 'pickup', personalDetails: personal, paymentType },
});

describe.each(testDatabases)('the owner moves orders on $name', (database) => {
  let db: Db;
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: pickupOrUpiShopConfig() });
    // enough for every order these tests place
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const orders = () => createOrderRepository(db);
  const audit = () => createAuditRepository(db);
  const payments = () => createPaymentRepository(db);
  const stock = async () =>
    (await db.kysely.selectFrom('products').select('stock_milli').where('id', '=', 'tee-red-m').executeTakeFirstOrThrow()).stock_milli / 1000;
  const cancelRequest = (placed: { orderId: string; notificationToken: string }) =>
    app.inject({
      method: 'POST',
      url: '/fn/order/cancelRequest',
      payload: { sfId: 'test-shop', orderId: placed.orderId },
      headers: { authorization: `Bearer ${placed.notificationToken}` },
    });
  const place = async (paymentType?: 'pof' | 'upi-manual') => {
    const res = await app.inject({ method: 'POST', url: '/fn/order/create', payload: pickupOrder(paymentType) });
    expect(res.statusCode).toBe(200);
    return res.json<{ orderId: string; notificationToken: string }>();
  };

  it('along its life: confirmed, prepared, ready, picked up; every step audited', async () => {
    const { orderId } = await place();
    for (const to of ['confirmed', 'preparing', 'ready', 'picked_up'] as const) {
      const change = await orders().setStatus(orderId, to, 'owner-1');
      expect(change).toMatchObject({ ok: true, to, order: { id: orderId, status: to } });
    }
    expect(await orders().setStatus(orderId, 'cancelled', 'owner-1')).toEqual({ ok: false, reason: 'not_allowed', status: 'picked_up', allowed: [] });
    const entries = await audit().list(`order:${orderId}`);
    expect(entries.map((e) => [e.actor, e.action, e.detail])).toEqual([
      ['owner-1', 'order.status', { from: 'ready', to: 'picked_up' }],
      ['owner-1', 'order.status', { from: 'preparing', to: 'ready' }],
      ['owner-1', 'order.status', { from: 'confirmed', to: 'preparing' }],
      ['owner-1', 'order.status', { from: 'placed', to: 'confirmed' }],
    ]);
  });

  it('refuses a step the order cannot take, naming where it may go, and changes nothing', async () => {
    const { orderId } = await place();
    expect(await orders().setStatus(orderId, 'out_for_delivery', 'owner-1')).toEqual({
      ok: false,
      reason: 'not_allowed',
      status: 'placed',
      allowed: ['confirmed', 'preparing', 'ready', 'picked_up', 'rejected', 'cancelled'],
    });
    expect(await orders().setStatus('01NOSUCHORDER', 'confirmed', 'owner-1')).toEqual({ ok: false, reason: 'not_found' });
    expect((await orders().view(orderId))?.status).toBe('placed');
    expect(await audit().list(`order:${orderId}`)).toEqual([]);
  });

  it('cancelling twice at once restocks once', async () => {
    const before = await stock();
    const placed = await place();
    const { orderId } = placed;
    expect(await stock()).toBe(before - 2);
    await orders().setStatus(orderId, 'confirmed', 'owner-1');
    const both = await Promise.all([orders().setStatus(orderId, 'cancelled', 'owner-1'), orders().setStatus(orderId, 'cancelled', 'owner-2', 2)]);
    expect(both.filter((c) => c.ok)).toHaveLength(1);
    expect(both.find((c) => !c.ok)).toMatchObject({ ok: false, reason: 'not_allowed', status: 'cancelled' });
    expect(await stock()).toBe(before);
    // the shopper's own cancel request after it changes nothing either
    expect((await cancelRequest(placed)).json()).toMatchObject({ success: true, status: 'cancelled' });
    expect(await stock()).toBe(before);
    expect((await audit().list(`order:${orderId}`)).filter((e) => (e.detail as { to?: string }).to === 'cancelled')).toHaveLength(1);
  });

  it('rejecting a placed order gives its stock back', async () => {
    const before = await stock();
    const { orderId } = await place();
    expect(await orders().setStatus(orderId, 'rejected', 'cli', 2)).toMatchObject({ ok: true, from: 'placed', to: 'rejected' });
    expect(await stock()).toBe(before);
  });

  it('marks a UPI order paid with the reference and a pay-on-delivery order collected, once', async () => {
    const upi = await place('upi-manual');
    expect(await payments().markPaid(upi.orderId, 'owner-1', null)).toEqual({ ok: false, reason: 'reference' });
    expect(await payments().markPaid(upi.orderId, 'owner-1', 'UTR123456789')).toEqual({ ok: true, provider: 'upi-manual', reference: 'UTR123456789' });
    expect(await payments().markPaid(upi.orderId, 'owner-1', 'UTR123456789')).toEqual({ ok: false, reason: 'already_paid' });
    expect((await orders().view(upi.orderId))?.paymentStatus).toBe('paid');

    const cod = await place('pof');
    expect(await payments().markPaid(cod.orderId, 'cli', null)).toEqual({ ok: true, provider: 'pof', reference: 'collected' });
    expect((await audit().list(`order:${cod.orderId}`)).map((e) => [e.actor, e.action])).toEqual([['cli', 'order.collected']]);
    expect(await payments().markPaid('01NOSUCHORDER', 'cli', null)).toEqual({ ok: false, reason: 'not_found' });
  });

  it('lists orders for the owner, newest first, by status, with cancel requests flagged', async () => {
    const placed = await place();
    const { orderId } = placed;
    await orders().setStatus(orderId, 'confirmed', 'owner-1');
    expect((await cancelRequest(placed)).json()).toMatchObject({ success: true, status: 'confirmed', cancelRequested: true });
    const confirmed = await orders().listForOwner({ statuses: ['confirmed'] });
    expect(confirmed.find((o) => o.id === orderId)).toMatchObject({ status: 'confirmed', cancelRequested: true });
    expect(confirmed.every((o) => o.status === 'confirmed')).toBe(true);
    const all = await orders().listForOwner();
    expect(all.map((o) => o.createdAt)).toEqual([...all.map((o) => o.createdAt)].sort((a, b) => b - a));
  });

  it('a PayU payment that arrives after the shopper cancelled owes them a refund', async () => {
    const placed = await place('upi-manual');
    // the shopper started paying with PayU in one tab, then cancelled in another
    expect(await payments().choose(placed.orderId, 'payu')).toBe('ok');
    const txnid = await payments().startPayu(placed.orderId, minor(99_900));
    expect((await cancelRequest(placed)).json()).toMatchObject({ status: 'cancelled' });
    expect((await orders().view(placed.orderId))?.refund).toBeNull();
    expect(await payments().settlePayu(txnid, { success: true, amountMinor: minor(99_900), mihpayid: '403993715521', raw: {} })).toEqual({
      outcome: 'paid',
      orderId: placed.orderId,
    });
    // 2 × ₹499.50 taken by PayU after the order ended: ₹999.00 back by PayU
    expect((await orders().view(placed.orderId))?.refund).toEqual({ amount: 99_900, method: 'payu', status: 'due', reference: null, refundedAt: null });
  });
});
