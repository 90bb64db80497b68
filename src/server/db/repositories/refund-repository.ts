import type { Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { noOutbox, type OrderOutbox } from './order-outbox.ts';

/**
 * Refunds (issue 18). A paid order that ends unfulfilled — cancelled or rejected, or
 * paid through PayU after it ended — owes its shopper the amount paid, by the way it was
 * paid. The owner pays it back outside the shop (a UPI transfer, PayU's dashboard, cash)
 * and marks it refunded here with a reference; the shopper's order says so.
 */

/**
 * Records the refund a just-ended order owes, when it was paid; in the transaction that
 * ended it, with its audit entry. True when one was recorded (once per order).
 */
export async function owesRefund(trx: Transaction<Database>, orderId: string, actor: Actor, now: number): Promise<boolean> {
  const order = await trx.selectFrom('orders').select(['payment_status', 'payment_type', 'grand_total_minor']).where('id', '=', orderId).executeTakeFirst();
  if (!order || order.payment_status !== 'paid' || !order.payment_type) return false;
  const made = await trx
    .insertInto('refunds')
    .values({
      order_id: orderId,
      amount_minor: order.grand_total_minor,
      method: order.payment_type,
      status: 'due',
      reference: null,
      created_at: now,
      refunded_at: null,
      refunded_by: null,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  if (Number(made.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await recordAudit(
    trx,
    { actor, action: 'refund.due', subject: `order:${orderId}`, detail: { amountMinor: order.grand_total_minor, method: order.payment_type } },
    now,
  );
  return true;
}

export type MarkRefunded = { ok: true } | { ok: false; reason: 'not_found' | 'no_refund' | 'already_refunded' };

export function createRefundRepository(db: Db, { outbox = noOutbox }: { outbox?: OrderOutbox } = {}) {
  return {
    /** The owner paid the refund back: once, with the reference (optional for cash), audited; the order's payment reads refunded. */
    async markRefunded(orderId: string, actor: Actor, reference: string | null, now = Date.now()): Promise<MarkRefunded> {
      return db.kysely.transaction().execute(async (trx) => {
        const refund = await trx.selectFrom('refunds').select('status').where('order_id', '=', orderId).executeTakeFirst();
        if (!refund) {
          const order = await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
          return { ok: false, reason: order ? 'no_refund' : 'not_found' };
        }
        const done = await trx
          .updateTable('refunds')
          .set({ status: 'refunded', reference, refunded_at: now, refunded_by: actor })
          .where('order_id', '=', orderId)
          .where('status', '=', 'due')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return { ok: false, reason: 'already_refunded' };
        await trx.updateTable('orders').set({ payment_status: 'refunded', updated_at: now }).where('id', '=', orderId).execute();
        await recordAudit(trx, { actor, action: 'refund.done', subject: `order:${orderId}`, detail: { reference } }, now);
        await outbox.record(trx, 'order.refunded', orderId, { reference }, now);
        return { ok: true };
      });
    },
  };
}

export type RefundRepository = ReturnType<typeof createRefundRepository>;
