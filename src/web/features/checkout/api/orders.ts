import type { OrderRequest, OrderView, PaymentType } from '../../../../domain/order.ts';
import { useEffect, useState } from 'react';
import { getJson, postJson } from '../../../lib/api.ts';

/** The order calls of §7 as the checkout and the guest view make them. */

export type PlacedOrder = { success: true; orderId: string; notificationToken: string; order: OrderView };

export type PaymentSetup =
  | { provider: 'pof'; paymentStatus: string }
  | { provider: 'upi-manual'; paymentStatus: string; amount: number; upiLink: string; qrSvg: string; payee: { vpa: string; payeeName: string } }
  | { provider: 'payu'; paymentStatus: string; action: string; method: 'POST'; fields: Record<string, string> };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One Idempotency-Key per checkout attempt: a retry of the same attempt can never make a second order. */
export const placeOrder = (body: OrderRequest, idempotencyKey: string, headers: Record<string, string> = {}) => postJson<PlacedOrder>('/fn/order/create', body, { ...headers, 'idempotency-key': idempotencyKey });

export const setUpPayment = (shopId: string, orderId: string, token: string, provider: PaymentType) => postJson<PaymentSetup & { success: true }>('/fn/order/paymentConfig', { sfId: shopId, orderId, provider }, bearer(token));

export const sendUpiReference = (shopId: string, orderId: string, token: string, utr: string) => postJson<{ success: true; paymentStatus: string }>('/fn/order/upiReference', { sfId: shopId, orderId, utr }, bearer(token));

export const fetchGuestOrder = (orderId: string, token: string) => getJson<{ success: true; order: OrderView }>(`/api/guest/order/${encodeURIComponent(orderId)}`, bearer(token));

/** The guest view's address: the token rides in the fragment, which browsers never send to a server. */
export const guestOrderPath = (orderId: string, token: string) => `/guest/view-order#${new URLSearchParams({ orderId, token }).toString()}`;

const isFor = <P extends PaymentType>(setup: PaymentSetup, provider: P): setup is Extract<PaymentSetup, { provider: P }> => setup.provider === provider;

/**
 * Sets the order up for a provider once, and gives its answer (null while waiting); a
 * refusal goes to `onError` in the server's words or `fallback`.
 */
export function usePaymentSetup<P extends PaymentType>(provider: P, target: { shopId: string; orderId: string; token: string }, onError: (message: string) => void, fallback: string): Extract<PaymentSetup, { provider: P }> | null {
  const [setup, setSetup] = useState<Extract<PaymentSetup, { provider: P }> | null>(null);
  const { shopId, orderId, token } = target;
  useEffect(() => {
    let live = true;
    void setUpPayment(shopId, orderId, token, provider).then((res) => {
      if (!live) return;
      if (!res.ok) onError(res.error?.message ?? fallback);
      else if (isFor(res.data, provider)) setSetup(res.data);
    });
    return () => {
      live = false;
    };
  }, [shopId, orderId, token, provider, onError, fallback]);
  return setup;
}
