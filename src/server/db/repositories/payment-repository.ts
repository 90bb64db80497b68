import { randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { ulid } from 'ulid';
import { minor, type Minor } from '../../../domain/money.ts';
import { upiAmount } from '../../../domain/payments.ts';
import { endedUnfulfilled, unpaidStatuses } from '../../../domain/order-lifecycle.ts';
import type { PaymentType } from '../../../domain/payment-types.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { knownCustomerQuery, namesSomebody, unpaidHeldQuery } from './customer-holds.ts';
import { noOutbox, type OrderOutbox } from './order-outbox.ts';
import { owesRefund } from './refund-repository.ts';
import { eventOutcome, firstTimeEvent, type GatewayEvent } from './payment-events.ts';

/** Payment states an order moves through (orders.payment_status). */
export type PaymentStatus = 'to_collect' | 'awaiting_payment' | 'awaiting_verification' | 'paid' | 'none';

/** Still to be paid: the shopper may pick or change how. */
const UNPAID = [...unpaidStatuses];
/** Ended unfulfilled: no payment is started, claimed or marked for these. */
const ENDED = ['cancelled', 'rejected'];

// letters and digits only (PayU's txnid: at most 25); 20 of 32 symbols is 100 random bits
const TXN_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789';
const newTxnId = () => Array.from(randomBytes(20), (b) => TXN_ALPHABET[b % 32]).join('');

export type PayuOutcome = { outcome: 'paid' | 'failed' | 'unknown' | 'already_settled' | 'amount_mismatch'; orderId: string | null };
/** What a Razorpay payment did: `replay`, an event acted on before (by its id). */
export type RazorpayOutcome = { outcome: 'paid' | 'unknown' | 'already_settled' | 'amount_mismatch' | 'replay'; orderId: string | null };
/** A payments row as first written: an attempt at a gateway, or a payment given or found by hand. */
export const paymentRow = (
  p: { id: string; orderId: string; provider: string; status: string; amountMinor: Minor; reference: string | null },
  now: number,
) => ({
  id: p.id,
  order_id: p.orderId,
  provider: p.provider,
  status: p.status,
  amount_minor: p.amountMinor,
  reference: p.reference,
  raw: '{}',
  created_at: now,
  updated_at: now,
});

/** Orders still waiting for their UPI payment: not yet given, or given and not yet confirmed. */
export const UPI_WAITING = ['awaiting_payment', 'awaiting_verification'];

/** What an order's UPI payment is for (migration 022): the amount it asked for, else its total. */
export const upiAsked = (eb: ExpressionBuilder<Database, 'orders'>) => eb.fn.coalesce('orders.upi_amount_minor', 'orders.grand_total_minor');

export function createPaymentRepository(db: Db, { outbox = noOutbox }: { outbox?: OrderOutbox } = {}) {
  const { kysely } = db;
  /** Why a guarded update changed no row: the order ended unfulfilled, or it is paid already or takes no payment. */
  const refusal = async (reader: Pick<Db['kysely'], 'selectFrom'>, orderId: string): Promise<'order_ended' | 'not_payable'> => {
    const order = await reader.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
    return order && endedUnfulfilled(order.status) ? 'order_ended' : 'not_payable';
  };
  /** Whether this order, with its customer's other open unpaid ones, comes to more than `limit`, unless the shop knows them (decision 073). */
  async function overUnpaidLimit(orderId: string, limit: Minor): Promise<boolean> {
    // who placed it and its total never change after it is placed
    const order = await kysely
      .selectFrom('orders')
      .select(['user_id', 'customer_key', 'email_key', 'phone_key', 'grand_total_minor'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) return false;
    const who = { key: order.customer_key ?? 'guest', email: order.email_key, phone: order.phone_key };
    const [held, known] = await Promise.all([
      namesSomebody(who) ? unpaidHeldQuery(kysely, who, orderId).executeTakeFirst() : null,
      order.user_id === null ? null : knownCustomerQuery(kysely, who).executeTakeFirst(),
    ]);
    return !known && Number(held?.held ?? 0) + order.grand_total_minor > limit;
  }
  /** `markPaid`'s work inside a transaction. */
  async function markPaidIn(trx: Transaction<Database>, orderId: string, actor: Actor, reference: string | null, now: number): Promise<MarkPaid> {
    const order = await trx
      .selectFrom('orders')
      .select(['status', 'payment_type', 'payment_status', 'grand_total_minor', 'upi_amount_minor'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: 'not_found' };
    if (order.payment_status === 'paid') return { ok: false, reason: 'already_paid' };
    if (endedUnfulfilled(order.status)) return { ok: false, reason: 'order_ended' };
    if (!UNPAID.includes(order.payment_status)) return { ok: false, reason: 'no_payment' };
    if (order.payment_type !== 'upi-manual' && order.payment_type !== 'pof') return { ok: false, reason: 'provider' };
    const given = await trx
      .selectFrom('payments')
      .select(['id', 'reference'])
      .where('order_id', '=', orderId)
      .where('provider', '=', order.payment_type)
      .where('status', '=', 'awaiting_verification')
      .executeTakeFirst();
    const ref = reference ?? given?.reference ?? (order.payment_type === 'pof' ? 'collected' : null);
    if (!ref) return { ok: false, reason: 'reference' };
    const paid = await trx
      .updateTable('orders')
      .set({ payment_status: 'paid', updated_at: now })
      .where('id', '=', orderId)
      .where('payment_status', 'in', UNPAID)
      .where('status', 'not in', ENDED)
      .executeTakeFirst();
    if (Number(paid.numUpdatedRows) !== 1) return { ok: false, reason: (await refusal(trx, orderId)) === 'order_ended' ? 'order_ended' : 'already_paid' };
    if (given) await trx.updateTable('payments').set({ status: 'paid', reference: ref, updated_at: now }).where('id', '=', given.id).execute();
    else
      await trx
        .insertInto('payments')
        .values(
          paymentRow(
            {
              id: ulid(now),
              orderId,
              provider: order.payment_type,
              status: 'paid',
              amountMinor: order.upi_amount_minor ?? order.grand_total_minor,
              reference: ref,
            },
            now,
          ),
        )
        .execute();
    await recordAudit(
      trx,
      { actor, action: order.payment_type === 'pof' ? 'order.collected' : 'order.paid', subject: `order:${orderId}`, detail: { reference: ref } },
      now,
    );
    await outbox.record(trx, 'order.paid', orderId, { provider: order.payment_type, reference: ref }, now);
    return { ok: true, provider: order.payment_type, reference: ref };
  }
  return {
    /**
     * Sets how an unpaid order is paid: 'not_payable' when it is paid already (or not an
     * order that takes payment), 'order_ended' when it was cancelled or rejected,
     * 'order_limit' when it would take a guest's or a new account's open unpaid orders above
     * `limit` (the cap the order call applies for this way of paying, `unpaidLimitFor`; 0: none).
     */
    async choose(
      orderId: string,
      provider: PaymentType,
      { now = Date.now(), limit = minor(0) }: { now?: number; limit?: Minor } = {},
    ): Promise<'ok' | 'not_payable' | 'order_ended' | 'order_limit'> {
      const status: PaymentStatus = provider === 'pof' ? 'to_collect' : 'awaiting_payment';
      if (limit > 0 && (await overUnpaidLimit(orderId, limit))) return 'order_limit';
      const res = await kysely
        .updateTable('orders')
        .set({ payment_type: provider, payment_status: status, updated_at: now })
        .where('id', '=', orderId)
        .where('kind', '=', 'order')
        .where('payment_status', 'in', UNPAID)
        // in the update itself, so an order cancelled a moment before is refused too
        .where('status', 'not in', ENDED)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? 'ok' : refusal(kysely, orderId);
    },

    /**
     * The amount an order paid by UPI to the shop's own id asks for, fixed the first time it is
     * shown (the shopper may have scanned it): `upiAmount` against the other open UPI orders'.
     * On PostgreSQL one advisory lock makes two orders of one total, shown at once, ask for two
     * amounts; SQLite has one writer. Null when the order no longer waits for a UPI payment.
     */
    async upiAmountFor(orderId: string, maxExtra: number): Promise<Minor | null> {
      return kysely.transaction().execute(async (trx) => {
        if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('upi-amount'))`.execute(trx);
        const order = await trx
          .selectFrom('orders')
          .select(['grand_total_minor', 'upi_amount_minor'])
          .where('id', '=', orderId)
          .where('payment_type', '=', 'upi-manual')
          .where('payment_status', 'in', UPI_WAITING)
          .where('status', 'not in', ENDED)
          .executeTakeFirst();
        if (!order) return null;
        if (order.upi_amount_minor !== null) return minor(order.upi_amount_minor);
        const total = minor(order.grand_total_minor);
        const others = await trx
          .selectFrom('orders')
          .select((eb) => upiAsked(eb).as('asked'))
          .where('payment_type', '=', 'upi-manual')
          .where('payment_status', 'in', UPI_WAITING)
          .where('status', 'not in', ENDED)
          .where('id', '!=', orderId)
          .where((eb) => eb.between(upiAsked(eb), total, minor(total + maxExtra)))
          .execute();
        const amount = upiAmount(total, new Set(others.map((o) => Number(o.asked))), maxExtra);
        await trx.updateTable('orders').set({ upi_amount_minor: amount }).where('id', '=', orderId).execute();
        return amount;
      });
    },

    /** A PayU attempt: its txnid (unique per attempt) and the amount it must come back with. */
    async startPayu(orderId: string, amountMinor: Minor, now = Date.now()): Promise<string> {
      const txnid = newTxnId();
      await kysely
        .insertInto('payments')
        .values(paymentRow({ id: txnid, orderId, provider: 'payu', status: 'initiated', amountMinor, reference: null }, now))
        .execute();
      return txnid;
    },

    /**
     * PayU's verified answer for a txnid. Only an attempt still `initiated` changes: a
     * replayed answer, or one for another amount, leaves everything as it was.
     */
    async settlePayu(
      txnid: string,
      answer: { success: boolean; amountMinor: Minor; mihpayid: string | null; raw: Record<string, string> },
      now = Date.now(),
    ): Promise<PayuOutcome> {
      return kysely.transaction().execute(async (trx) => {
        const payment = await trx
          .selectFrom('payments')
          .select(['order_id', 'status', 'amount_minor'])
          .where('id', '=', txnid)
          .where('provider', '=', 'payu')
          .executeTakeFirst();
        if (!payment) return { outcome: 'unknown', orderId: null };
        if (payment.status !== 'initiated') return { outcome: 'already_settled', orderId: payment.order_id };
        if (payment.amount_minor !== answer.amountMinor) return { outcome: 'amount_mismatch', orderId: payment.order_id };
        const status = answer.success ? 'paid' : 'failed';
        const claimed = await trx
          .updateTable('payments')
          .set({ status, reference: answer.mihpayid, raw: JSON.stringify(answer.raw), updated_at: now })
          .where('id', '=', txnid)
          .where('status', '=', 'initiated')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return { outcome: 'already_settled', orderId: payment.order_id };
        if (answer.success) {
          await trx.updateTable('orders').set({ payment_status: 'paid', updated_at: now }).where('id', '=', payment.order_id).execute();
          await outbox.record(trx, 'order.paid', payment.order_id, { provider: 'payu', reference: answer.mihpayid }, now);
          // paid after it ended (the shopper paid in a tab left open): the money goes back
          const order = await trx.selectFrom('orders').select('status').where('id', '=', payment.order_id).executeTakeFirstOrThrow();
          if (order.status === 'cancelled' || order.status === 'rejected') {
            if (await owesRefund(trx, payment.order_id, 'payu', now)) await outbox.record(trx, 'order.refund_due', payment.order_id, {}, now);
          }
        }
        return { outcome: status, orderId: payment.order_id };
      });
    },

    /** The Razorpay order made for this order, when one was (one per order: its amount is the order's). */
    async razorpayOrderOf(orderId: string): Promise<{ id: string; amountMinor: Minor } | undefined> {
      const row = await kysely
        .selectFrom('payments')
        .select(['id', 'amount_minor'])
        .where('order_id', '=', orderId)
        .where('provider', '=', 'razorpay')
        .orderBy('created_at')
        .executeTakeFirst();
      return row && { id: row.id, amountMinor: row.amount_minor };
    },

    /** Keeps the Razorpay order made for this order: the payment row, by Razorpay's order id, waits for Razorpay's word. */
    async startRazorpay(orderId: string, razorpayOrderId: string, amountMinor: Minor, now = Date.now()): Promise<void> {
      await kysely
        .insertInto('payments')
        .values(paymentRow({ id: razorpayOrderId, orderId, provider: 'razorpay', status: 'initiated', amountMinor, reference: null }, now))
        .execute();
    },

    /**
     * Razorpay's word that a payment of `razorpayOrderId` was captured: its signed webhook
     * (`event`, acted on once) or the shopper's signed Checkout answer. Only a Razorpay order
     * this shop made, still waiting, for its full amount in INR marks the order paid; anything
     * else changes nothing. Paid after the order ended, the money is owed back (a refund due).
     */
    async settleRazorpay(
      razorpayOrderId: string,
      payment: { id: string; amountMinor: Minor | null; currency: string },
      event: GatewayEvent | null,
      now = Date.now(),
    ): Promise<RazorpayOutcome> {
      return kysely.transaction().execute(async (trx) => {
        if (event && !(await firstTimeEvent(trx, 'razorpay', event, now))) return { outcome: 'replay', orderId: null };
        const settled = await settleRazorpayIn(trx, outbox, razorpayOrderId, payment, now);
        if (event) await eventOutcome(trx, 'razorpay', event, settled.orderId, settled.outcome);
        return settled;
      });
    },

    /**
     * The shopper's UPI reference: the order waits for the owner to find the money and mark it paid,
     * by a deadline that runs from `claimedAt`, when the first reference was given (decision 073).
     * Refused, changing nothing, for an order paid, ended or taking no payment.
     */
    async recordUpiReference(
      orderId: string,
      utr: string,
      amountMinor: Minor,
      now = Date.now(),
    ): Promise<{ claimedAt: number } | 'not_payable' | 'order_ended'> {
      return kysely.transaction().execute(async (trx) => {
        const order = await trx
          .updateTable('orders')
          .set({ payment_type: 'upi-manual', payment_status: 'awaiting_verification', updated_at: now })
          .where('id', '=', orderId)
          .where('kind', '=', 'order')
          .where('payment_status', 'in', UNPAID)
          .where('status', 'not in', ENDED)
          .executeTakeFirst();
        if (Number(order.numUpdatedRows) !== 1) return refusal(trx, orderId);
        // a corrected reference replaces the one given before, and keeps its time
        const updated = await trx
          .updateTable('payments')
          .set({ reference: utr, updated_at: now })
          .where('order_id', '=', orderId)
          .where('provider', '=', 'upi-manual')
          .where('status', '=', 'awaiting_verification')
          .returning('created_at')
          .executeTakeFirst();
        if (!updated) {
          await trx
            .insertInto('payments')
            .values(paymentRow({ id: ulid(now), orderId, provider: 'upi-manual', status: 'awaiting_verification', amountMinor, reference: utr }, now))
            .execute();
        }
        await outbox.record(trx, 'order.payment_claimed', orderId, { provider: 'upi-manual', reference: utr }, now);
        return { claimedAt: updated?.created_at ?? now };
      });
    },

    /**
     * The owner found the money: a UPI order with the reference (the shopper's, unless the
     * owner gives one), a pay-on-delivery order collected. PayU settles its own payments;
     * a cancelled or rejected order takes none. Once only, in one transaction with its audit entry.
     */
    async markPaid(orderId: string, actor: Actor, reference: string | null, now = Date.now()): Promise<MarkPaid> {
      return kysely.transaction().execute((trx) => markPaidIn(trx, orderId, actor, reference, now));
    },

    /** `markPaid` inside the caller's transaction, with what else belongs to it (a bank alert kept as matched). */
    markPaidIn,
  };
}

/** `settleRazorpay` inside its transaction. */
async function settleRazorpayIn(
  trx: Transaction<Database>,
  outbox: OrderOutbox,
  razorpayOrderId: string,
  payment: { id: string; amountMinor: Minor | null; currency: string },
  now: number,
): Promise<Omit<RazorpayOutcome, 'outcome'> & { outcome: Exclude<RazorpayOutcome['outcome'], 'replay'> }> {
  const started = await trx
    .selectFrom('payments')
    .select(['order_id', 'status', 'amount_minor'])
    .where('id', '=', razorpayOrderId)
    .where('provider', '=', 'razorpay')
    .executeTakeFirst();
  if (!started) return { outcome: 'unknown', orderId: null };
  if (started.status !== 'initiated') return { outcome: 'already_settled', orderId: started.order_id };
  if (payment.currency !== 'INR' || payment.amountMinor !== started.amount_minor) return { outcome: 'amount_mismatch', orderId: started.order_id };
  const claimed = await trx
    .updateTable('payments')
    .set({ status: 'paid', reference: payment.id, raw: JSON.stringify({ payment_id: payment.id }), updated_at: now })
    .where('id', '=', razorpayOrderId)
    .where('status', '=', 'initiated')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { outcome: 'already_settled', orderId: started.order_id };
  // the money came through Razorpay, whichever way the shopper last chose
  await trx
    .updateTable('orders')
    .set({ payment_type: 'razorpay', payment_status: 'paid', updated_at: now })
    .where('id', '=', started.order_id)
    .where('payment_status', '<>', 'paid')
    .execute();
  await outbox.record(trx, 'order.paid', started.order_id, { provider: 'razorpay', reference: payment.id }, now);
  const order = await trx.selectFrom('orders').select('status').where('id', '=', started.order_id).executeTakeFirstOrThrow();
  if (endedUnfulfilled(order.status) && (await owesRefund(trx, started.order_id, 'razorpay', now)))
    await outbox.record(trx, 'order.refund_due', started.order_id, {}, now);
  return { outcome: 'paid', orderId: started.order_id };
}

export type MarkPaid =
  | { ok: true; provider: 'upi-manual' | 'pof'; reference: string }
  | { ok: false; reason: 'not_found' | 'already_paid' | 'order_ended' | 'no_payment' | 'provider' | 'reference' };

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
