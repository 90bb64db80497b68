import { z } from 'zod';
import { errorSchema } from '../../plugins/error-body.ts';

/**
 * The response schemas of the order and payment calls (decision 057): what the OpenAPI
 * document says they answer, and what fastify serializes. Every object is loose: a field a
 * handler adds that is not listed here still reaches the browser, never stripped; the
 * listed ones are checked against the handlers' types by the type provider.
 */

/** §8's 401s in the auth calls' shape: an expired access token (`access_token_expired`), or one of an ended session. */
const sessionRefusal = z.looseObject({ success: z.literal(false), errorCode: z.string(), errorMessage: z.string() });
/** The guest view's words for an order the caller may not see (§7). */
const orderNotFound = z.looseObject({ success: z.literal(false), errorMessage: z.string() });

/** The refusals every order and payment call may answer (bad input a schema caught and the rate limits answer without `success`). */
export const refusals = { 400: errorSchema, '4xx': errorSchema } as const;
/** What a call answers when the caller's access token has expired or its session ended. */
export const sessionRefusals = { 401: sessionRefusal } as const;
/** …and a call on a placed order, when the caller may not see it (decision 043). */
export const orderRefusals = { 401: sessionRefusal, 404: orderNotFound } as const;

/** A line priced: quantities in units or kg (`isFraction`), money in the shop's decimals. */
const pricedLine = z.looseObject({
  productId: z.string(),
  title: z.string(),
  variantName: z.string(),
  qty: z.number(),
  isFraction: z.boolean(),
  unitPrice: z.number(),
  total: z.number(),
  discount: z.number(),
  tax: z.number(),
  taxPercent: z.number(),
});
const totalsLine = z.looseObject({ code: z.string(), title: z.string(), value: z.number(), isPercentage: z.boolean(), percentAmount: z.number().nullable() });

/** `POST /fn/order/quote`: what the order would charge now. */
export const quoteAnswer = z.looseObject({ success: z.literal(true), lines: z.array(pricedLine), totals: z.array(totalsLine), grandTotal: z.number() });

/** An order as its shopper reads it (`OrderView`); its details as they were sent. */
const orderView = z.looseObject({
  id: z.string(),
  number: z.number(),
  kind: z.enum(['order', 'enquiry']),
  channel: z.string(),
  status: z.string(),
  cancelRequested: z.boolean(),
  paymentType: z.string().nullable(),
  paymentStatus: z.string(),
  deliveryMode: z.string(),
  currencyCode: z.string(),
  lines: z.array(pricedLine.extend({ hsn: z.string().nullable() })),
  taxMode: z.enum(['exclusive', 'inclusive']),
  totals: z.array(totalsLine),
  grandTotal: z.number(),
  upiAmount: z.number().nullable(),
  details: z.looseObject({}),
  couponCode: z.string().nullable(),
  createdAt: z.number(),
  paymentClaimedAt: z.number().nullable(),
  refund: z
    .looseObject({
      amount: z.number(),
      method: z.string(),
      status: z.enum(['due', 'refunded']),
      reference: z.string().nullable(),
      refundedAt: z.number().nullable(),
    })
    .nullable(),
});

/** `POST /fn/order/create`: the order placed, its notification token (the guest's credential) and whether it was e-mailed. */
export const placedAnswer = z.looseObject({
  success: z.literal(true),
  orderId: z.string(),
  notificationToken: z.string(),
  emailSent: z.boolean(),
  order: orderView,
});

/** `POST /fn/order/cancelRequest`: the order's status after the request. */
export const cancelAnswer = z.looseObject({ success: z.literal(true), status: z.string(), cancelRequested: z.literal(true) });

/**
 * `POST /fn/order/paymentConfig`: pay on delivery (`to_collect`), UPI (the deep link, its
 * QR code and the payee) or PayU (the form the browser posts to `action`).
 */
export const paymentConfigAnswer = z.discriminatedUnion('provider', [
  z.looseObject({ success: z.literal(true), provider: z.literal('pof'), paymentStatus: z.literal('to_collect') }),
  z.looseObject({
    success: z.literal(true),
    provider: z.literal('upi-manual'),
    paymentStatus: z.literal('awaiting_payment'),
    amount: z.number(),
    /** What the amount adds to the order's total to tell the payment apart (0 most often). */
    extra: z.number(),
    upiLink: z.string(),
    qrSvg: z.string(),
    payee: z.looseObject({}),
  }),
  z.looseObject({
    success: z.literal(true),
    provider: z.literal('payu'),
    paymentStatus: z.literal('awaiting_payment'),
    action: z.string(),
    method: z.literal('POST'),
    fields: z.record(z.string(), z.string()),
  }),
  z.looseObject({
    success: z.literal(true),
    provider: z.literal('razorpay'),
    paymentStatus: z.literal('awaiting_payment'),
    /** Standard Checkout's options (`key`, `order_id`, `amount` in paise …) and its script's address. */
    checkout: z.looseObject({ script: z.string(), key: z.string(), order_id: z.string(), amount: z.number().int() }),
  }),
]);

/**
 * `POST /fn/order/upiReference`: the reference is with the shop, to check by `verifyBy` (epoch ms; null: no
 * deadline runs), or `paid` at once when the bank's alert of that payment came before it.
 */
export const upiReferenceAnswer = z.looseObject({
  success: z.literal(true),
  paymentStatus: z.enum(['awaiting_verification', 'paid']),
  verifyBy: z.number().nullable(),
});
