import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minor } from '../../domain/money.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../testing/fake-razorpay.ts';
import { createRazorpayApi, RazorpayError } from './razorpay-api.ts';
import { checkoutSignature, signatureMatches, webhookEvent, webhookSignature } from './razorpay-protocol.ts';

const keys = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisisasecret', webhookSecret: 'hooksecret' };

describe('Razorpay signatures', () => {
  // worked out apart from this code: printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'EnLs21M47BllR3X8PSFtjtbd'
  it('signs a checkout answer as HMAC-SHA256 of order id | payment id with the key secret', () => {
    expect(checkoutSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', 'EnLs21M47BllR3X8PSFtjtbd')).toBe(
      '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f',
    );
  });

  it("signs a webhook body as the example in Razorpay's Node SDK tests (validateWebhookSignature)", () => {
    expect(webhookSignature('{"a":1,"b":2,"c":{"d":3}}', '123456')).toBe('2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc');
  });

  it('a webhook signature covers the raw bytes: the same JSON with other spacing does not match', () => {
    const raw = '{"entity":"event","event":"order.paid"}';
    const signed = webhookSignature(raw, 'hooksecret');
    expect(signatureMatches(webhookSignature(raw, 'hooksecret'), signed)).toBe(true);
    expect(signatureMatches(webhookSignature('{"entity": "event","event":"order.paid"}', 'hooksecret'), signed)).toBe(false);
    expect(signatureMatches(webhookSignature(raw, 'another secret'), signed)).toBe(false);
  });

  it('refuses a signature that is not 64 hex digits without comparing it', () => {
    const expected = webhookSignature('{}', 'hooksecret');
    expect(signatureMatches(expected, expected.toUpperCase())).toBe(false);
    expect(signatureMatches(expected, expected.slice(0, 63))).toBe(false);
    expect(signatureMatches(expected, undefined)).toBe(false);
    expect(signatureMatches(expected, [expected])).toBe(false);
  });
});

describe('the Razorpay API against the local fake that speaks it', () => {
  const hooks: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  let fake: FakeRazorpay;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake = await startFakeRazorpay({ ...keys, webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
  });
  afterAll(async () => {
    await fake.close();
    receiver.close();
  });
  const api = () => createRazorpayApi({ ...keys, apiUrl: fake.url });

  it('creates an order in paise with our number as receipt; paying it signs the answer and sends signed order.paid', async () => {
    // ₹1,322.10 is 132210 paise
    const order = await api().createOrder({ amount: minor(132210), receipt: 'ORD-2026-000042' });
    expect(order).toMatchObject({ amount: 132210, amount_paid: 0, amount_due: 132210, currency: 'INR', receipt: 'ORD-2026-000042', status: 'created' });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);

    const answer = await fake.pay(order.id);
    expect(signatureMatches(checkoutSignature(order.id, answer.razorpay_payment_id, keys.keySecret), answer.razorpay_signature)).toBe(true);
    expect(signatureMatches(checkoutSignature(order.id, answer.razorpay_payment_id, 'a guessed secret'), answer.razorpay_signature)).toBe(false);

    const sent = hooks.slice(-2);
    expect(sent.map((h) => (JSON.parse(h.body) as { event: string }).event)).toEqual(['payment.captured', 'order.paid']);
    for (const h of sent) {
      expect(signatureMatches(webhookSignature(h.body, keys.webhookSecret), h.headers['x-razorpay-signature'])).toBe(true);
      expect(h.headers['x-razorpay-event-id']).toMatch(/^evt_/);
      const parsed = webhookEvent.parse(JSON.parse(h.body));
      expect(parsed.payload.payment?.entity).toMatchObject({ id: answer.razorpay_payment_id, order_id: order.id, amount: 132210, status: 'captured' });
    }
    expect(webhookEvent.parse(JSON.parse(sent[1]!.body)).payload.order?.entity).toMatchObject({ status: 'paid', amount_paid: 132210 });
    expect(await api().orderPayments(order.id)).toEqual([expect.objectContaining({ id: answer.razorpay_payment_id, status: 'captured' })]);
  });

  it('refunds part, then the rest; more than is left is refused with Razorpay’s words', async () => {
    const order = await api().createOrder({ amount: minor(50000), receipt: 'ORD-2026-000043' });
    const { razorpay_payment_id: paymentId } = await fake.pay(order.id);
    expect(await api().refund(paymentId, { amount: minor(20000), receipt: 'ORD-2026-000043-R1' })).toMatchObject({
      amount: 20000,
      payment_id: paymentId,
      status: 'pending',
    });
    const tooMuch = api().refund(paymentId, { amount: minor(30001), receipt: 'ORD-2026-000043-R2' });
    await expect(tooMuch).rejects.toBeInstanceOf(RazorpayError);
    await expect(tooMuch).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      message: 'The refund amount provided is greater than amount captured',
    });
    expect(await api().refund(paymentId, { amount: minor(30000), receipt: 'ORD-2026-000043-R2' })).toMatchObject({ amount: 30000 });
    expect(fake.payments.get(paymentId)).toMatchObject({ amount_refunded: 50000, status: 'refunded' });
  });

  it('wrong keys, an amount under ₹1 and a long receipt are refused before anything is made', async () => {
    const before = fake.orders.size;
    await expect(
      createRazorpayApi({ ...keys, keySecret: 'wrong', apiUrl: fake.url }).createOrder({ amount: minor(10000), receipt: 'R' }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Authentication failed',
    });
    expect(() => api().createOrder({ amount: minor(99), receipt: 'R' })).toThrow(RangeError);
    expect(() => api().createOrder({ amount: minor(10000), receipt: 'R'.repeat(41) })).toThrow(RangeError);
    expect(fake.orders.size).toBe(before);
  });

  it('a Razorpay that cannot be reached is an UNREACHABLE error, not a crash', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(createRazorpayApi({ ...keys, apiUrl: `http://127.0.0.1:${port}` }).createOrder({ amount: minor(10000), receipt: 'R' })).rejects.toMatchObject({
      status: 0,
      code: 'UNREACHABLE',
    });
  });
});
