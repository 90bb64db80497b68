import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Razorpay's documented protocol as pure functions and shapes: the two signatures (Standard
 * Checkout's answer, signed with the key secret; a webhook's raw body, signed with the
 * webhook secret) and the parts of its entities this shop reads. The secrets are server
 * secrets: these run only on the server. Docs: razorpay.com/docs/payments/payment-gateway
 * (Standard Checkout, "verify payment signature") and razorpay.com/docs/webhooks.
 */

const hmacSha256 = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** What Standard Checkout's `handler` receives: `razorpay_signature` = HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
export const checkoutSignature = (orderId: string, paymentId: string, keySecret: string): string => hmacSha256(keySecret, `${orderId}|${paymentId}`);

/** `X-Razorpay-Signature` of a webhook: HMAC-SHA256 of the raw body exactly as sent, keyed with the webhook secret, hex. */
export const webhookSignature = (rawBody: string | Buffer, webhookSecret: string): string => hmacSha256(webhookSecret, rawBody);

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** A signature given by the other side against the one worked out here, in constant time; anything not 64 hex digits is refused first. */
export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** Razorpay's ids: a prefix and 14 letters or digits (`order_EKwxwAgItmmXdp`, `pay_29QQoUBi66xm2f`, `rfnd_…`). */
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{14}$`));
const razorpayOrderId = id('order');
const razorpayPaymentId = id('pay');

/** `receipt` of an order: at most 40 characters (the shop puts its order number there). */
export const RECEIPT_MAX = 40;
/** The smallest amount Razorpay takes for an order: ₹1.00, in paise. */
export const MIN_AMOUNT_PAISE = 100;

/** An order as `POST /v1/orders` and `GET /v1/orders/:id` answer it (fields this shop reads). */
export const orderEntity = z.object({
  id: razorpayOrderId,
  entity: z.literal('order'),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int(),
  created_at: z.number().int(),
});
export type RazorpayOrder = z.infer<typeof orderEntity>;

/** A payment entity (fields this shop reads); `status` walks created → authorized → captured (or failed), then refunded. */
export const paymentEntity = z.object({
  id: razorpayPaymentId,
  entity: z.literal('payment'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: razorpayOrderId.nullable(),
  method: z.string(),
  amount_refunded: z.number().int(),
  captured: z.boolean(),
  vpa: z.string().nullable().optional(),
  error_code: z.string().nullable().optional(),
  error_description: z.string().nullable().optional(),
  created_at: z.number().int(),
});
export type RazorpayPayment = z.infer<typeof paymentEntity>;
/** `GET /v1/orders/:id/payments` answers a collection. */
export const paymentCollection = z.object({ entity: z.literal('collection'), count: z.number().int(), items: paymentEntity.array() });

/** A refund entity (`POST /v1/payments/:id/refund` and the refund.* events). */
export const refundEntity = z.object({
  id: id('rfnd'),
  entity: z.literal('refund'),
  amount: z.number().int(),
  currency: z.string(),
  payment_id: razorpayPaymentId,
  status: z.enum(['pending', 'processed', 'failed']),
  created_at: z.number().int(),
});
export type RazorpayRefund = z.infer<typeof refundEntity>;

/**
 * A webhook's body: `{ entity: "event", event, contains, payload: { payment: { entity } , order: { entity }, refund: { entity } }, created_at }`.
 * The entities this shop does not act on pass unread; a body that is not this shape is answered and ignored.
 */
export const webhookEvent = z.object({
  entity: z.literal('event'),
  account_id: z.string().optional(),
  event: z.string().min(1),
  contains: z.array(z.string()),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    order: z.object({ entity: orderEntity }).optional(),
    refund: z.object({ entity: refundEntity }).optional(),
  }),
  created_at: z.number().int(),
});
export type RazorpayWebhookEvent = z.infer<typeof webhookEvent>;

/** Razorpay's error body: `{ error: { code, description, field?, source?, step?, reason? } }`. */
export const errorBody = z.object({
  error: z.object({ code: z.string(), description: z.string(), field: z.string().nullable().optional(), reason: z.string().nullable().optional() }),
});
