import { formatMoney, qtyToMilli, type Minor } from '../../domain/money.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { OrderHistoryEntry, OrderView, OwnerOrderSummary } from '../../domain/order-view.ts';
import { addressLines, contactPhone, deliveryModeNames, quantityLabel, tableText } from '../../domain/order-details.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';

/**
 * An order as plain text for the owner (issue 18): what `orders show` prints and what the
 * new-order e-mail to the shop says — who, where, when, what, how much, how paid. Times
 * are the shop's (its time zone), money is the shop's format.
 */

type Shop = Pick<ShopConfig, 'localeConfig' | 'timeZone' | 'dineSpaces'>;

const paymentNames: Record<string, string> = { pof: 'Pay on delivery', 'upi-manual': 'UPI', payu: 'PayU' };
const paymentStatusNames: Record<string, string> = {
  to_collect: 'to collect',
  awaiting_payment: 'not paid yet',
  awaiting_verification: 'the shopper says paid: check the reference',
  paid: 'paid',
  refunded: 'refunded',
  none: 'no payment (an enquiry)',
};

/** 'Tue, 24 Nov, 10:42 am' in the shop's time zone and locale. */
export function shopTime(at: number, shop: Shop, withYear = false): string {
  return dateFormat(shop.localeConfig.defaultLocale, shop.timeZone, withYear).format(at);
}

// an Intl.DateTimeFormat costs far more to make than to use: one per locale, zone and shape
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withYear}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
    });
    // a config reload may change the zone or locale: a few stay, never an unbounded number
    if (dateFormats.size >= 16) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}

/** The delivery slot with its day: 'Wed, 25 Nov, Morning (8 am – 11 am)'. */
function slotText(order: Pick<OrderView, 'details'>, shop: Shop): string | null {
  const slot = order.details.shippingSlot;
  if (!slot) return null;
  const day = new Intl.DateTimeFormat(shop.localeConfig.defaultLocale, { timeZone: slot.timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(
    Date.parse(slot.start),
  );
  return `${day}, ${slot.label}`;
}

/** What one history entry says: 'placed → confirmed', 'marked paid (UTR 4455…)'. */
function historyText(entry: OrderHistoryEntry): string {
  const d = entry.detail;
  switch (entry.action) {
    case 'order.placed':
      return 'placed the order';
    case 'order.cancel_requested':
      return 'asked to cancel';
    case 'order.status':
      return `${String(d.from)} → ${String(d.to)}`;
    case 'order.paid':
      return `marked paid${d.reference ? ` (reference ${String(d.reference)})` : ''}`;
    case 'order.collected':
      return 'payment collected';
    case 'refund.due':
      return 'refund due';
    case 'refund.done':
      return `refunded${d.reference ? ` (reference ${String(d.reference)})` : ''}`;
    case 'whatsapp.message':
      return `WhatsApp ${String(d.kind).replaceAll('_', ' ')}: ${String(d.status)}${d.error ? ` (${String(d.error)})` : ''}`;
    case 'whatsapp.received':
      return `wrote on WhatsApp: "${String(d.text)}"`;
    default:
      return entry.action;
  }
}

/** The lines of an order for the owner, ready to print one per line. */
export function orderText(order: Omit<OwnerOrderSummary<Minor>, 'newCustomer'> & { history?: OrderHistoryEntry[] }, shop: Shop): string[] {
  const money = (amount: Minor) => formatMoney(amount, shop.localeConfig);
  const personal = order.details.personalDetails;
  const out: string[] = [];
  out.push(`Order ${orderLabel(order)} · ${order.status} · ${deliveryModeNames[order.deliveryMode]} · ${money(order.grandTotal)}`);
  out.push(`Placed: ${shopTime(order.createdAt, shop, true)}`);
  const contact = [personal?.fullName, contactPhone(order), personal?.email].filter((p) => p && p.trim());
  if (contact.length) out.push(`Contact: ${contact.join(' · ')}`);
  const address = addressLines(order);
  if (address)
    out.push(
      'Deliver to:',
      ...address.map((l) => `  ${l}`),
      ...(order.details.shippingDetails?.phone ? [`  Phone ${order.details.shippingDetails.phone}`] : []),
    );
  const slot = slotText(order, shop);
  if (slot) out.push(`Delivery slot: ${slot}`);
  const table = tableText(order, shop.dineSpaces);
  if (table) out.push(`Table: ${table}`);
  if (order.deliveryMode === 'pickup') out.push('Pickup at the shop');
  if (order.details.note) out.push(`Note: ${order.details.note}`);
  out.push('Items:');
  for (const l of order.lines) {
    const what = `${l.title}${l.variantName ? ` (${l.variantName})` : ''}`;
    out.push(
      `  ${quantityLabel(qtyToMilli(l.qty, l.isFraction), l.isFraction)} ${what} @ ${money(l.unitPrice)}${l.isFraction ? '/kg' : ''} = ${money(l.total)}`,
    );
  }
  for (const t of order.totals) out.push(`${t.title}${t.isPercentage && t.percentAmount !== null ? ` (${t.percentAmount}%)` : ''}: ${money(t.value)}`);
  if (order.couponCode) out.push(`Coupon: ${order.couponCode}`);
  if (order.kind === 'order') {
    const how = paymentNames[order.paymentType ?? ''] ?? 'not chosen';
    out.push(
      `Payment: ${how}, ${paymentStatusNames[order.paymentStatus] ?? order.paymentStatus}${order.paymentReference ? ` (reference ${order.paymentReference})` : ''}`,
    );
  } else out.push('An enquiry: no payment');
  if (order.refund)
    out.push(
      order.refund.status === 'due'
        ? `Refund due: ${money(order.refund.amount)} by ${paymentNames[order.refund.method] ?? order.refund.method}`
        : `Refunded: ${money(order.refund.amount)} on ${shopTime(order.refund.refundedAt ?? 0, shop, true)}${order.refund.reference ? ` (reference ${order.refund.reference})` : ''}`,
    );
  if (order.cancelRequested && order.status !== 'cancelled') out.push('The shopper asked to cancel this order.');
  if (order.history?.length) {
    out.push('History:');
    for (const e of order.history) out.push(`  ${shopTime(e.at, shop)}  ${e.by}: ${historyText(e)}`);
  }
  return out;
}
