import type { Transaction } from 'kysely';
import { monotonicFactory } from 'ulid';
import { pooledRandom } from '../random.ts';
import { contactPhone, deliveryModeNames } from '../../../domain/order-details.ts';
import { orderLabel } from '../../../domain/order-number.ts';
import { minorToText } from '../../../domain/money.ts';
import { orderForApi, type Order, type OrderView } from '../../../domain/order-view.ts';
import type { Database } from '../schema.ts';
import { orderViewIn } from './order-views.ts';

/** What happened to an order, as ORDER_WEBHOOK_URL hears of it. */
export type OrderEventType =
  | 'order.placed'
  | 'order.status_changed'
  | 'order.payment_claimed'
  | 'order.paid'
  | 'order.payment_reminder'
  | 'order.cancel_requested'
  | 'order.refund_due'
  | 'order.refunded';

/** The JSON posted to the webhook: one event, the order as it is after it, and a line fit for a text message. */
export type WebhookPayload = {
  /** The delivery id: the same on every retry, so a receiver can drop one it has seen. */
  id: string;
  type: OrderEventType;
  createdAt: string;
  /** 'Order #1042 placed: 1322.10 INR, delivery, Asha Rao, +91 9800000001' (the amount with all the currency's digits) */
  summary: string;
  detail: Record<string, unknown>;
  order: OrderView;
};

/**
 * Where the repositories write order events, inside the transaction of the change, so an
 * event is kept exactly when its change is. With ORDER_WEBHOOK_URL the events go to the
 * `webhook_deliveries` outbox (services/order-webhook.ts posts them); without it, nowhere.
 */
export interface OrderOutbox {
  /**
   * `view`: the order as it is now, when the caller has it already (else it is read). `token`: the
   * order's notification token, given when it is placed, for the shopper's own messages only.
   */
  record(
    trx: Transaction<Database>,
    type: OrderEventType,
    orderId: string,
    detail?: Record<string, unknown>,
    now?: number,
    view?: Order,
    token?: string,
  ): Promise<void>;
}

// delivery ids that grow within a millisecond too: two events of one transaction are posted in the order they happened
const ulid = monotonicFactory(pooledRandom);

export const noOutbox: OrderOutbox = { record: async () => {} };

/** Every event recorded in each of the outboxes (the webhook's, WhatsApp's), the order read once for them all. */
export function allOutboxes(outboxes: OrderOutbox[]): OrderOutbox {
  if (outboxes.length === 0) return noOutbox;
  if (outboxes.length === 1) return outboxes[0]!;
  return {
    async record(trx, type, orderId, detail = {}, now = Date.now(), view, token) {
      const order = view ?? (await orderViewIn(trx, orderId));
      if (!order) return;
      for (const outbox of outboxes) await outbox.record(trx, type, orderId, detail, now, order, token);
    },
  };
}

const sentences: Record<OrderEventType, string> = {
  'order.placed': 'placed',
  'order.status_changed': 'is now {status}',
  'order.payment_claimed': 'paid by the shopper: check the reference',
  'order.paid': 'paid',
  'order.payment_reminder': 'reminded to pay',
  'order.cancel_requested': 'the shopper asks to cancel',
  'order.refund_due': 'refund due',
  'order.refunded': 'refunded',
};

/** `total`: the grand total as a plain decimal with the currency's digits ("1322.10"). */
function webhookSummary(type: OrderEventType, order: OrderView, total: string): string {
  const who = [order.details.personalDetails?.fullName, contactPhone(order)].filter((p) => p && p.trim()).join(', ');
  const mode = deliveryModeNames[order.deliveryMode].toLowerCase();
  return `Order ${orderLabel(order)} ${sentences[type].replace('{status}', order.status.replaceAll('_', ' '))}: ${total} ${order.currencyCode}, ${mode}${who ? `, ${who}` : ''}`;
}

/** The outbox of ORDER_WEBHOOK_URL: the order as it is after the change, in the shop's fraction digits. */
export const webhookOutbox = (fractionDigits: number): OrderOutbox => ({
  async record(trx, type, orderId, detail = {}, now = Date.now(), view) {
    const stored = view ?? (await orderViewIn(trx, orderId));
    if (!stored) return;
    const order = orderForApi(stored, fractionDigits);
    const id = ulid(now);
    const payload: WebhookPayload = {
      id,
      type,
      createdAt: new Date(now).toISOString(),
      summary: webhookSummary(type, order, minorToText(stored.grandTotal, fractionDigits)),
      detail,
      order,
    };
    await trx
      .insertInto('webhook_deliveries')
      .values({
        id,
        event: type,
        order_id: order.id,
        payload: JSON.stringify(payload),
        created_at: now,
        attempts: 0,
        next_attempt_at: now,
        claimed_until: null,
        delivered_at: null,
        last_error: null,
      })
      .execute();
  },
});
