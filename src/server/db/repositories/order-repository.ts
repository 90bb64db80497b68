import { ulid } from 'ulid';
import { timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import { minor } from '../../../domain/money.ts';
import type { Order } from '../../../domain/order-view.ts';
import { isFinalStatus } from '../../../domain/order-lifecycle.ts';
import { gatewayPaymentTypes } from '../../../domain/payment-types.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { cancelBookingOfDeposit, releasePlaces } from './booking-repository.ts';
import { bumpCatalogVersion } from './catalog-version.ts';
import { releaseCoupon } from './coupon-repository.ts';
import { noOutbox, type OrderOutbox } from './order-outbox.ts';
import { createOwnerOrders, type OnAccepted } from './order-owner-queries.ts';
import { createPlacement, hashToken } from './order-placement.ts';
import type { OnBillSettled } from './table-bill-repository.ts';
import { orderViewIn, ordersWithRefunds, viewsOf } from './order-views.ts';
import { paymentRow, upiAsked } from './payment-repository.ts';
import { owesRefund } from './refund-repository.ts';

/**
 * The orders: placing one and quoting it (`order-placement.ts`), the shopper's reads and
 * cancel request, the sweep of unpaid ones, and the owner's side (`order-owner-queries.ts`);
 * every read gives the views of `order-views.ts`.
 */
export function createOrderRepository(
  db: Db,
  {
    outbox = noOutbox,
    onAccepted,
    onBillSettled,
  }: { outbox?: OrderOutbox; onAccepted?: OnAccepted | undefined; onBillSettled?: OnBillSettled | undefined } = {},
) {
  const { kysely } = db;

  /**
   * An order that ends unfulfilled gives its stock and its delivery slot back and, when it
   * was paid, owes the shopper a refund; only the transaction that ended it calls this.
   */
  async function endUnfulfilled(trx: Transaction<Database>, orderId: string, actor: Actor, now: number): Promise<void> {
    await giveBack(trx, orderId, now);
    if (await owesRefund(trx, orderId, actor, now)) await outbox.record(trx, 'order.refund_due', orderId, {}, now);
    // an order carrying a booking's deposit takes the booking with it
    await cancelBookingOfDeposit(trx, orderId, actor, now);
  }

  async function giveBack(trx: Transaction<Database>, orderId: string, now: number): Promise<void> {
    await releaseCoupon(trx, orderId);
    const lines = await trx.selectFrom('order_lines').select(['product_id', 'qty_milli']).where('order_id', '=', orderId).orderBy('product_id').execute();
    // a made-to-order product had none taken
    for (const l of lines)
      await trx
        .updateTable('products')
        .set((eb) => ({ stock_milli: eb('stock_milli', '+', l.qty_milli), updated_at: now }))
        .where('id', '=', l.product_id)
        .where('tracks_stock', '=', 1)
        .execute();
    await releasePlaces(trx, orderId);
    await bumpCatalogVersion(trx, now);
  }

  /**
   * Moves the order carrying a booking's deposit along with its booking, in the booking's transaction:
   * `to` from any status not final (and, with `paidOnly`, only once paid), audited with `reason` and told
   * to the webhook. The status it left, or null when it was left as it was.
   */
  async function moveDepositOrder(
    trx: Transaction<Database>,
    orderId: string,
    move: { to: 'cancelled' | 'delivered'; reason: string; paidOnly: boolean },
    actor: Actor,
    now: number,
  ): Promise<string | null> {
    const row = await trx.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirst();
    if (!row || isFinalStatus(row.status) || (move.paidOnly && row.payment_status !== 'paid')) return null;
    const moved = await trx
      .updateTable('orders')
      .set({ status: move.to, updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return null;
    const detail = { from: row.status, to: move.to, reason: move.reason };
    await recordAudit(trx, { actor, action: 'order.status', subject: `order:${orderId}`, detail }, now);
    await outbox.record(trx, 'order.status_changed', orderId, { from: row.status, to: move.to, by: actor }, now);
    return row.status;
  }

  /** The booking whose deposit the order carries was cancelled: the order is cancelled with it (a paid one owes it back), unless it ended already. */
  async function endDepositOrder(trx: Transaction<Database>, orderId: string, actor: Actor, now: number): Promise<void> {
    if (await moveDepositOrder(trx, orderId, { to: 'cancelled', reason: 'booking_cancelled', paidOnly: false }, actor, now))
      await endUnfulfilled(trx, orderId, actor, now);
  }

  /**
   * The booking took place (attended, or a no-show who forfeits the deposit): a paid deposit's order is
   * delivered, leaving the board, with its invoice when it was never confirmed. An unpaid or ended one is
   * left for the owner.
   */
  async function completeDepositOrder(trx: Transaction<Database>, orderId: string, actor: Actor, now: number): Promise<void> {
    const from = await moveDepositOrder(trx, orderId, { to: 'delivered', reason: 'booking_took_place', paidOnly: true }, actor, now);
    if (from === 'placed') await onAccepted?.(trx, orderId, now);
  }

  return {
    endDepositOrder,
    completeDepositOrder,
    ...createPlacement(db, { outbox, onAccepted, onBillSettled }),
    ...createOwnerOrders(db, { outbox, onAccepted, endUnfulfilled }),

    /** The order when the token is its notification token; null alike for a missing order and a wrong token. */
    async findForGuest(orderId: string, token: string): Promise<Order | null> {
      const row = await kysely.selectFrom('orders').select('notification_token').where('id', '=', orderId).executeTakeFirst();
      // the comparison takes the same time whether or not the order exists
      const stored = Buffer.from(row?.notification_token ?? hashToken('no such order'), 'hex');
      const given = Buffer.from(hashToken(token), 'hex');
      if (!timingSafeEqual(stored, given) || !row) return null;
      return orderViewIn(kysely, orderId);
    },

    /**
     * The shopper's cancel request. An order the shop has not confirmed yet is cancelled,
     * its stock put back and its delivery slot freed, in one transaction and only once however often it is
     * asked; a later order keeps its status and the request is recorded for the owner.
     */
    async requestCancel(orderId: string, now = Date.now()): Promise<'cancelled' | 'requested'> {
      return kysely.transaction().execute(async (trx) => {
        const cancelled = await trx
          .updateTable('orders')
          .set({ status: 'cancelled', cancel_requested_at: now, updated_at: now })
          .where('id', '=', orderId)
          .where('status', '=', 'placed')
          .executeTakeFirst();
        if (Number(cancelled.numUpdatedRows) === 1) {
          // as for the owner's moves: the change, then what it owes
          await outbox.record(trx, 'order.status_changed', orderId, { from: 'placed', to: 'cancelled', by: 'shopper' }, now);
          await endUnfulfilled(trx, orderId, 'shopper', now);
          return 'cancelled';
        }
        const asked = await trx
          .updateTable('orders')
          .set({ cancel_requested_at: now, updated_at: now })
          .where('id', '=', orderId)
          .where('cancel_requested_at', 'is', null)
          .executeTakeFirst();
        if (Number(asked.numUpdatedRows) === 1) await outbox.record(trx, 'order.cancel_requested', orderId, {}, now);
        const row = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
        return row.status === 'cancelled' ? 'cancelled' : 'requested';
      });
    },

    /**
     * Ends the holds of unpaid orders (decisions 033, 073, issue 39). An order still waiting
     * for a gateway (PayU, Razorpay) `holdMinutes` after it was placed or its last payment
     * attempt started — never more than twice `holdMinutes` after it was placed, however often
     * one starts — is cancelled, its stock, slot place and coupon given back: the gateway would
     * have said if the money came. A UPI order to the shop's own id is not: the shopper may have
     * paid in their app and closed the page, and only the shop's bank knows, so it goes to the
     * owner to check (`toCheck`: awaiting verification with no reference), holding what it holds.
     * A UPI payment the owner has not confirmed within `verifyHours` of the shopper giving its
     * reference, or of its hold ending without one, cancels the order while it is still only
     * placed. Each is its own transaction whose update is conditional on the order still being
     * placed and in the payment status it was found in, so of several instances sweeping at once
     * one changes it, and a payment (or the owner marking it paid) that lands first keeps it.
     */
    async expireUnpaid(
      { holdMinutes, verifyHours }: { holdMinutes: number; verifyHours: number },
      now = Date.now(),
      /** Asked before a gateway's order is cancelled: false when the gateway says it was paid after all (settled meanwhile) or cannot say now. */
      stillUnpaid: (order: { id: string; paymentType: string }) => Promise<boolean> = async () => true,
    ): Promise<{ expired: Array<{ order: Order; userId: string | null }>; toCheck: Order[] }> {
      const before = now - holdMinutes * 60_000;
      const unpaid = await kysely
        .selectFrom('orders')
        .select(['id', 'user_id', 'payment_type'])
        .where('status', '=', 'placed')
        .where('payment_status', '=', 'awaiting_payment')
        .where('payment_type', 'in', [...gatewayPaymentTypes, 'upi-manual'])
        .where('created_at', '<=', before)
        // a shopper who started paying at minute 29 gets the whole hold again, but a payment restarted every few minutes holds it only one hold more
        .where((eb) =>
          eb.or([
            eb('created_at', '<=', now - 2 * holdMinutes * 60_000),
            eb.not(
              eb.exists(
                eb.selectFrom('payments').select('payments.id').whereRef('payments.order_id', '=', 'orders.id').where('payments.created_at', '>', before),
              ),
            ),
          ]),
        )
        .orderBy('created_at')
        .limit(200)
        .execute();
      // the reference's deadline runs from when it was first given: a corrected one does not move it
      const unverified = await kysely
        .selectFrom('orders')
        .select(['id', 'user_id'])
        .where('status', '=', 'placed')
        .where('payment_status', '=', 'awaiting_verification')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('payments')
              .select('payments.id')
              .whereRef('payments.order_id', '=', 'orders.id')
              .where('payments.provider', '=', 'upi-manual')
              .where('payments.status', '=', 'awaiting_verification')
              .where('payments.created_at', '<=', now - verifyHours * 3_600_000),
          ),
        )
        .orderBy('created_at')
        .limit(200)
        .execute();
      const expired: Array<{ order: Order; userId: string | null }> = [];
      const expire = async ({ id, user_id: userId }: { id: string; user_id: string | null }, paymentStatus: string, detail: Record<string, unknown>) => {
        const order = await kysely.transaction().execute(async (trx) => {
          const res = await trx
            .updateTable('orders')
            .set({ status: 'cancelled', updated_at: now })
            .where('id', '=', id)
            .where('status', '=', 'placed')
            .where('payment_status', '=', paymentStatus)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) return null;
          await recordAudit(trx, { actor: 'system', action: 'order.expired', subject: `order:${id}`, detail }, now);
          await outbox.record(trx, 'order.status_changed', id, { from: 'placed', to: 'cancelled', by: 'system', reason: detail.reason }, now);
          await endUnfulfilled(trx, id, 'system', now);
          return orderViewIn(trx, id);
        });
        if (order) expired.push({ order, userId });
      };
      const toCheck: Order[] = [];
      const askOwner = async ({ id }: { id: string }) => {
        const order = await kysely.transaction().execute(async (trx) => {
          const res = await trx
            .updateTable('orders')
            .set({ payment_status: 'awaiting_verification', updated_at: now })
            .where('id', '=', id)
            .where('status', '=', 'placed')
            .where('payment_status', '=', 'awaiting_payment')
            .where('payment_type', '=', 'upi-manual')
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) return null;
          // the owner's deadline to check runs from now, as from a reference given
          const { asked } = await trx
            .selectFrom('orders')
            .select((eb) => upiAsked(eb).as('asked'))
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('payments')
            .values(
              paymentRow(
                { id: ulid(now), orderId: id, provider: 'upi-manual', status: 'awaiting_verification', amountMinor: minor(Number(asked)), reference: null },
                now,
              ),
            )
            .execute();
          await recordAudit(
            trx,
            { actor: 'system', action: 'order.payment_to_check', subject: `order:${id}`, detail: { reason: 'no_reference', minutes: holdMinutes } },
            now,
          );
          await outbox.record(trx, 'order.payment_claimed', id, { provider: 'upi-manual', reference: null }, now);
          return orderViewIn(trx, id);
        });
        if (order) toCheck.push(order);
      };
      for (const row of unpaid) {
        if (row.payment_type === 'upi-manual') await askOwner(row);
        else if (await stillUnpaid({ id: row.id, paymentType: row.payment_type! }))
          await expire(row, 'awaiting_payment', { reason: 'unpaid', minutes: holdMinutes });
      }
      for (const row of unverified) await expire(row, 'awaiting_verification', { reason: 'upi_not_verified', hours: verifyHours });
      return { expired, toCheck };
    },

    /**
     * Orders waiting for a UPI payment to the shop's own id whose hold ends within `beforeMinutes`
     * and whose shopper was not reminded yet (issue 39): each marked reminded by one conditional
     * update, so of several instances sweeping at once one reminds.
     */
    async upiRemindersDue(
      { holdMinutes, beforeMinutes }: { holdMinutes: number; beforeMinutes: number },
      now = Date.now(),
    ): Promise<Array<{ order: Order; userId: string | null }>> {
      const rows = await kysely
        .selectFrom('orders')
        .select(['id', 'user_id', 'created_at'])
        .where('status', '=', 'placed')
        .where('payment_status', '=', 'awaiting_payment')
        .where('payment_type', '=', 'upi-manual')
        .where('payment_reminded_at', 'is', null)
        .where('created_at', '<=', now - (holdMinutes - beforeMinutes) * 60_000)
        .where('created_at', '>', now - holdMinutes * 60_000)
        .orderBy('created_at')
        .limit(200)
        .execute();
      const due: Array<{ order: Order; userId: string | null }> = [];
      for (const { id, user_id: userId, created_at: createdAt } of rows) {
        const order = await kysely.transaction().execute(async (trx) => {
          const marked = await trx
            .updateTable('orders')
            .set({ payment_reminded_at: now })
            .where('id', '=', id)
            .where('payment_reminded_at', 'is', null)
            .where('payment_status', '=', 'awaiting_payment')
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1) return null;
          const view = await orderViewIn(trx, id);
          // the reminder by WhatsApp (and the webhook's event) is kept with the mark: sent once, whatever happens after
          if (view) await outbox.record(trx, 'order.payment_reminder', id, { until: createdAt + holdMinutes * 60_000 }, now, view);
          return view;
        });
        if (order) due.push({ order, userId });
      }
      return due;
    },

    view: (orderId: string) => orderViewIn(kysely, orderId),

    /** One of the user's own orders; null alike for a missing order and another shopper's. */
    async findForUser(orderId: string, userId: string): Promise<Order | null> {
      const row = await ordersWithRefunds(kysely).where('orders.id', '=', orderId).where('orders.user_id', '=', userId).executeTakeFirst();
      return row ? ((await viewsOf(kysely, [row]))[0] ?? null) : null;
    },

    /** The user's orders, newest first (the account screen's list). */
    async listForUser(userId: string, limit = 100): Promise<Order[]> {
      const rows = await ordersWithRefunds(kysely)
        .where('orders.user_id', '=', userId)
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(limit)
        .execute();
      return viewsOf(kysely, rows);
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
