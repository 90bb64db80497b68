import type { z } from 'zod';
import type { Minor } from '../../domain/money.ts';
import {
  errorBody,
  MIN_AMOUNT_PAISE,
  orderEntity,
  paymentCollection,
  RECEIPT_MAX,
  refundEntity,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
} from './razorpay-protocol.ts';

/**
 * The three calls of Razorpay's REST API the shop makes, over `fetch` with HTTP basic auth
 * (key id : key secret): create an order, list an order's payments (to settle what a lost
 * webhook left open), refund a payment. `apiUrl` is Razorpay's (`https://api.razorpay.com`)
 * or, in tests, the local fake's. The official SDK is not used: its host is fixed in code
 * and it brings axios for these three calls.
 */
export type RazorpayCredentials = { keyId: string; keySecret: string; apiUrl: string };

export const RAZORPAY_API_URL = 'https://api.razorpay.com';
/** Razorpay answers in well under a second; past this the shopper is told to try again, and nothing was recorded. */
const TIMEOUT_MS = 10_000;

/** Razorpay refused a call (its own `error.code` and words) or could not be reached (`code` 'UNREACHABLE', status 0). */
export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

export type RazorpayApi = {
  /** `POST /v1/orders`: an order for `amount` paise in INR, our order number as `receipt`. */
  createOrder(input: { amount: Minor; receipt: string; notes?: Record<string, string> }): Promise<RazorpayOrder>;
  /** `GET /v1/orders/:id/payments`: every attempt to pay the order, newest first. */
  orderPayments(orderId: string): Promise<RazorpayPayment[]>;
  /** `POST /v1/payments/:id/refund`: refunds `amount` paise of a captured payment (normal speed). */
  refund(paymentId: string, input: { amount: Minor; receipt: string }): Promise<RazorpayRefund>;
};

export function createRazorpayApi({ keyId, keySecret, apiUrl }: RazorpayCredentials, fetchImpl: typeof fetch = fetch): RazorpayApi {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const base = apiUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new RazorpayError(0, 'UNREACHABLE', `Razorpay could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const refused = errorBody.safeParse(json);
      throw new RazorpayError(
        res.status,
        refused.success ? refused.data.error.code : 'HTTP_ERROR',
        refused.success ? refused.data.error.description : `Razorpay answered ${res.status}`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new RazorpayError(res.status, 'UNEXPECTED_ANSWER', `Razorpay's answer to ${method} ${path} is not what its docs describe`);
    return parsed.data;
  }

  return {
    createOrder({ amount, receipt, notes }) {
      if (!Number.isInteger(amount) || amount < MIN_AMOUNT_PAISE)
        throw new RangeError(`a Razorpay order is at least ${MIN_AMOUNT_PAISE} paise, in whole paise: ${amount}`);
      if (receipt.length > RECEIPT_MAX) throw new RangeError(`a Razorpay receipt is at most ${RECEIPT_MAX} characters: ${receipt}`);
      return call('POST', '/v1/orders', orderEntity, { amount, currency: 'INR', receipt, ...(notes ? { notes } : {}) });
    },
    async orderPayments(orderId) {
      const list = await call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`, paymentCollection);
      return list.items;
    },
    refund(paymentId, { amount, receipt }) {
      return call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, refundEntity, { amount, speed: 'normal', receipt });
    },
  };
}
