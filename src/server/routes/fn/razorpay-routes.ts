import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import type { PaymentRepository } from '../../db/repositories/payment-repository.ts';
import type { RefundRepository } from '../../db/repositories/refund-repository.ts';
import { keepRawBodies, rawBody, parseJson } from '../../plugins/raw-body.ts';
import { errorBody, errorSchema, fieldsBody } from '../../plugins/error-body.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import type { RazorpayPayments } from '../../services/razorpay-payments.ts';
import { webhookEvent, type RazorpayWebhookEvent } from '../../services/razorpay-protocol.ts';
import { orderRefusals, refusals } from './order-answers.ts';
import { orderForCaller } from './order-caller.ts';

type Options = {
  shop: () => ShopConfig;
  orders: OrderRepository;
  payments: PaymentRepository;
  refunds: RefundRepository;
  accessTokens: AccessTokens;
  orderEvents: OrderEvents;
  /** Absent when the environment does not give Razorpay's three settings: these calls are not made then. */
  razorpay: RazorpayPayments | undefined;
  clock: () => number;
};

/** The most a webhook body may be: Razorpay's events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const NOT_CONFIRMED = errorBody(
  'payment_not_confirmed',
  'We could not confirm this payment with Razorpay. If money left your account, the shop sees it within minutes.',
);
const razorpayId = z.string().min(1).max(60);

/**
 * Razorpay's two ways of telling the shop a payment was made. The shopper's browser hands
 * over Standard Checkout's signed answer (`POST /fn/order/razorpayPayment`), so the thank-you
 * page can say "paid" at once; Razorpay's signed webhook (`POST /fn/payment/razorpay/webhook`)
 * is the authority, and reaches the shop when the shopper closed the page after paying. Both
 * mark the order paid once; a replay, a wrong amount, an order this shop did not make or a bad
 * signature changes nothing, and is logged. A webhook is never answered 500: a database that is
 * away answers 503, and Razorpay sends it again.
 */
export const razorpayRoutes: FastifyPluginAsync<Options> = async (
  app,
  { shop, orders, payments, refunds, accessTokens, orderEvents, razorpay: configured, clock },
) => {
  // without Razorpay's settings these calls do not exist: the JSON 404 of any unknown call answers
  if (!configured) return;
  const razorpay = configured;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/order/razorpayPayment',
    {
      schema: {
        body: z.object({
          sfId: z.string().max(60),
          orderId: z.string().min(1).max(64),
          razorpay_order_id: razorpayId,
          razorpay_payment_id: razorpayId,
          razorpay_signature: z.string().max(200),
        }),
        response: { 200: z.looseObject({ success: z.literal(true), paymentStatus: z.string() }), ...refusals, ...orderRefusals, 409: errorSchema },
      },
    },
    async (req, reply) => {
      const { sfId, orderId, razorpay_order_id: razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = req.body;
      if (sfId !== shop().id) return reply.code(400).send(fieldsBody([{ path: 'sfId', message: 'Store not specified' }]));
      const found = await orderForCaller(req, orderId, { orders, accessTokens });
      if (!('order' in found)) return reply.code(found.status).send(found.body);
      const made = await payments.razorpayOrderOf(found.order.id);
      if (!made || made.id !== razorpayOrderId || !razorpay.answerIsGenuine(razorpayOrderId, paymentId, signature)) {
        req.log.warn({ orderId }, 'Razorpay Checkout answer that is not genuine ignored');
        return reply.code(409).send(NOT_CONFIRMED);
      }
      const { outcome } = await payments.settleRazorpay(razorpayOrderId, { id: paymentId, amountMinor: made.amountMinor, currency: 'INR' }, null, clock());
      req.log.info({ orderId, outcome }, 'Razorpay Checkout answer');
      if (outcome === 'paid') orderEvents.publish({ orderId, status: '', what: 'paid', at: Date.now() });
      const now = await orders.view(orderId);
      return { success: true, paymentStatus: now?.paymentStatus ?? 'paid' } as const;
    },
  );

  await app.register(async (hook) => {
    // the signature covers the body's exact bytes: it is kept as they came
    keepRawBodies(hook, WEBHOOK_BODY_LIMIT);
    hook.post(
      '/payment/razorpay/webhook',
      { schema: { response: { 200: z.looseObject({ ok: z.literal(true) }), '4xx': errorSchema, 503: errorSchema } } },
      async (req, reply) => {
        const raw = rawBody(req);
        if (!razorpay.webhookIsGenuine(raw, req.headers['x-razorpay-signature'])) {
          req.log.warn('Razorpay webhook with a wrong signature ignored');
          return reply.code(400).send(errorBody('bad_signature', 'The signature does not match the body.'));
        }
        const eventId = req.headers['x-razorpay-event-id'];
        if (typeof eventId !== 'string' || !/^[A-Za-z0-9_-]{1,60}$/.test(eventId))
          return reply.code(400).send(errorBody('no_event_id', 'X-Razorpay-Event-Id is missing.'));
        const parsed = webhookEvent.safeParse(parseJson(raw));
        if (!parsed.success) {
          req.log.warn({ eventId }, 'Razorpay webhook whose body is not an event ignored');
          return reply.code(400).send(errorBody('bad_event', 'The body is not a Razorpay event.'));
        }
        return answerEvent(reply, () => onEvent(eventId, parsed.data));
      },
    );
  });

  /** Acts on an event; a database away answers 503 so Razorpay sends it again, never 500. */
  async function answerEvent(reply: FastifyReply, act: () => Promise<void>) {
    try {
      await act();
      return { ok: true } as const;
    } catch (err) {
      reply.log.error({ err }, 'Razorpay webhook not acted on: it will be sent again');
      return reply.code(503).send(errorBody('try_later', 'The shop could not record this event now.'));
    }
  }

  async function onEvent(eventId: string, event: RazorpayWebhookEvent) {
    const log = app.log.child({ eventId, event: event.event });
    const payment = event.payload.payment?.entity;
    if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment?.order_id) {
      const settled = await payments.settleRazorpay(
        payment.order_id,
        { id: payment.id, amountMinor: razorpay.fromPaise(payment.amount), currency: payment.currency },
        { id: eventId, name: event.event },
        clock(),
      );
      (settled.outcome === 'paid' || settled.outcome === 'already_settled' || settled.outcome === 'replay' ? log.info : log.warn).call(
        log,
        { orderId: settled.orderId, outcome: settled.outcome, amount: payment.amount, currency: payment.currency },
        'Razorpay webhook',
      );
      if (settled.outcome === 'paid' && settled.orderId) orderEvents.publish({ orderId: settled.orderId, status: '', what: 'paid', at: Date.now() });
      return;
    }
    const refund = event.payload.refund?.entity;
    if (event.event === 'refund.processed' && refund) {
      const done = await refunds.razorpayRefundProcessed(refund.payment_id, refund.id, { id: eventId, name: event.event }, clock());
      (done.outcome === 'refunded' || done.outcome === 'replay' ? log.info : log.warn).call(
        log,
        { orderId: done.orderId, outcome: done.outcome },
        'Razorpay webhook',
      );
      if (done.outcome === 'refunded' && done.orderId) orderEvents.publish({ orderId: done.orderId, status: '', what: 'refunded', at: Date.now() });
      return;
    }
    log.info('Razorpay webhook of an event the shop does not act on');
  }
};
