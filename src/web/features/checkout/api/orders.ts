import { toMinor, type Minor } from '../../../../domain/money.ts';
import type { OrderRequest, PaymentType } from '../../../../domain/order.ts';
import type { OrderView } from '../../../../domain/order-view.ts';
import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { totalsFromApi, type ApiTotalsLine, type TotalsLine } from '../../../../domain/totals.ts';
import { getJson, postJson, type ApiError } from '../../../lib/api.ts';
import { askedOnShow, queryClient } from '../../../lib/query-client.ts';
import { orderCall, type OrderToken } from '../../../lib/order-call.ts';
import { paths } from '../../../lib/paths.ts';
import { asUser, useSession } from '../../../lib/session.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { useSettled } from '../../../lib/use-settled.ts';

/** The order calls of §7 as the checkout and the guest view make them. */

/** `emailSent`: the server e-mails the order to the shopper (an address given, the shop sends mail). */
export type PlacedOrder = { success: true; orderId: string; notificationToken: string; emailSent: boolean; order: OrderView };

export type PaymentSetup =
  | { provider: 'pof'; paymentStatus: string }
  | { provider: 'upi-manual'; paymentStatus: string; amount: number; extra: number; upiLink: string; qrSvg: string; payee: { vpa: string; payeeName: string } }
  | { provider: 'payu'; paymentStatus: string; action: string; method: 'POST'; fields: Record<string, string> }
  | { provider: 'razorpay'; paymentStatus: string; checkout: RazorpayOptions };

/** Standard Checkout's options as the server gives them (`amount` in paise), and where its script is. */
export type RazorpayOptions = {
  script: string;
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
};

/** What Standard Checkout hands its `handler` when the shopper has paid: signed by Razorpay, checked by the server. */
export type RazorpayAnswer = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/** What `POST /fn/order/quote` answers: the lines and totals the order would be charged now. */
export type OrderQuote = {
  success: true;
  lines: Array<{ productId: string; qty: number; isFraction: boolean; unitPrice: number; total: number; taxPercent: number }>;
  totals: ApiTotalsLine[];
  grandTotal: number;
};

/** A quote as the checkout reads it: its money in minor units, decoded once where the answer arrives (decision 082). */
export type QuotedOrder = {
  lines: Array<Omit<OrderQuote['lines'][number], 'unitPrice' | 'total'> & { unitPrice: Minor; total: Minor }>;
  totals: TotalsLine[];
  grandTotal: Minor;
};

const quoteFromApi = (quote: OrderQuote, fractionDigits: number): QuotedOrder => ({
  lines: quote.lines.map((l) => ({ ...l, unitPrice: toMinor(l.unitPrice, fractionDigits), total: toMinor(l.total, fractionDigits) })),
  totals: totalsFromApi(quote.totals, fractionDigits),
  grandTotal: toMinor(quote.grandTotal, fractionDigits),
});

/** The server's price for the checkout as it stands (the same rules the order is charged by). */
const quoteOrder = (body: OrderRequest, headers: Record<string, string> = {}) => postJson<OrderQuote>('/fn/order/quote', body, headers);

/** How long the checkout waits after the last change before asking for a new quote. */
const QUOTE_DELAY_MS = 300;

/**
 * The server's quote for what the checkout holds: asked again a moment after the cart,
 * the mode, the slot, the payment, the coupon or the contact last changed (typing a name or an
 * address asks nothing), the last answer kept on screen meanwhile. `refusal` is why the order would be
 * refused now (a coupon, stock, a price the catalog no longer has), in the server's words; `current`,
 * whether the quote answers the checkout as it stands (not one kept on screen while the next is asked).
 */
export function useOrderQuote(body: OrderRequest): { quote: QuotedOrder | null; refusal: ApiError | null; current: boolean } {
  const { items, deliveryMode, shippingSlotId, couponCode, personalDetails, paymentType } = body.order;
  // the e-mail and phone, for a coupon's once-per-customer and first-order rules
  const contact = { fullName: '', email: personalDetails.email, phone: personalDetails.phone };
  const priced: OrderRequest = {
    userId: null,
    sfId: body.sfId,
    order: {
      items,
      deliveryMode,
      shippingSlotId: deliveryMode === 'ship' ? shippingSlotId : null,
      couponCode,
      personalDetails: contact,
      paymentType,
      note: '',
    },
  };
  const text = JSON.stringify(priced);
  const asked = useSettled(text, QUOTE_DELAY_MS);
  // who asks matters too: a guest's order not paid online has a limit an account's has not
  const userId = useSession((s) => s.user?.id ?? null);
  const query = useQuery(
    {
      queryKey: ['order-quote', asked, userId],
      queryFn: () => asUser((headers) => quoteOrder(JSON.parse(asked) as OrderRequest, headers)),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
      enabled: items.length > 0,
    },
    queryClient,
  );
  const result = query.data;
  const { fractionDigits } = usePriceFormat();
  const quote = useMemo(() => (result?.ok ? quoteFromApi(result.data, fractionDigits) : null), [result, fractionDigits]);
  const current = asked === text && !query.isPlaceholderData && !query.isFetching;
  if (!result) return { quote: null, refusal: null, current: false };
  return result.ok ? { quote, refusal: null, current } : { quote: null, refusal: result.status === 0 ? null : result.error, current };
}

/** One Idempotency-Key per checkout attempt: a retry of the same attempt can never make a second order. */
export const placeOrder = (body: OrderRequest, idempotencyKey: string, headers: Record<string, string> = {}) =>
  postJson<PlacedOrder>('/fn/order/create', body, { ...headers, 'idempotency-key': idempotencyKey });

const setUpPayment = (shopId: string, orderId: string, token: OrderToken, provider: PaymentType) =>
  orderCall(token, (headers) => postJson<PaymentSetup & { success: true }>('/fn/order/paymentConfig', { sfId: shopId, orderId, provider }, headers));

/** `verifyBy`: by when the shop confirms the payment, else the order is cancelled (decision 073); null when no deadline runs. */
export const sendUpiReference = (shopId: string, orderId: string, token: OrderToken, utr: string) =>
  orderCall(token, (headers) =>
    postJson<{ success: true; paymentStatus: string; verifyBy: number | null }>('/fn/order/upiReference', { sfId: shopId, orderId, utr }, headers),
  );

/** Razorpay's signed answer to the shop, which marks the order paid when the signature is Razorpay's. */
export const confirmRazorpay = (shopId: string, orderId: string, token: OrderToken, answer: RazorpayAnswer) =>
  orderCall(token, (headers) => postJson<{ success: true; paymentStatus: string }>('/fn/order/razorpayPayment', { sfId: shopId, orderId, ...answer }, headers));

/** The running bill of the table an order was sent from (issue 41), in the API's decimals: each round's number, status and total. */
export type ShopperBill = {
  status: 'open' | 'settled';
  table: string;
  rounds: Array<{ number: number; status: string; total: number; mine: boolean }>;
  total: number;
  due: number;
};

/** One order: by its token at the guest's address (§7 api/guest/order), or the logged-in shopper's own from their account; at a table, with the table's bill. */
const fetchOrder = (orderId: string, token: OrderToken) =>
  orderCall(token, (headers) =>
    getJson<{ success: true; order: OrderView; bill?: ShopperBill | null }>(
      token === null ? `/api/user/orders/${encodeURIComponent(orderId)}` : `/api/guest/order/${encodeURIComponent(orderId)}`,
      headers,
    ),
  );

/** `fetchOrder` as a query; the user is part of the key, so an account's order is never shown to the next one on this tab. */
export const orderQuery = (orderId: string, token: OrderToken, userId: string | null) =>
  queryOptions({ queryKey: ['order', orderId, token, userId], queryFn: () => fetchOrder(orderId, token), ...askedOnShow });

/** The logged-in shopper's orders, newest first (§7 api/user/orders), the answer as it came. */
export const userOrdersQuery = (userId: string | null) =>
  queryOptions({ queryKey: ['user', userId, 'orders'], queryFn: () => asUser((headers) => getJson<OrderView[]>('/api/user/orders', headers)), ...askedOnShow });

/** An order's tax invoice, as `fetchOrder` asks for the order: by its token, or the logged-in shopper's own. */
export const invoiceQuery = (orderId: string, token: OrderToken, userId: string | null) =>
  queryOptions({
    queryKey: ['invoice', orderId, token, userId],
    queryFn: () =>
      orderCall(token, (headers) =>
        getJson<{ success: true; number: string; html: string }>(
          `${token === null ? '/api/user/orders' : '/api/guest/order'}/${encodeURIComponent(orderId)}/invoice`,
          headers,
        ),
      ),
    ...askedOnShow,
  });

/** The address of an order's tax invoice for its shopper: like the guest view, the token rides in the fragment; an account's own is under its order. */
export const invoicePath = (orderId: string, token: OrderToken) =>
  token === null ? paths.accountInvoice(orderId) : `/guest/invoice#${new URLSearchParams({ orderId, token }).toString()}`;

/** The guest view's address: the token rides in the fragment, which browsers never send to a server. */
export const guestOrderPath = (orderId: string, token: string) => `/guest/view-order#${new URLSearchParams({ orderId, token }).toString()}`;

/** A payment setup as the payment steps read it: the UPI amount in minor units, decoded as the answer arrives (decision 082). */
export type PaymentStep =
  | Exclude<PaymentSetup, { provider: 'upi-manual' }>
  | (Omit<Extract<PaymentSetup, { provider: 'upi-manual' }>, 'amount' | 'extra'> & { amount: Minor; extra: Minor });

const stepFromApi = (setup: PaymentSetup, fractionDigits: number): PaymentStep =>
  setup.provider === 'upi-manual' ? { ...setup, amount: toMinor(setup.amount, fractionDigits), extra: toMinor(setup.extra, fractionDigits) } : setup;

const isFor = <P extends PaymentType>(step: PaymentStep, provider: P): step is Extract<PaymentStep, { provider: P }> => step.provider === provider;

/** What a payment step (UPI, PayU) is given: the order to pay, and where a refusal goes. */
/** `onSent`: the step has told the server something that changes the order (the UPI reference), so a view of it can ask again. */
export type PaymentStepProps = { shopId: string; orderId: string; token: OrderToken; onError: (message: string) => void; onSent?: () => void };

/**
 * Sets the order up for a provider once, and gives its answer (null while waiting); a
 * refusal goes to `onError` in the server's words or `fallback`. With `loader`, the loader
 * overlay (§2) covers the page until the answer comes, a refusal included.
 */
export function usePaymentSetup<P extends PaymentType>(
  provider: P,
  target: { shopId: string; orderId: string; token: OrderToken },
  onError: (message: string) => void,
  fallback: string,
  { loader = false } = {},
): Extract<PaymentStep, { provider: P }> | null {
  const { shopId, orderId, token } = target;
  const { fractionDigits } = usePriceFormat();
  const query = useQuery(
    {
      queryKey: ['payment-setup', shopId, orderId, token, provider],
      queryFn: async () => {
        const call = setUpPayment(shopId, orderId, token, provider);
        const res = await (loader ? useUi.getState().withLoader(call) : call);
        if (!res.ok) onError(res.error?.message ?? fallback);
        return res.ok ? { ...res, data: stepFromApi(res.data, fractionDigits) } : res;
      },
      ...askedOnShow,
    },
    queryClient,
  );
  const res = query.data;
  return res?.ok && isFor(res.data, provider) ? res.data : null;
}
