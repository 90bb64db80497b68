import { customerIdentity, type CustomerIdentity } from './customer-identity.ts';
import { handOverStatus, type FulfilmentMode, type OrderStatus } from './order-lifecycle.ts';
import type { Minor } from './money.ts';
import type { OrderRequest } from './order.ts';
import { paymentTypeOfTaken, type KeyedInChannel, type OrderChannel, type TakenPayment } from './order-channels.ts';
import type { Order } from './order-view.ts';
import { paymentStatusFor, type PricedOrder } from './order-pricing.ts';
import type { ShopConfig } from './shop-config.ts';
import { toMinor } from './money.ts';
import { computeTotals, totalsConfigFrom, totalsSettingsOf, type TotalsLine } from './totals.ts';

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
  /** `placed`; for an order the shop keyed in, `confirmed`, or the step that hands it over when handed over at once. */
  status: OrderStatus;
  kind: Order['kind'];
  channel: OrderChannel;
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
  /** Keyed in by the shop (issue 41): where it came from and the payment taken on the spot, if any. Always an order, never an enquiry. */
  keyedIn?: { channel: KeyedInChannel; taken: TakenPayment | undefined; handOver: boolean } | undefined;
}): OrderRecord {
  const { request: order, priced, shop, keyedIn } = input;
  const { digital, lines, totals } = priced;
  const kind = keyedIn || shop.orderConfig.orderEnabled ? 'order' : 'enquiry';
  // the shop collects a keyed-in order's money later unless it says how else it is paid
  const paymentType = kind === 'enquiry' ? null : keyedIn?.taken ? paymentTypeOfTaken(keyedIn.taken) : (order.paymentType ?? (keyedIn ? 'pof' : null));
  const ships = order.deliveryMode === 'ship' && !digital;
  const slotId = ships ? (order.shippingSlotId ?? null) : null;
  const details: Order['details'] = {
    personalDetails: order.personalDetails,
    shippingDetails: ships ? order.shippingDetails : undefined,
    // the table's code opened the order; it is not kept with it
    dineInDetails:
      order.deliveryMode === 'dine' && order.dineInDetails ? { spaceId: order.dineInDetails.spaceId, value: order.dineInDetails.value } : undefined,
    shippingSlotId: slotId,
    shippingSlot: input.slot ?? null,
    ...(order.note ? { note: order.note } : {}),
    ...(order.whatsappUpdates ? { whatsappUpdates: true } : {}),
  };
  const deliveryMode: FulfilmentMode = digital ? 'digital' : order.deliveryMode;
  return {
    id: input.id,
    userId: input.userId,
    // the shop took a keyed-in order itself: accepted as it is placed, or handed over there and then
    status: keyedIn ? (keyedIn.handOver ? handOverStatus(deliveryMode) : 'confirmed') : 'placed',
    kind,
    channel: keyedIn?.channel ?? 'online',
    deliveryMode,
    details,
    shippingSlotId: slotId,
    paymentType,
    paymentStatus: keyedIn?.taken ? 'paid' : paymentStatusFor(kind, paymentType),
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

/** How a deposit's line names the booking's time (moving the booking renames it). */
export const depositLineName = (when: string) => `Deposit \u00B7 ${when}`;

/**
 * The order that carries a booking's deposit (issue 39): the booking's account and contact, one
 * line for the service at its time (`when`, as the shopper reads it) for the deposit, no tax of its
 * own (an advance; the visit's bill carries the service's tax), nothing to deliver, paid by
 * `paymentType` like any order. Its product id names the service: `service:<id>`.
 */
export function depositOrderRecord(input: {
  service: { id: string; name: string; deposit: number };
  when: string;
  contact: { name: string; email: string | null; phone: string };
  paymentType: string;
  shop: Pick<ShopConfig, 'localeConfig' | 'pricingConfig' | 'orderConfig'>;
  id: string;
  now: number;
  userId: string;
  tokenHash: string;
}): OrderRecord {
  const { service, shop } = input;
  const amount = toMinor(service.deposit, shop.localeConfig.fractionDigits);
  const totals = computeTotals(
    { lines: [{ unit: amount, qtyMilli: 1000, taxPercent: 0 }], mode: 'pickup', digital: true },
    totalsConfigFrom(totalsSettingsOf(shop)),
  );
  const phone = input.contact.phone.replace(/[\s\-().]/g, '');
  const indian = phone.startsWith('+91');
  const personalDetails = {
    fullName: input.contact.name,
    email: input.contact.email ?? '',
    phone: { number: indian ? phone.slice(3) : phone, dialCode: indian ? '+91' : '' },
  };
  return {
    id: input.id,
    userId: input.userId,
    status: 'placed',
    kind: 'order',
    channel: 'online',
    deliveryMode: 'digital',
    details: {
      personalDetails,
      shippingSlotId: null,
      shippingSlot: null,
    },
    shippingSlotId: null,
    paymentType: input.paymentType,
    paymentStatus: paymentStatusFor('order', input.paymentType as OrderRequest['order']['paymentType']),
    currencyCode: shop.localeConfig.currencyCode,
    grandTotal: totals.grandTotal,
    taxMode: shop.pricingConfig.taxMode,
    tokenHash: input.tokenHash,
    couponCode: null,
    customer: customerIdentity(input.userId, personalDetails),
    createdAt: input.now,
    lines: [
      {
        productId: `service:${service.id}`,
        title: service.name,
        variantName: depositLineName(input.when),
        qtyMilli: 1000,
        isFraction: false,
        unitPrice: amount,
        total: amount,
        discount: totals.perLine[0]!.discount,
        tax: totals.perLine[0]!.tax,
        taxPercent: 0,
        hsn: null,
      },
    ],
    totals: totals.lines,
  };
}
