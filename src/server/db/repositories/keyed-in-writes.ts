import type { Transaction } from 'kysely';
import { ulid } from 'ulid';
import { paymentTypeOfTaken, type KeyedInChannel, type TakenPayment } from '../../../domain/order-channels.ts';
import type { Minor } from '../../../domain/money.ts';
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
  if (taken) await recordTakenPayment(trx, { orderId: order.id, amount: order.grandTotal, taken, reference, actor }, outbox, now);
  if (order.status !== 'placed') {
    await recordAudit(trx, { actor, action: 'order.status', subject, detail: { from: 'placed', to: order.status } }, now);
    await outbox.record(trx, 'order.status_changed', order.id, { from: 'placed', to: order.status }, now);
    await onAccepted?.(trx, order.id, now);
  }
}

/**
 * Money the shop took itself (cash, UPI to its QR, card) for an order already marked paid: its
 * paid `payments` row, the history's entry under who took it and the outbox's event — for an order
 * keyed in and paid on the spot, and for each round of a table's bill when it is settled.
 */
export async function recordTakenPayment(
  trx: Transaction<Database>,
  {
    orderId,
    amount,
    taken,
    reference,
    actor,
    detail = {},
  }: { orderId: string; amount: Minor; taken: TakenPayment; reference: string | null; actor: Actor; detail?: Record<string, unknown> },
  outbox: OrderOutbox,
  now: number,
): Promise<void> {
  const provider = paymentTypeOfTaken(taken);
  await trx
    .insertInto('payments')
    .values(paymentRow({ id: ulid(now), orderId, provider, status: 'paid', amountMinor: amount, reference }, now))
    .execute();
  await recordAudit(trx, { actor, action: 'order.paid', subject: `order:${orderId}`, detail: { reference, taken, ...detail } }, now);
  await outbox.record(trx, 'order.paid', orderId, { provider, reference }, now);
}
