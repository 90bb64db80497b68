import type { Transaction } from 'kysely';
import { ulid } from 'ulid';
import { paymentTypeOfTaken, type KeyedInChannel, type TakenPayment } from '../../../domain/order-channels.ts';
import type { Order } from '../../../domain/order-view.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import type { OnAccepted } from './order-owner-queries.ts';
import type { OrderOutbox } from './order-outbox.ts';
import { paymentRow } from './payment-repository.ts';

/** An order the shop keys in on /admin (issue 41): where it came from, the payment taken on the spot, handed over at once, and who did it. */
export type KeyedIn = {
  channel: KeyedInChannel;
  taken: TakenPayment | undefined;
  /** The UPI or card slip's reference, when the owner notes one. */
  reference: string | null;
  handOver: boolean;
  actor: Actor;
};

/**
 * What a keyed-in order's transaction writes besides the order (its rows already carry the
 * payment and, handed over, the status): the payment taken, kept paid, and the hand-over with its
 * tax invoice — each in the order's history under who did it and told to the outbox, as when the
 * owner marks an order paid and moves it on /admin.
 */
export async function keyedInWrites(
  trx: Transaction<Database>,
  order: Order,
  keyedIn: KeyedIn,
  { outbox, onAccepted }: { outbox: OrderOutbox; onAccepted: OnAccepted | undefined },
  now: number,
): Promise<void> {
  const subject = `order:${order.id}`;
  const { actor, taken, reference } = keyedIn;
  if (taken) {
    const provider = paymentTypeOfTaken(taken);
    const payment = { id: ulid(now), orderId: order.id, provider, status: 'paid', amountMinor: order.grandTotal, reference };
    await trx.insertInto('payments').values(paymentRow(payment, now)).execute();
    await recordAudit(trx, { actor, action: 'order.paid', subject, detail: { reference, taken } }, now);
    await outbox.record(trx, 'order.paid', order.id, { provider, reference }, now);
  }
  if (order.status !== 'placed') {
    await recordAudit(trx, { actor, action: 'order.status', subject, detail: { from: 'placed', to: order.status } }, now);
    await outbox.record(trx, 'order.status_changed', order.id, { from: 'placed', to: order.status }, now);
    await onAccepted?.(trx, order.id, now);
  }
}
