import type { Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { noOutbox, type OrderOutbox } from './order-outbox.ts';
import { eventOutcome, firstTimeEvent, type GatewayEvent } from './payment-events.ts';
import type { Minor } from '../../../domain/money.ts';

/**
 * Refunds (issue 18). A paid order that ends unfulfilled — cancelled or rejected, or
 * paid through a gateway after it ended — owes its shopper the amount paid, by the way it was
 * paid. The owner pays it back outside the shop (a UPI transfer, PayU's dashboard, cash)
 * and marks it refunded here with a reference; the shopper's order says so. A Razorpay
 * payment is refunded through Razorpay's API by the shop itself (services/razorpay-refunds.ts),
 * and Razorpay's refund.processed marks it refunded.
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

/** The refund paid back: once, with its reference, audited; the order's payment reads refunded. False when it was not due. */
async function completeRefund(
  trx: Transaction<Database>,
  outbox: OrderOutbox,
  orderId: string,
  actor: Actor,
  reference: string | null,
  now: number,
): Promise<boolean> {
  const done = await trx
    .updateTable('refunds')
    .set({ status: 'refunded', reference, refunded_at: now, refunded_by: actor })
    .where('order_id', '=', orderId)
    .where('status', '=', 'due')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await trx.updateTable('orders').set({ payment_status: 'refunded', updated_at: now }).where('id', '=', orderId).execute();
  await recordAudit(trx, { actor, action: 'refund.done', subject: `order:${orderId}`, detail: { reference } }, now);
  await outbox.record(trx, 'order.refunded', orderId, { reference }, now);
  return true;
}

/** A Razorpay refund to ask for: the order, its number, what it owes and the Razorpay payment it came by. */
export type RazorpayRefundDue = { orderId: string; number: number; amountMinor: Minor; paymentId: string };

export function createRefundRepository(db: Db, { outbox = noOutbox }: { outbox?: OrderOutbox } = {}) {
  const { kysely } = db;
  return {
    /** The owner paid the refund back: once, with the reference (optional for cash), audited; the order's payment reads refunded. */
    async markRefunded(orderId: string, actor: Actor, reference: string | null, now = Date.now()): Promise<MarkRefunded> {
      return kysely.transaction().execute(async (trx) => {
        const refund = await trx.selectFrom('refunds').select('status').where('order_id', '=', orderId).executeTakeFirst();
        if (!refund) {
          const order = await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
          return { ok: false, reason: order ? 'no_refund' : 'not_found' };
        }
        return (await completeRefund(trx, outbox, orderId, actor, reference, now)) ? { ok: true } : { ok: false, reason: 'already_refunded' };
      });
    },

    /**
     * Refunds owed on orders paid through Razorpay that have not been asked of Razorpay yet
     * (no reference): the shop asks, and Razorpay's refund.processed completes them.
     */
    async razorpayRefundsDue(): Promise<RazorpayRefundDue[]> {
      const rows = await kysely
        .selectFrom('refunds')
        .innerJoin('orders', 'orders.id', 'refunds.order_id')
        .innerJoin('payments', (join) =>
          join.onRef('payments.order_id', '=', 'refunds.order_id').on('payments.provider', '=', 'razorpay').on('payments.status', '=', 'paid'),
        )
        .select(['refunds.order_id', 'orders.number', 'refunds.amount_minor', 'payments.reference'])
        .where('refunds.status', '=', 'due')
        .where('refunds.method', '=', 'razorpay')
        .where('refunds.reference', 'is', null)
        .orderBy('refunds.created_at')
        .limit(50)
        .execute();
      return rows.flatMap((r) => (r.reference ? [{ orderId: r.order_id, number: r.number, amountMinor: r.amount_minor, paymentId: r.reference }] : []));
    },

    /** Razorpay took the refund (`refundId`, pending at the bank): asked once; refund.processed completes it. */
    async razorpayRefundAsked(orderId: string, refundId: string): Promise<void> {
      await kysely
        .updateTable('refunds')
        .set({ reference: refundId })
        .where('order_id', '=', orderId)
        .where('status', '=', 'due')
        .where('reference', 'is', null)
        .execute();
    },

    /**
     * Razorpay's refund.processed: the money is back with the shopper. The refund of the order
     * paid by `paymentId` is completed once, whoever asked for it (the shop, or the owner in
     * Razorpay's dashboard); a replayed event or one for a payment this shop does not know changes nothing.
     */
    async razorpayRefundProcessed(
      paymentId: string,
      refundId: string,
      event: GatewayEvent,
      now = Date.now(),
    ): Promise<{ outcome: string; orderId: string | null }> {
      return kysely.transaction().execute(async (trx) => {
        if (!(await firstTimeEvent(trx, 'razorpay', event, now))) return { outcome: 'replay', orderId: null };
        const paid = await trx
          .selectFrom('payments')
          .select('order_id')
          .where('provider', '=', 'razorpay')
          .where('status', '=', 'paid')
          .where('reference', '=', paymentId)
          .executeTakeFirst();
        const orderId = paid?.order_id ?? null;
        const outcome = !orderId ? 'unknown' : (await completeRefund(trx, outbox, orderId, 'razorpay', refundId, now)) ? 'refunded' : 'no_refund_due';
        await eventOutcome(trx, 'razorpay', event, orderId, outcome);
        return { outcome, orderId };
      });
    },
  };
}

export type RefundRepository = ReturnType<typeof createRefundRepository>;
