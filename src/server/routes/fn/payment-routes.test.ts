import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createCatalogRepository } from '../../db/repositories/catalog-repository.ts';
import { createOrderRepository } from '../../db/repositories/order-repository.ts';
import type { PayuRequest } from '../../services/payu-protocol.ts';
import { testDatabases } from '../../testing/databases.ts';
import { startFakePayu, type FakePayu } from '../../testing/fake-payu.ts';
import { everyPayment, testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const PAYU = { key: 'testKey1', salt: 'test-salt-never-sent' };

const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: true } } },
  payment: everyPayment(),
});

const orderBody = (paymentType: string) => ({
  sfId: 'test-shop',
  order: {
    items: [{ id: 'tee-red-m', qty: 2 }],
    deliveryMode: 'pickup',
    personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } },
    paymentType,
  },
});

/** Posts a form as a browser (or PayU's redirect) would. */
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe.each(testDatabases)('paying for orders on $name', (database) => {
  let payu: FakePayu;
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    payu = await startFakePayu(PAYU);
    const opened = await database.open();
    db = opened.db;
    dispose = opened.dispose;
    app = await buildTestApp(db, { config: shopConfig(), payu: { ...PAYU, endpoint: payu.endpoint } });
    // enough tees for every order of the suite
    await createCatalogRepository(db, 2).setStock('tee-red-m', 1000, 'test');
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await payu?.close();
  });

  async function place(paymentType: string): Promise<{ orderId: string; token: string; number: number }> {
    const res = await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody(paymentType) });
    expect(res.statusCode).toBe(200);
    return { orderId: res.json().orderId, token: res.json().notificationToken, number: res.json().order.number };
  }
  const call = (url: string, payload: object, token?: string) =>
    app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const statusOf = async (orderId: string, token: string) =>
    (await app.inject({ url: `/api/guest/order/${orderId}`, headers: { authorization: `Bearer ${token}` } })).json().order.paymentStatus;

  it('pay on delivery has no payment step: the money is to collect', async () => {
    const { orderId, token } = await place('pof');
    const res = await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'pof' }, token);
    expect(res.json()).toEqual({ success: true, provider: 'pof', paymentStatus: 'to_collect' });
    expect(await statusOf(orderId, token)).toBe('to_collect');
  });

  it('UPI gives a deep link and a QR code, takes the reference and waits for the owner', async () => {
    const { orderId, token, number } = await place('upi-manual');
    expect((await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'upi-manual' })).statusCode).toBe(404);
    const res = await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'upi-manual' }, token);
    const body = res.json();
    expect(body.upiLink).toBe(`upi://pay?pa=test.shop%40okbank&pn=Test%20Shop&am=999.00&cu=INR&tn=Order%20%23${number}&tr=${orderId}`);
    expect(body.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);

    const bad = await call('/fn/order/upiReference', { sfId: 'test-shop', orderId, utr: '12-34' }, token);
    expect(bad.statusCode).toBe(400);
    expect(await statusOf(orderId, token)).toBe('awaiting_payment');
    const sentAt = Date.now();
    const good = await call('/fn/order/upiReference', { sfId: 'test-shop', orderId, utr: '412345678901' }, token);
    // the shop confirms it within upiVerifyHours (12 by default) of now, or the order is cancelled
    expect(good.json()).toEqual({ success: true, paymentStatus: 'awaiting_verification', verifyBy: expect.any(Number) });
    expect(good.json().verifyBy - sentAt).toBeGreaterThanOrEqual(12 * 3_600_000);
    expect(good.json().verifyBy - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
    // a corrected reference replaces the first; the order still waits for the owner
    await call('/fn/order/upiReference', { sfId: 'test-shop', orderId, utr: '412345678902' }, token);
    const rows = await db.kysely.selectFrom('payments').select(['reference', 'status', 'amount_minor']).where('order_id', '=', orderId).execute();
    expect(rows).toEqual([{ reference: '412345678902', status: 'awaiting_verification', amount_minor: 99_900 }]);
    expect(await statusOf(orderId, token)).toBe('awaiting_verification');
  });

  describe('a cancelled or rejected order', () => {
    /** What a refused call must leave as it was: the order's row and its payments. */
    const snapshot = async (orderId: string) => ({
      order: await db.kysely
        .selectFrom('orders')
        .select(['status', 'payment_type', 'payment_status', 'updated_at'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow(),
      payments: await db.kysely.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute(),
      refunds: await db.kysely.selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute(),
    });

    it('takes no UPI reference and hands out no QR, PayU form or pay on delivery, and nothing changes', async () => {
      const { orderId, token } = await place('upi-manual');
      // the QR was shown before the shopper cancelled
      expect((await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'upi-manual' }, token)).statusCode).toBe(200);
      expect((await call('/fn/order/cancelRequest', { sfId: 'test-shop', orderId }, token)).json()).toMatchObject({ status: 'cancelled' });
      const before = await snapshot(orderId);
      expect(before.order).toMatchObject({ status: 'cancelled', payment_status: 'awaiting_payment' });

      const reference = await call('/fn/order/upiReference', { sfId: 'test-shop', orderId, utr: '412345678901' }, token);
      expect(reference.statusCode).toBe(409);
      expect(reference.json()).toEqual({ success: false, error: 'order_ended', message: 'This order was cancelled or rejected, so it takes no payment.' });
      for (const provider of ['upi-manual', 'payu', 'pof']) {
        const res = await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider }, token);
        expect(res.statusCode, provider).toBe(409);
        expect(res.json(), provider).toMatchObject({ error: 'order_ended', message: 'This order was cancelled or rejected, so it takes no payment.' });
        expect(res.body, provider).not.toMatch(/qrSvg|txnid|hash/);
      }
      expect(await snapshot(orderId)).toEqual(before);
    });

    it('a rejected order is refused the same way', async () => {
      const { orderId, token } = await place('payu');
      expect(await createOrderRepository(db).setStatus(orderId, 'rejected', 'owner-1')).toMatchObject({ ok: true });
      const before = await snapshot(orderId);
      expect((await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'payu' }, token)).json()).toMatchObject({ error: 'order_ended' });
      expect((await call('/fn/order/upiReference', { sfId: 'test-shop', orderId, utr: '412345678901' }, token)).json()).toMatchObject({ error: 'order_ended' });
      expect(await snapshot(orderId)).toEqual(before);
    });
  });

  describe('PayU', () => {
    /** The form the server gives the browser, posted to the local PayU as the browser would. */
    async function startPayu(): Promise<{ orderId: string; token: string; request: PayuRequest; fields: Record<string, string> }> {
      const { orderId, token } = await place('payu');
      const res = await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'payu' }, token);
      const { action, fields } = res.json() as { action: string; fields: Record<string, string> };
      expect(action).toBe(payu.endpoint);
      expect(res.body).not.toContain(PAYU.salt);
      const atPayu = await fetch(action, { method: 'POST', body: new URLSearchParams(fields) });
      expect(atPayu.status, 'the local PayU accepts the signed form').toBe(200);
      return { orderId, token, request: payu.received.at(-1)!, fields };
    }

    it('the form carries the documented fields, a txnid of at most 25 characters and the amount with 2 decimals', async () => {
      const { orderId, fields } = await startPayu();
      expect(fields).toMatchObject({
        key: PAYU.key,
        amount: '999.00',
        firstname: 'Asha Rao',
        email: 'asha@example.com',
        phone: '9800000001',
        udf1: orderId,
        surl: 'http://localhost:80/fn/payu/return',
        furl: 'http://localhost:80/fn/payu/return',
      });
      expect(fields.txnid).toMatch(/^[A-Za-z0-9]{1,25}$/);
      expect(fields.hash).toMatch(/^[0-9a-f]{128}$/);
      // the shop's pages may post this form to PayU, and only there besides the shop itself
      const csp = String((await app.inject({ url: '/healthz' })).headers['content-security-policy']);
      expect(csp).toContain(`form-action 'self' ${new URL(payu.endpoint).origin}`);
    });

    it('a successful return marks the order paid; replaying it changes nothing', async () => {
      const { orderId, token, request } = await startPayu();
      const success = payu.answer(request, 'success');
      const back = await app.inject({ method: 'POST', url: '/fn/payu/return', ...form(success) });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`/checkout?orderId=${orderId}&payment=paid`);
      expect(await statusOf(orderId, token)).toBe('paid');
      const before = await db.kysely.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
      const replay = await app.inject({ method: 'POST', url: '/fn/payu/return', ...form(success) });
      expect(replay.headers.location).toBe(`/checkout?orderId=${orderId}&payment=paid`);
      expect(await db.kysely.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute()).toEqual(before);
    });

    it('a forged or altered return does not mark the order paid', async () => {
      const { orderId, token, request } = await startPayu();
      const success = payu.answer(request, 'success');
      const forgeries: Array<Record<string, string>> = [
        { ...success, hash: success.hash!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
        { ...success, amount: '1.00' },
        { ...success, status: 'success', hash: payu.answer(request, 'failure').hash! },
        { ...success, hash: '' },
        { ...success, txnid: 'NOSUCHTXN123' },
      ];
      for (const forged of forgeries) {
        const res = await app.inject({ method: 'POST', url: '/fn/payu/return', ...form(forged) });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toMatch(/payment=failed/);
      }
      expect(await statusOf(orderId, token)).toBe('awaiting_payment');
      // a genuine answer for another amount than the attempt's is refused too
      const fakeAmount = payu.answer({ ...request, amount: '1.00' }, 'success');
      expect((await app.inject({ method: 'POST', url: '/fn/payu/return', ...form(fakeAmount) })).headers.location).toMatch(/payment=failed/);
      expect(await statusOf(orderId, token)).toBe('awaiting_payment');
    });

    it('a failed payment leaves the order waiting for payment, and a new attempt can still succeed', async () => {
      const { orderId, token, request } = await startPayu();
      const failed = await app.inject({ method: 'POST', url: '/fn/payu/return', ...form(payu.answer(request, 'failure')) });
      expect(failed.headers.location).toBe(`/checkout?orderId=${orderId}&payment=failed`);
      expect(await statusOf(orderId, token)).toBe('awaiting_payment');
      const retry = await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'payu' }, token);
      const fields = retry.json().fields as Record<string, string>;
      expect(fields.txnid).not.toBe(request.txnid);
      await fetch(payu.endpoint, { method: 'POST', body: new URLSearchParams(fields) });
      const ok = await app.inject({ method: 'POST', url: '/fn/payu/return', ...form(payu.answer(payu.received.at(-1)!, 'success')) });
      expect(ok.headers.location).toBe(`/checkout?orderId=${orderId}&payment=paid`);
      expect(await statusOf(orderId, token)).toBe('paid');
      // paid is final: no further payment can be started
      expect((await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'upi-manual' }, token)).statusCode).toBe(409);
    });

    it('a signed success for an order cancelled meanwhile is recorded, and the order stays cancelled with a refund owed', async () => {
      // the shopper opened PayU, then cancelled in another tab, then paid in the first
      const { orderId, token, request } = await startPayu();
      expect((await call('/fn/order/cancelRequest', { sfId: 'test-shop', orderId }, token)).json()).toMatchObject({ status: 'cancelled' });
      const back = await app.inject({ method: 'POST', url: '/fn/payu/return', ...form(payu.answer(request, 'success')) });
      expect(back.headers.location).toBe(`/checkout?orderId=${orderId}&payment=paid`);
      // 2 × ₹499.50 = ₹999.00 moved through PayU, and goes back the same way
      const shown = (await app.inject({ url: `/api/guest/order/${orderId}`, headers: { authorization: `Bearer ${token}` } })).json().order;
      expect(shown).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { amount: 999, method: 'payu', status: 'due', reference: null } });
      expect(await db.kysely.selectFrom('payments').select(['status', 'amount_minor']).where('order_id', '=', orderId).execute()).toEqual([
        { status: 'paid', amount_minor: 99_900 },
      ]);
      // and no second payment can be started for it
      expect((await call('/fn/order/paymentConfig', { sfId: 'test-shop', orderId, provider: 'payu' }, token)).json()).toMatchObject({ error: 'order_ended' });
    });
  });
});
