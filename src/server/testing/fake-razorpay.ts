import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  checkoutSignature,
  MIN_AMOUNT_PAISE,
  RECEIPT_MAX,
  webhookSignature,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
} from '../services/razorpay-protocol.ts';

/**
 * A local Razorpay that speaks the documented protocol: the REST API the shop calls (basic
 * auth; `POST /v1/orders`, `GET /v1/orders/:id`, `GET /v1/orders/:id/payments`,
 * `POST /v1/payments/:id/refund`, with Razorpay's error bodies), Standard Checkout's script
 * (`/v1/checkout.js`, a stand-in whose Pay button pays the order here and calls the page's
 * handler with the signed answer), and webhooks signed with the webhook secret, each with its
 * `X-Razorpay-Event-Id`, posted to the shop as events happen. Nothing leaves the machine.
 */
export type FakeRazorpayOptions = { keyId: string; keySecret: string; webhookSecret: string; webhookUrl?: string };
export type CheckoutAnswer = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
export type Delivery = { eventId: string; event: string; status: number };

export type FakeRazorpay = {
  url: string;
  app: FastifyInstance;
  orders: Map<string, RazorpayOrder>;
  payments: Map<string, RazorpayPayment>;
  refunds: RazorpayRefund[];
  deliveries: Delivery[];
  /** The shopper pays an order in full (or `amount` paise): a captured payment, the order paid, `payment.captured` and `order.paid` sent. */
  pay(orderId: string, input?: { amount?: number; method?: string }): Promise<CheckoutAnswer>;
  /** Posts a webhook body to the shop as Razorpay would; `signature` and `eventId` override the right ones (to test refusals and replays). */
  send(body: unknown, override?: { signature?: string; eventId?: string }): Promise<Delivery>;
  close(): Promise<void>;
};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) => `${prefix}_${[...randomBytes(14)].map((b) => ALNUM[b % ALNUM.length]).join('')}`;
const now = () => Math.floor(Date.now() / 1000);
const refuse = (reply: FastifyReply, status: number, description: string, field?: string) =>
  reply.code(status).send({
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });

export async function startFakeRazorpay(options: FakeRazorpayOptions, port = 0): Promise<FakeRazorpay> {
  const app = Fastify();
  const orders = new Map<string, RazorpayOrder>();
  const payments = new Map<string, RazorpayPayment>();
  const refunds: RazorpayRefund[] = [];
  const deliveries: Delivery[] = [];
  const expected = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/') || request.url.startsWith('/v1/checkout')) return;
    if (request.headers.authorization !== expected) return refuse(reply, 401, 'Authentication failed');
  });

  async function send(body: unknown, override: { signature?: string; eventId?: string } = {}): Promise<Delivery> {
    const raw = JSON.stringify(body);
    const eventId = override.eventId ?? newId('evt');
    const event = (body as { event?: string }).event ?? '';
    if (!options.webhookUrl) return { eventId, event, status: 0 };
    const res = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': override.signature ?? webhookSignature(raw, options.webhookSecret),
        'x-razorpay-event-id': eventId,
      },
      body: raw,
    });
    await res.arrayBuffer();
    const delivery = { eventId, event, status: res.status };
    deliveries.push(delivery);
    return delivery;
  }
  const event = (name: string, payload: Record<string, unknown>) => ({
    entity: 'event',
    account_id: 'acc_FakeShop000001',
    event: name,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, entity]) => [k, { entity }])),
    created_at: now(),
  });

  app.post('/v1/orders', async (request, reply) => {
    const body = (request.body ?? {}) as { amount?: unknown; currency?: unknown; receipt?: unknown };
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount)) return refuse(reply, 400, 'The amount must be an integer.', 'amount');
    if (body.amount < MIN_AMOUNT_PAISE) return refuse(reply, 400, 'The amount must be atleast INR 1.00', 'amount');
    if (body.currency !== 'INR') return refuse(reply, 400, 'The currency is invalid.', 'currency');
    if (body.receipt !== undefined && (typeof body.receipt !== 'string' || body.receipt.length > RECEIPT_MAX))
      return refuse(reply, 400, `The receipt may not be greater than ${RECEIPT_MAX} characters.`, 'receipt');
    const order: RazorpayOrder = {
      id: newId('order'),
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: 'INR',
      receipt: (body.receipt as string | undefined) ?? null,
      status: 'created',
      attempts: 0,
      created_at: now(),
    };
    orders.set(order.id, order);
    return order;
  });

  app.get<{ Params: { id: string } }>(
    '/v1/orders/:id',
    async (request, reply) => orders.get(request.params.id) ?? refuse(reply, 400, 'The id provided does not exist', 'id'),
  );

  app.get<{ Params: { id: string } }>('/v1/orders/:id/payments', async (request, reply) => {
    if (!orders.has(request.params.id)) return refuse(reply, 400, 'The id provided does not exist', 'id');
    const items = [...payments.values()].filter((p) => p.order_id === request.params.id).reverse();
    return { entity: 'collection', count: items.length, items };
  });

  app.post<{ Params: { id: string } }>('/v1/payments/:id/refund', async (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment) return refuse(reply, 400, 'The id provided does not exist', 'id');
    if (payment.status !== 'captured') return refuse(reply, 400, 'The payment has not been captured');
    const body = (request.body ?? {}) as { amount?: unknown };
    const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < MIN_AMOUNT_PAISE)
      return refuse(reply, 400, 'The amount must be atleast INR 1.00', 'amount');
    if (amount > payment.amount - payment.amount_refunded) return refuse(reply, 400, 'The refund amount provided is greater than amount captured');
    const refund: RazorpayRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      status: 'processed',
      created_at: now(),
    };
    refunds.push(refund);
    payment.amount_refunded += amount;
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    // Razorpay answers `pending` and sends `refund.processed` when the bank has it; here the bank is instant
    setImmediate(() => void send(event('refund.processed', { refund, payment })).catch(() => undefined));
    return { ...refund, status: 'pending' };
  });

  async function pay(orderId: string, input: { amount?: number; method?: string } = {}): Promise<CheckoutAnswer> {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId} at the fake Razorpay`);
    const payment: RazorpayPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: input.amount ?? order.amount_due,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: input.method ?? 'upi',
      amount_refunded: 0,
      captured: true,
      vpa: (input.method ?? 'upi') === 'upi' ? 'shopper@okbank' : null,
      error_code: null,
      error_description: null,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    order.amount_paid += payment.amount;
    order.amount_due = Math.max(0, order.amount - order.amount_paid);
    order.status = order.amount_due === 0 ? 'paid' : 'attempted';
    await send(event('payment.captured', { payment }));
    if (order.status === 'paid') await send(event('order.paid', { payment, order }));
    return { razorpay_order_id: order.id, razorpay_payment_id: payment.id, razorpay_signature: checkoutSignature(order.id, payment.id, options.keySecret) };
  }

  // the browser's stand-in for Standard Checkout: what checkout.js gives a page, and the button a shopper presses
  app.post<{ Body: { order_id?: string; key?: string } }>('/v1/checkout/pay', async (request, reply) => {
    const { order_id: orderId = '', key } = request.body ?? {};
    if (key !== options.keyId || !orders.has(orderId)) return refuse(reply, 400, 'The id provided does not exist', 'order_id');
    reply.header('access-control-allow-origin', '*');
    return pay(orderId);
  });
  app.options('/v1/checkout/pay', async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-allow-methods', 'POST')
      .code(204)
      .send(),
  );
  app.get('/v1/checkout.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(checkoutScript(url)));

  app.get('/', async () => ({ fakeRazorpay: true }));
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { url, app, orders, payments, refunds, deliveries, pay, send, close: () => app.close() };
}

/** Standard Checkout's surface (`new Razorpay(options)`, `open()`, `on('payment.failed')`) drawn as a plain dialog. */
const checkoutScript = (origin: string) => `(() => {
  class Razorpay {
    constructor(options) { this.options = options; this.failed = []; }
    on(name, fn) { if (name === 'payment.failed') this.failed.push(fn); }
    open() {
      const o = this.options;
      const d = document.createElement('dialog');
      d.setAttribute('aria-label', 'Razorpay test checkout');
      const rupees = (o.amount / 100).toFixed(2);
      d.innerHTML = '<h2>Razorpay test checkout</h2><p></p><button data-pay>Pay ₹' + rupees + '</button> <button data-fail>Fail payment</button> <button data-close>Close</button>';
      d.querySelector('p').textContent = (o.name || '') + ' — ' + (o.description || '');
      const close = () => { d.close(); d.remove(); };
      d.querySelector('[data-pay]').onclick = async () => {
        const res = await fetch(${JSON.stringify(origin)} + '/v1/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: o.order_id, key: o.key }) });
        close();
        if (res.ok) o.handler && o.handler(await res.json());
      };
      // as Checkout does, a failed attempt stays in the window (the shopper may try another way, or close it)
      d.querySelector('[data-fail]').onclick = () => { this.failed.forEach((fn) => fn({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', source: 'customer', step: 'payment_authorization', reason: 'payment_failed', metadata: { order_id: o.order_id } } })); };
      d.querySelector('[data-close]').onclick = () => { close(); o.modal && o.modal.ondismiss && o.modal.ondismiss(); };
      document.body.append(d);
      d.showModal();
    }
  }
  window.Razorpay = Razorpay;
})();
`;
