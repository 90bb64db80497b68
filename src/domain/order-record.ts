import type { CustomerIdentity } from './customer-identity.ts';
import type { FulfilmentMode } from './order-lifecycle.ts';
import type { Minor } from './money.ts';
import type { OrderRequest } from './order.ts';
import type { Order } from './order-view.ts';
import { paymentStatusFor, type PricedOrder } from './order-pricing.ts';
import type { ShopConfig } from './shop-config.ts';
import type { TotalsLine } from './totals.ts';

/**
 * What an order keeps once placed, apart from how a database holds it (issue 38): the order's
 * fields, its lines and its totals lines, in minor units. `orderRecord` builds it from the
 * request and its price (`priceOrder`); the repository writes it (`order-rows.ts` turns it into
 * rows) and answers with the view of those rows. Its number is not here: the database takes it
 * with the rows.
 */
export type OrderRecord = {
  id: string;
  /** The logged-in user of the request, never an id from the body. */
  userId: string | null;
  status: 'placed';
  kind: Order['kind'];
  /** The mode it was sent with, or `digital` for an order of only downloads and services (decision 041). */
  deliveryMode: FulfilmentMode;
  details: Order['details'];
  shippingSlotId: string | null;
  paymentType: string | null;
  paymentStatus: string;
  currencyCode: string;
  grandTotal: Minor;
  taxMode: Order['taxMode'];
  /** The hash of the order's notification token (the token itself is only in the shopper's link). */
  tokenHash: string;
  couponCode: string | null;
  /** Who placed it (`customerIdentity`): the keys the per-customer rules find it by. */
  customer: CustomerIdentity;
  createdAt: number;
  lines: OrderRecordLine[];
  totals: TotalsLine[];
};

/** One line as the order keeps it: a line of its view (the product as it was, its money), with how much in thousandths. */
export type OrderRecordLine = Omit<Order['lines'][number], 'qty'> & { qtyMilli: number };

/** The delivery slot as the order shows it (ISO times in the shop's zone). */
export type SlotView = NonNullable<Order['details']['shippingSlot']>;

/**
 * The order an accepted request becomes. An enquiry (ordering switched off) takes no payment;
 * the details keep what its mode needs — the shipping address only when it ships, the table
 * only when dined in — and an order of only downloads and services is held as `digital`,
 * with no address and no slot, whatever mode it was sent with.
 */
export function orderRecord(input: {
  request: OrderRequest['order'];
  priced: PricedOrder;
  shop: Pick<ShopConfig, 'orderConfig' | 'localeConfig' | 'pricingConfig'>;
  id: string;
  now: number;
  userId: string | null;
  customer: CustomerIdentity;
  tokenHash: string;
  /** The delivery slot the order took a place in (a digital order takes none). */
  slot: SlotView | undefined;
  couponCode: string | null;
}): OrderRecord {
  const { request: order, priced, shop } = input;
  const { digital, lines, totals } = priced;
  const kind = shop.orderConfig.orderEnabled ? 'order' : 'enquiry';
  const ships = order.deliveryMode === 'ship' && !digital;
  const slotId = ships ? (order.shippingSlotId ?? null) : null;
  const details: Order['details'] = {
    personalDetails: order.personalDetails,
    shippingDetails: ships ? order.shippingDetails : undefined,
    dineInDetails: order.deliveryMode === 'dine' ? order.dineInDetails : undefined,
    shippingSlotId: slotId,
    shippingSlot: input.slot ?? null,
    ...(order.note ? { note: order.note } : {}),
  };
  return {
    id: input.id,
    userId: input.userId,
    status: 'placed',
    kind,
    deliveryMode: digital ? 'digital' : order.deliveryMode,
    details,
    shippingSlotId: slotId,
    paymentType: kind === 'order' ? (order.paymentType ?? null) : null,
    paymentStatus: paymentStatusFor(kind, order.paymentType),
    currencyCode: shop.localeConfig.currencyCode,
    grandTotal: totals.grandTotal,
    taxMode: shop.pricingConfig.taxMode,
    tokenHash: input.tokenHash,
    couponCode: input.couponCode,
    customer: input.customer,
    createdAt: input.now,
    lines: lines.map((l) => ({
      productId: l.product.id,
      title: l.product.title,
      variantName: l.product.variantName,
      qtyMilli: l.qtyMilli,
      isFraction: l.product.isFraction,
      unitPrice: l.unit,
      total: l.total,
      discount: l.discount,
      tax: l.tax,
      taxPercent: l.taxPercent,
      hsn: l.product.hsn,
    })),
    totals: totals.lines,
  };
}
