import { formatMoney, type Minor } from './money.ts';
import { contactPhone } from './order-details.ts';
import { orderLabel } from './order-number.ts';
import type { Order } from './order-view.ts';
import type { ShopConfig } from './shop-config.ts';
import { whatsappNumber } from './whatsapp.ts';

/**
 * What the shop says on WhatsApp through Meta's Cloud API (issue 40): one approved template per
 * kind of message, filled with the order's facts. Outside the 24 hours after a customer wrote,
 * WhatsApp delivers only templates, so every message a shop starts is one. The body text the owner
 * submits for approval, with its parameters ({{1}}, {{2}} … in the order they are given here), is
 * in the owner guide (docs/owner-guide.md, "WhatsApp messages that send themselves"). No
 * dependencies beyond the domain.
 */

/** Messages to a shopper who ticked "Send me updates on WhatsApp", one per kind per order. */
const shopperMessageKinds = [
  'order_placed',
  'order_confirmed',
  'order_ready',
  'order_out_for_delivery',
  'order_delivered',
  'order_rejected',
  'order_cancelled',
  'order_payment_expired',
  'order_refunded',
  'payment_reminder',
  'booking_confirmed',
  'booking_reminder',
] as const;
/** Messages to the shop's own WhatsApp number (`contact.whatsappNumber`). */
const ownerMessageKinds = ['owner_new_order', 'owner_new_booking'] as const;
/** One-time codes for phone login and sign-up: an authentication template with a copy-code button, sent at once, not queued. */
const codeKinds = ['login_code'] as const;
export const messageKinds = [...shopperMessageKinds, ...ownerMessageKinds, ...codeKinds] as const;
export type MessageKind = (typeof messageKinds)[number];

/** One message to send: to whom (international digits, no +), which template, its parameters. */
export type WhatsAppMessage = { kind: MessageKind; to: string; params: string[] };

/** The order facts a message reads. */
type OrderFacts = Pick<Order, 'id' | 'number' | 'status' | 'deliveryMode' | 'grandTotal' | 'details' | 'refund' | 'upiAmount'>;
type Shop = Pick<ShopConfig, 'title' | 'localeConfig' | 'timeZone'>;

/** A delivery status of a message the shop sent, as WhatsApp's webhook reports it. */
export type StatusUpdate = { wamid: string; status: string; at: number; callbackData: string | null; error: string | null };
/** A message a customer wrote: its text (a button's label, or the kind of a photo or voice note). */
export type Incoming = { id: string; from: string; name: string | null; text: string; at: number };

/** What happened, as the outbox hears of it (db/repositories/order-outbox.ts). */
export type OrderEvent =
  | { type: 'order.placed' }
  | { type: 'order.status_changed'; to: string; reason?: unknown }
  | { type: 'order.refunded' }
  | { type: 'order.payment_reminder'; until: number };

/** The shopper's number for messages, when they asked for updates and gave one. */
function updatesNumber(order: Pick<Order, 'details'>): string | null {
  if (order.details.whatsappUpdates !== true) return null;
  const phone = contactPhone(order);
  return phone ? whatsappNumber(phone) : null;
}

/** Which message an order's status sends, if any: nothing while it is prepared, nor at the table it is served at. */
function kindOfStatus(to: string, mode: string, reason: unknown): MessageKind | null {
  switch (to) {
    case 'confirmed':
      return 'order_confirmed';
    case 'ready':
      return mode === 'dine' ? null : 'order_ready';
    case 'out_for_delivery':
      return 'order_out_for_delivery';
    case 'delivered':
    case 'picked_up':
      return 'order_delivered';
    case 'rejected':
      return 'order_rejected';
    case 'cancelled':
      return reason === 'unpaid' || reason === 'upi_not_verified' ? 'order_payment_expired' : 'order_cancelled';
    default:
      return null;
  }
}

/**
 * The shopper's message for an event of their order, or null: no opt-in, no number, or an event
 * that sends none. `link` is where the shopper follows the order.
 */
export function shopperMessage(event: OrderEvent, order: OrderFacts, shop: Shop, link: string): WhatsAppMessage | null {
  const to = updatesNumber(order);
  if (!to) return null;
  const number = orderLabel(order);
  const money = (amount: Minor) => formatMoney(amount, shop.localeConfig);
  switch (event.type) {
    case 'order.placed':
      return { kind: 'order_placed', to, params: [number, shop.title, money(order.grandTotal), link] };
    case 'order.status_changed': {
      const kind = kindOfStatus(event.to, order.deliveryMode, event.reason);
      return kind && { kind, to, params: [number, shop.title] };
    }
    case 'order.refunded':
      return order.refund ? { kind: 'order_refunded', to, params: [number, shop.title, money(order.refund.amount)] } : null;
    case 'order.payment_reminder': {
      const until = new Intl.DateTimeFormat(shop.localeConfig.defaultLocale, { timeStyle: 'short', timeZone: shop.timeZone }).format(event.until);
      return { kind: 'payment_reminder', to, params: [number, shop.title, money(order.upiAmount ?? order.grandTotal), until, link] };
    }
  }
}
