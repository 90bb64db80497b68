import type { FastifyBaseLogger } from 'fastify';
import type { Minor } from '../../domain/money.ts';
import { contactPhone } from '../../domain/order-details.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { Order } from '../../domain/order-view.ts';
import type { PaymentRepository } from '../db/repositories/payment-repository.ts';
import { createRazorpayApi, RAZORPAY_API_URL, RazorpayError, type RazorpayApi } from './razorpay-api.ts';
import { checkoutSignature, signatureMatches, webhookSignature } from './razorpay-protocol.ts';

/**
 * Razorpay's settings, from the environment (readEnv): the key id (public: Checkout is opened
 * with it), the key secret (the API's password, and what signs Checkout's answer), the webhook
 * secret (chosen by the owner in Razorpay's dashboard), and where the API and Checkout's script
 * are (Razorpay's own unless tests point them at the local fake).
 */
export type RazorpaySettings = {
  keyId: string | undefined;
  keySecret: string | undefined;
  webhookSecret: string | undefined;
  apiUrl: string | undefined;
  checkoutUrl: string | undefined;
};

/** Standard Checkout's script, from Razorpay's own origin (the CSP allows it on the pages that pay). */
const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** Which of Razorpay's three settings are missing (none: the shop can take Razorpay). */
export const missingRazorpaySettings = (settings: RazorpaySettings | undefined): string[] =>
  (
    [
      ['RAZORPAY_KEY_ID', settings?.keyId],
      ['RAZORPAY_KEY_SECRET', settings?.keySecret],
      ['RAZORPAY_WEBHOOK_SECRET', settings?.webhookSecret],
    ] as const
  )
    .filter(([, value]) => !value)
    .map(([name]) => name);

/** The origins a page paying with Razorpay talks to: Checkout's script and frames, and Razorpay's API. */
export const razorpayOrigins = (settings: RazorpaySettings) => ({
  checkout: new URL(settings.checkoutUrl ?? RAZORPAY_CHECKOUT_URL).origin,
  api: new URL(settings.apiUrl ?? RAZORPAY_API_URL).origin,
});

/** What the browser opens Standard Checkout with (its documented options), and where its script is. */
export type RazorpayCheckout = {
  script: string;
  key: string;
  order_id: string;
  /** In paise. */
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
};

/**
 * The shop's side of Razorpay: one Razorpay order per order (made on the first payment
 * asked for, the same one after), the two signatures checked, and the shop's minor units
 * to paise and back (Razorpay counts INR in paise whatever digits the shop shows).
 */
export function createRazorpayPayments(settings: RazorpaySettings & { keyId: string; keySecret: string; webhookSecret: string }, fractionDigits: number) {
  const api: RazorpayApi = createRazorpayApi({ keyId: settings.keyId, keySecret: settings.keySecret, apiUrl: settings.apiUrl ?? RAZORPAY_API_URL });
  const scale = 10 ** (2 - fractionDigits);
  const toPaise = (amount: Minor) => amount * scale;
  /** Paise in the shop's minor units; null when the shop cannot show them (a shop of whole rupees paid 50 paise). */
  const fromPaise = (paise: number): Minor | null => (Number.isInteger(paise / scale) ? (Math.round(paise / scale) as Minor) : null);
  // two tabs asking at once make one Razorpay order
  const starting = new Map<string, Promise<{ id: string; amountMinor: Minor }>>();

  async function razorpayOrderFor(order: Order, payments: PaymentRepository, now: number) {
    const made = await payments.razorpayOrderOf(order.id);
    if (made) return made;
    const running = starting.get(order.id);
    if (running) return running;
    const start = (async () => {
      const created = await api.createOrder({ amount: toPaise(order.grandTotal) as Minor, receipt: orderLabel(order), notes: { order_id: order.id } });
      await payments.startRazorpay(order.id, created.id, order.grandTotal, now);
      return { id: created.id, amountMinor: order.grandTotal };
    })().finally(() => starting.delete(order.id));
    starting.set(order.id, start);
    return start;
  }

  return {
    api,
    toPaise,
    fromPaise,
    /** Checkout's options for `order`, its Razorpay order made when it has none yet (RazorpayError when Razorpay refuses or is away). */
    async checkout(order: Order, shopTitle: string, payments: PaymentRepository, now: number): Promise<RazorpayCheckout> {
      const made = await razorpayOrderFor(order, payments, now);
      const personal = order.details.personalDetails;
      const contact = contactPhone(order).replaceAll(' ', '');
      return {
        script: settings.checkoutUrl ?? RAZORPAY_CHECKOUT_URL,
        key: settings.keyId,
        order_id: made.id,
        amount: toPaise(made.amountMinor),
        currency: 'INR',
        name: shopTitle,
        description: `Order ${orderLabel(order)}`,
        prefill: {
          ...(personal?.fullName ? { name: personal.fullName } : {}),
          ...(personal?.email ? { email: personal.email } : {}),
          ...(contact ? { contact } : {}),
        },
      };
    },
    /**
     * What Razorpay says of the order's payment before the order's hold ends it (a webhook may have
     * been lost, a shopper may have paid and closed the page): `paid` when a captured payment of the
     * whole amount is there (settled now), `unpaid` when none is, `unknown` while Razorpay cannot
     * be asked (the order then waits for the next sweep rather than being cancelled on a guess).
     */
    async paymentOf(orderId: string, payments: PaymentRepository, now: number, log: FastifyBaseLogger): Promise<'paid' | 'unpaid' | 'unknown'> {
      const made = await payments.razorpayOrderOf(orderId);
      // no Razorpay order was ever made: nothing can have been paid
      if (!made) return 'unpaid';
      let attempts;
      try {
        attempts = await api.orderPayments(made.id);
      } catch (err) {
        if (!(err instanceof RazorpayError)) throw err;
        log.warn({ orderId, status: err.status, code: err.code }, 'Razorpay could not say whether an order due to expire was paid: it waits');
        return 'unknown';
      }
      const paid = attempts.find((p) => p.status === 'captured' && p.currency === 'INR' && p.amount === toPaise(made.amountMinor));
      if (!paid) return 'unpaid';
      const { outcome } = await payments.settleRazorpay(made.id, { id: paid.id, amountMinor: made.amountMinor, currency: 'INR' }, null, now);
      log.warn({ orderId, outcome }, 'Razorpay payment found before the order expired (its webhook did not come)');
      return 'paid';
    },
    /** Checkout's answer is Razorpay's: `razorpay_signature` signs `order_id|payment_id` with the key secret. */
    answerIsGenuine: (orderId: string, paymentId: string, signature: unknown) =>
      signatureMatches(checkoutSignature(orderId, paymentId, settings.keySecret), signature),
    /** A webhook is Razorpay's: `X-Razorpay-Signature` signs the raw body with the webhook secret. */
    webhookIsGenuine: (raw: Buffer, signature: unknown) => signatureMatches(webhookSignature(raw, settings.webhookSecret), signature),
  };
}

export type RazorpayPayments = ReturnType<typeof createRazorpayPayments>;
