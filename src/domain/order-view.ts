import type { OrderRequest } from './order.ts';
import type { FulfilmentMode } from './order-lifecycle.ts';
import type { OrderChannel } from './order-channels.ts';
import { fromMinor, toMinor, type Minor } from './money.ts';
import type { TotalsLine } from './totals.ts';

/**
 * What a placed order looks like to its shopper (the create answer, the guest view). `M`
 * is how money is held: the server works in integer minor units (`Order`), the API and the
 * browser read decimals of the shop's currency (`OrderView`, the default); `orderForApi`
 * turns one into the other at the JSON edge.
 */
export type OrderView<M = number> = {
  /** The internal and URL id (a ULID). */
  id: string;
  /** The number people say and read: #1042 (`orderLabel`). */
  number: number;
  kind: 'order' | 'enquiry';
  /** Where it came from: the storefront, or keyed in by the shop (issue 41). */
  channel: OrderChannel;
  status: string;
  /** The shopper asked the shop to cancel it: their page stops offering the request again. */
  cancelRequested: boolean;
  paymentType: string | null;
  paymentStatus: string;
  /** As the order is held: the mode it was sent with, or `digital` for one of only downloads and services. */
  deliveryMode: FulfilmentMode;
  currencyCode: string;
  /**
   * `qty` is kg when `isFraction` (sold by weight), else units; `total` is qty × unit price,
   * `discount` the line's share of the coupon, `tax` the tax on the rest at `taxPercent`
   * (added, or held in the price: the order's `taxMode`); `hsn` its HSN/SAC code.
   */
  lines: Array<{
    productId: string;
    title: string;
    variantName: string;
    qty: number;
    isFraction: boolean;
    unitPrice: M;
    total: M;
    discount: M;
    tax: M;
    taxPercent: number;
    hsn: string | null;
  }>;
  /** Whether the prices held the tax (`inclusive`) or it was added on top (`exclusive`). */
  taxMode: 'exclusive' | 'inclusive';
  totals: Array<Omit<TotalsLine, 'value'> & { value: M }>;
  grandTotal: M;
  /** What a UPI payment to the shop's own id asks for once shown: the total, or a few paise more to tell it apart (`upiAmount`). */
  upiAmount: M | null;
  details: Pick<OrderRequest['order'], 'personalDetails' | 'shippingDetails'> & {
    dineInDetails?: { spaceId: string; value: string } | undefined;
    /** The shopper's note for the shop; absent on orders placed before notes. */
    note?: string;
    /** The shopper asked for the order's news on WhatsApp (issue 40); absent: they did not. */
    whatsappUpdates?: boolean;
    shippingSlotId: string | null;
    /** The delivery slot as it was when the order took it: ISO times in the shop's zone. */
    shippingSlot?: { label: string; start: string; end: string; timeZone: string } | null;
  };
  couponCode: string | null;
  createdAt: number;
  /**
   * When the shopper gave the UPI reference the shop has still to confirm (`awaiting_verification`);
   * null otherwise. The shop confirms it by `upiVerifyBy` (domain/payments.ts) or the order is cancelled.
   */
  paymentClaimedAt: number | null;
  /** What a paid order that ended unfulfilled owes the shopper, and whether the shop paid it back. */
  refund: OrderRefund<M> | null;
};

/** An order as the server holds it: money in minor units. */
export type Order = OrderView<Minor>;

/** A refund as the order shows it: the amount, how it goes back, and the owner's reference once refunded. */
export type OrderRefund<M = number> = { amount: M; method: string; status: 'due' | 'refunded'; reference: string | null; refundedAt: number | null };

/** One step of an order's life as the owner reads it: when, who (a name, or `shopper` / `command line`), what. */
export type OrderHistoryEntry = { at: number; by: string; action: string; detail: Record<string, unknown> };

/** An order on the owner's board: the shopper's view (with whether they asked to cancel), and the payment's reference to check. */
export type OwnerOrderSummary<M = number> = OrderView<M> & {
  /** The shopper's UPI reference (UTR), PayU's payment id, or the one the owner gave when marking it paid. */
  paymentReference: string | null;
  /** No order from this customer (account, else e-mail, else phone) has been handed over before: a pay-on-delivery one may be a prank. */
  newCustomer: boolean;
};

/** One order as the owner handles it: everything to deliver, charge and account for it, and its history. */
export type OwnerOrderView<M = number> = OwnerOrderSummary<M> & {
  history: OrderHistoryEntry[];
  /** A round of a table's bill (issue 41): paid and invoiced with the bill, once it is settled. */
  bill?: { id: string; status: 'open' | 'settled' } | null;
};

type Money = 'lines' | 'totals' | 'grandTotal' | 'upiAmount' | 'refund';

/** An order's amounts, each turned by `f`: minor units to the API's decimals, and back. */
function withMoney<A, B>(order: Pick<OrderView<A>, Money>, f: (amount: A) => B): Pick<OrderView<B>, Money> {
  return {
    lines: order.lines.map((l) => ({ ...l, unitPrice: f(l.unitPrice), total: f(l.total), discount: f(l.discount), tax: f(l.tax) })),
    totals: order.totals.map((t) => ({ ...t, value: f(t.value) })),
    grandTotal: f(order.grandTotal),
    upiAmount: order.upiAmount === null ? null : f(order.upiAmount),
    refund: order.refund && { ...order.refund, amount: f(order.refund.amount) },
  };
}

/** An order (or the owner's view of one) with its money as the API's decimals; every other field as it is. */
export function orderForApi<T extends Order>(order: T, fractionDigits: number): Omit<T, Money> & Pick<OrderView, Money> {
  return { ...order, ...withMoney(order, (m: Minor) => fromMinor(m, fractionDigits)) };
}

/**
 * An order (or the owner's view of one) from the API with its money in minor units again: the
 * browser's one decoding of an order's decimals, where the answer enters it (decision 082).
 */
export function orderFromApi<T extends OrderView>(view: T, fractionDigits: number): Omit<T, Money> & Pick<Order, Money> {
  return { ...view, ...withMoney(view, (d: number) => toMinor(d, fractionDigits)) };
}
