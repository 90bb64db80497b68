import { createHmac, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { everyPayment, testShopConfig } from '../../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../../testing/orders.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { addOwnerPriya } from '../../testing/users.ts';

const SECRET = 'bank-alert-secret-of-the-owner-0001';
const authSecret = randomBytes(32);

/** HDFC's UPI credit SMS as the bank sends it, for `rupees` with `utr`. */
const hdfcSms = (rupees: string, utr: string) =>
  `Credit Alert!\nRs.${rupees} credited to HDFC Bank A/c XX4021 on 28-11-26 from VPA asha.k@okicici (UPI ${utr})`;

describe.each(testDatabases)('bank alerts matched to UPI orders on $name', (database) => {
  const shop = useTestApp(database, {
    config: {
      ...testShopConfig(),
      // one guest places every order of this suite: the cap on unpaid orders (tested in order-holds.test.ts) is off
      orderConfig: {
        orderEnabled: true,
        pickupEnabled: true,
        maxGuestOrderValue: 0,
        detailsConfig: { personal: { fullName: true, email: false, phone: false } },
      },
      payment: everyPayment(),
    },
    bankAlertSecret: SECRET,
    authSecret,
  });
  let owner: string;
  beforeAll(async () => {
    owner = await addOwnerPriya(shop.db, createAccessTokens(authSecret));
    await shop.db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
  });

  /** A UPI order of `qty` tees at ₹499.50. */
  async function placeUpi(qty: number): Promise<{ orderId: string; token: string; number: number }> {
    const res = await placeOrder(shop.app, checkoutOrder({ items: [{ id: 'tee-red-m', qty }], paymentType: 'upi-manual' }));
    expect(res.statusCode, res.body).toBe(200);
    return { orderId: res.json().orderId, token: res.json().notificationToken, number: res.json().order.number };
  }
  const forward = (text: string, from = 'AD-HDFCBK-S', headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }) =>
    shop.app.inject({ method: 'POST', url: '/fn/payment/bank-alert', payload: { text, from }, headers });
  const paymentOf = async (orderId: string) =>
    (await shop.db.kysely.selectFrom('orders').select('payment_status').where('id', '=', orderId).executeTakeFirstOrThrow()).payment_status;
  const giveReference = (o: { orderId: string; token: string }, utr: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/fn/order/upiReference',
      payload: { sfId: 'test-shop', orderId: o.orderId, utr },
      headers: { authorization: `Bearer ${o.token}` },
    });

  it('marks paid the only open UPI order of the exact amount, once; the same UTR again marks nothing', async () => {
    // 7 tees: ₹3,496.50, an amount no other order of this suite has
    const order = await placeUpi(7);
    const res = await forward(hdfcSms('3,496.50', '652658790001'));
    expect(res.json()).toEqual({ success: true, outcome: 'matched' });
    expect(await paymentOf(order.orderId)).toBe('paid');
    const audit = await shop.db.kysely.selectFrom('audit_log').select(['actor', 'action', 'detail']).where('subject', '=', `order:${order.orderId}`).execute();
    expect(audit).toEqual([{ actor: 'bank-alert', action: 'order.paid', detail: JSON.stringify({ reference: '652658790001' }) }]);
    // the forwarder sends it twice (two phones, a retry)
    expect((await forward(hdfcSms('3,496.50', '652658790001'))).json()).toEqual({ success: true, outcome: 'seen_before' });
  });

  it('with two open orders of the amount, the UTR the shopper typed decides; without one, nothing is marked on a guess', async () => {
    const first = await placeUpi(3);
    const second = await placeUpi(3);
    // ₹1,498.50 each; nobody typed a reference: which one is it?
    expect((await forward(hdfcSms('1,498.50', '652658790002'))).json()).toEqual({ success: true, outcome: 'several_orders' });
    expect([await paymentOf(first.orderId), await paymentOf(second.orderId)]).toEqual(['awaiting_payment', 'awaiting_payment']);
    // the second shopper typed theirs
    expect((await giveReference(second, '652658790003')).statusCode).toBe(200);
    expect((await forward(hdfcSms('1,498.50', '652658790003'))).json()).toEqual({ success: true, outcome: 'matched' });
    expect([await paymentOf(first.orderId), await paymentOf(second.orderId)]).toEqual(['awaiting_payment', 'paid']);
    // the first shopper types the UTR of the alert that fitted both: the alert kept marks their order paid at once
    const typed = await giveReference(first, '652658790002');
    expect(typed.json()).toMatchObject({ success: true, paymentStatus: 'paid', verifyBy: null });
    expect(await paymentOf(first.orderId)).toBe('paid');
    const listed = await shop.app.inject({ url: '/admin/api/bank-alerts', headers: { authorization: `Bearer ${owner}` } });
    const kept = (listed.json().alerts as Array<{ utr: string; outcome: string; orderNumber: number | null }>).find((a) => a.utr === '652658790002');
    expect(kept).toMatchObject({ outcome: 'matched', orderNumber: first.number });
  });

  it('a UTR typed for another amount than the alert said marks nothing: the shopper waits for the owner', async () => {
    const order = await placeUpi(19);
    // ₹9,490.50 asked; the bank announced ₹9,490 under this UTR
    expect((await forward(hdfcSms('9,490.00', '652658790009'))).json()).toEqual({ success: true, outcome: 'no_order' });
    expect((await giveReference(order, '652658790009')).json()).toMatchObject({ paymentStatus: 'awaiting_verification' });
    expect(await paymentOf(order.orderId)).toBe('awaiting_verification');
  });

  it('shoppers shown the UPI payment for one total are asked for different amounts, a few paise apart, and each alert marks its own order', async () => {
    const [a, b, c] = [await placeUpi(23), await placeUpi(23), await placeUpi(23)];
    const show = async (o: { orderId: string; token: string }) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/fn/order/paymentConfig',
        payload: { sfId: 'test-shop', orderId: o.orderId, provider: 'upi-manual' },
        headers: { authorization: `Bearer ${o.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { amount: number; extra: number; upiLink: string };
    };
    // 23 × ₹499.50 = ₹11,488.50; b is shown first and c's total is still taken by a, never shown: b and c get the paise
    const shownB = await show(b);
    expect([shownB.amount, shownB.extra]).toEqual([11_488.51, 0.01]);
    expect(new URL(shownB.upiLink).searchParams.get('am')).toBe('11488.51');
    expect((await show(c)).amount).toBe(11_488.52);
    expect((await show(a)).amount).toBe(11_488.5);
    // shown again (the page reloaded, the code scanned before): the same amount
    expect((await show(b)).amount).toBe(11_488.51);

    expect((await forward(hdfcSms('11,488.52', '652658790010'))).json()).toEqual({ success: true, outcome: 'matched' });
    expect((await forward(hdfcSms('11,488.51', '652658790011'))).json()).toEqual({ success: true, outcome: 'matched' });
    expect([await paymentOf(a.orderId), await paymentOf(b.orderId), await paymentOf(c.orderId)]).toEqual(['awaiting_payment', 'paid', 'paid']);
    const paid = await shop.db.kysely
      .selectFrom('payments')
      .select('amount_minor')
      .where('order_id', '=', c.orderId)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(paid.amount_minor).toBe(1_148_852);
    // paid, b's amount is free again for the next order of that total
    const d = await placeUpi(23);
    expect((await show(d)).amount).toBe(11_488.51);
  });

  it('a debit, an OTP, an amount no order has, or a sender that is not a bank marks nothing, and each is kept for the owner', async () => {
    const order = await placeUpi(11);
    const cases: Array<[string, string, string]> = [
      ['Rs.5,494.50 debited from HDFC Bank A/c XX4021 on 28-11-26 to VPA shop@okaxis (UPI 652658790004)', 'AD-HDFCBK-S', 'not_a_credit'],
      ['Your OTP for UPI payment of Rs.5,494.50 is 482913. Do not share it with anyone. HDFC Bank', 'AD-HDFCBK-S', 'not_a_credit'],
      [hdfcSms('5,494.49', '652658790005'), 'AD-HDFCBK-S', 'no_order'],
      [hdfcSms('5,494.50', '652658790006'), '+919812345670', 'not_a_credit'],
    ];
    for (const [text, from, outcome] of cases) expect((await forward(text, from)).json(), text).toEqual({ success: true, outcome });
    expect(await paymentOf(order.orderId)).toBe('awaiting_payment');

    const listed = await shop.app.inject({ url: '/admin/api/bank-alerts', headers: { authorization: `Bearer ${owner}` } });
    const alerts = listed.json().alerts as Array<{ outcome: string; reason: string | null; amount: number | null; text: string; orderNumber: number | null }>;
    expect(alerts.slice(0, 4).map((a) => [a.outcome, a.reason, a.amount])).toEqual([
      ['not_a_credit', 'sender-not-a-bank', null],
      ['no_order', null, 5494.49],
      ['not_a_credit', 'otp', null],
      ['not_a_credit', 'debit', null],
    ]);
    // only the owner reads them
    expect((await shop.app.inject({ url: '/admin/api/bank-alerts' })).statusCode).toBe(404);
  });

  it('takes only the owner’s forwarder: a wrong secret or signature changes nothing; a signed body is taken', async () => {
    const order = await placeUpi(13);
    const text = hdfcSms('6,493.50', '652658790007');
    expect((await forward(text, 'AD-HDFCBK-S', { authorization: 'Bearer a-guess' })).statusCode).toBe(401);
    expect((await forward(text, 'AD-HDFCBK-S', {})).statusCode).toBe(401);
    const body = JSON.stringify({ text, from: 'AD-HDFCBK-S' });
    const forged = `sha256=${createHmac('sha256', 'another secret').update(body).digest('hex')}`;
    const send = (signature: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/fn/payment/bank-alert',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-signature-256': signature },
      });
    expect((await send(forged)).statusCode).toBe(401);
    expect(await paymentOf(order.orderId)).toBe('awaiting_payment');
    expect((await send(`sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`)).json()).toEqual({ success: true, outcome: 'matched' });
    expect(await paymentOf(order.orderId)).toBe('paid');
  });

  it('takes the message as plain text with its sender in a header, and refuses what is not a message', async () => {
    const order = await placeUpi(17);
    const plain = await shop.app.inject({
      method: 'POST',
      url: '/fn/payment/bank-alert',
      payload: hdfcSms('8,491.50', '652658790008'),
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${SECRET}`, 'x-alert-from': 'VM-HDFCBK-S' },
    });
    expect(plain.json()).toEqual({ success: true, outcome: 'matched' });
    expect(await paymentOf(order.orderId)).toBe('paid');
    for (const payload of ['{"text":', '{"from":"AD-HDFCBK-S"}', '{"text":""}']) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/fn/payment/bank-alert',
        payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
