import { sql, type Transaction } from 'kysely';
import { whatsappHistoryIn } from './whatsapp-repository.ts';
import type { Order, OrderHistoryEntry, OwnerOrderSummary, OwnerOrderView } from '../../../domain/order-view.ts';
import { gatewayPaymentTypes } from '../../../domain/payment-types.ts';
import { parseOrderNumber } from '../../../domain/order-number.ts';
import {
  canMoveOrder,
  givesStockBack,
  handedOverStatuses,
  nextStatuses,
  unpaidStatuses,
  type FulfilmentMode,
  type OrderStatus,
} from '../../../domain/order-lifecycle.ts';
import type { Minor } from '../../../domain/money.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import type { OrderOutbox } from './order-outbox.ts';
import { orderViewIn, ordersWithRefunds, viewsOf, type OrderRow } from './order-views.ts';

/** What else happens, in the same transaction, when the shop accepts an order (its tax invoice is issued). */
export type OnAccepted = (trx: Transaction<Database>, orderId: string, now: number) => Promise<void>;

/** What the board filters its orders by (`listForOwner`); each given one must hold. */
export type OwnerOrderFilter = {
  statuses?: readonly string[];
  from?: number;
  to?: number;
  channel?: string;
  paid?: boolean;
  q?: string;
  limit?: number;
};

export type StatusChange =
  | { ok: true; from: OrderStatus; to: OrderStatus; userId: string | null; order: Order }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'not_allowed'; status: string; allowed: OrderStatus[] };

/**
 * The owner's side of the orders: the board's list and one order with its history, finding
 * an order by what a person calls it, and moving it along its life. `endUnfulfilled`: what
 * an order that ends unfulfilled gives back and owes (the order repository's).
 */
export function createOwnerOrders(
  db: Db,
  {
    outbox,
    onAccepted,
    endUnfulfilled,
  }: {
    outbox: OrderOutbox;
    onAccepted?: OnAccepted | undefined;
    endUnfulfilled: (trx: Transaction<Database>, orderId: string, actor: Actor, now: number) => Promise<void>;
  },
) {
  const { kysely } = db;

  /** The owner's summaries: the views, each payment's reference, and whether the shop knows the customer. */
  async function summariesOf(rows: readonly OrderRow[]): Promise<OwnerOrderSummary<Minor>[]> {
    if (rows.length === 0) return [];
    const keys = [...new Set(rows.map((r) => r.customer_key).filter((k): k is string => k !== null && k !== 'guest'))];
    const [views, payments, known] = await Promise.all([
      viewsOf(kysely, rows),
      kysely
        .selectFrom('payments')
        .select(['order_id', 'reference'])
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('provider', 'in', ['upi-manual', ...gatewayPaymentTypes])
        .where('reference', 'is not', null)
        .orderBy('updated_at')
        .execute(),
      // a customer the shop has handed an order to before
      keys.length
        ? kysely.selectFrom('orders').select('customer_key').distinct().where('customer_key', 'in', keys).where('status', 'in', handedOverStatuses).execute()
        : [],
    ]);
    // the newest reference of each order wins
    const references = new Map(payments.map((p) => [p.order_id, p.reference]));
    const knownKeys = new Set(known.map((k) => k.customer_key));
    return views.map((v, i) => ({ ...v, paymentReference: references.get(v.id) ?? null, newCustomer: !knownKeys.has(rows[i]!.customer_key) }));
  }

  return {
    /** The id of the order a person names: its number (`1042`, `#1042`) or its id; null when there is none. */
    async findId(ref: string): Promise<string | null> {
      const number = parseOrderNumber(ref);
      const row = await (
        number === null
          ? kysely.selectFrom('orders').select('id').where('id', '=', ref.trim())
          : kysely.selectFrom('orders').select('id').where('number', '=', number)
      ).executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * The owner moves an order along its life (domain/order-lifecycle.ts). The change is
     * conditional on the status read, so of two owners (or tabs) making the same change
     * one wins and the other is told; rejecting or cancelling gives stock and slot back
     * in the same transaction, so exactly once. The audit entry is part of it too.
     */
    async setStatus(orderId: string, to: OrderStatus, actor: Actor, now = Date.now()): Promise<StatusChange> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('orders').select(['status', 'delivery_mode', 'user_id']).where('id', '=', orderId).executeTakeFirst();
        if (!row) return { ok: false, reason: 'not_found' };
        const mode = row.delivery_mode as FulfilmentMode;
        if (!canMoveOrder(row.status, to, mode)) return { ok: false, reason: 'not_allowed', status: row.status, allowed: nextStatuses(row.status, mode) };
        const moved = await trx
          .updateTable('orders')
          .set({ status: to, updated_at: now })
          .where('id', '=', orderId)
          .where('status', '=', row.status)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) {
          // changed by someone else since it was read: say what it is now
          const current = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
          return { ok: false, reason: 'not_allowed', status: current.status, allowed: nextStatuses(current.status, mode) };
        }
        await recordAudit(trx, { actor, action: 'order.status', subject: `order:${orderId}`, detail: { from: row.status, to } }, now);
        await outbox.record(trx, 'order.status_changed', orderId, { from: row.status, to }, now);
        if (givesStockBack(to)) await endUnfulfilled(trx, orderId, actor, now);
        else if (row.status === 'placed') await onAccepted?.(trx, orderId, now);
        return { ok: true, from: row.status as OrderStatus, to, userId: row.user_id, order: (await orderViewIn(trx, orderId))! };
      });
    },

    /**
     * The orders for the owner, newest first (`limit`, 200 unless said): all, or those that pass
     * every filter given — in the statuses, placed in [from, to), from the channel, paid or not, and
     * found by `q`: its number (`1042`, `#1042`), else words of the name, e-mail or address as typed
     * (whatever the case of ASCII letters) or the digits of its phone number.
     */
    async listForOwner(filter: OwnerOrderFilter = {}): Promise<OwnerOrderSummary<Minor>[]> {
      let query = ordersWithRefunds(kysely)
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(filter.limit ?? 200);
      if (filter.statuses?.length) query = query.where('orders.status', 'in', [...filter.statuses]);
      if (filter.from !== undefined) query = query.where('orders.created_at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('orders.created_at', '<', filter.to);
      if (filter.channel) query = query.where('orders.channel', '=', filter.channel);
      if (filter.paid !== undefined) query = query.where('orders.payment_status', filter.paid ? '=' : 'in', filter.paid ? 'paid' : [...unpaidStatuses]);
      const q = filter.q?.trim();
      if (q) {
        const number = parseOrderNumber(q);
        const digits = q.replace(/\D/g, '');
        const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // a number may be the order's or part of a phone number: either finds it
        query = query.where((eb) =>
          eb.or([
            ...(number !== null ? [eb('orders.number', '=', number)] : []),
            ...(/^[\d\s()+-]+$/.test(q) && digits.length >= 3 ? [eb('orders.phone_key', 'like', `%${digits}%`)] : []),
            eb(sql`lower(${eb.ref('orders.details')})`, 'like', sql`${like(q)} escape '\\'`),
          ]),
        );
      }
      return summariesOf(await query.execute());
    },

    /**
     * One order as the owner handles it: the summary and its history — placed, the
     * shopper's cancel request, and every owner action from the audit log with the name
     * of who did it — oldest first.
     */
    async ownerView(orderId: string): Promise<OwnerOrderView<Minor> | null> {
      const row = await ordersWithRefunds(kysely).where('orders.id', '=', orderId).executeTakeFirst();
      if (!row) return null;
      const [summary] = await summariesOf([row]);
      const audit = await kysely
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor')
        .select(['audit_log.actor', 'audit_log.action', 'audit_log.detail', 'audit_log.created_at', 'users.name', 'users.email'])
        .where('audit_log.subject', '=', `order:${orderId}`)
        .orderBy('audit_log.created_at')
        .orderBy('audit_log.id')
        .execute();
      const history: OrderHistoryEntry[] = [
        { at: row.created_at, by: 'shopper', action: 'order.placed', detail: {} },
        ...(row.cancel_requested_at === null ? [] : [{ at: row.cancel_requested_at, by: 'shopper', action: 'order.cancel_requested', detail: {} }]),
        ...audit.map((a) => ({
          at: a.created_at,
          by: a.actor === 'cli' ? 'command line' : a.actor === 'system' ? 'system' : a.name || a.email || a.actor,
          action: a.action,
          detail: JSON.parse(a.detail) as Record<string, unknown>,
        })),
        ...(await whatsappHistoryIn(kysely, orderId)),
      ];
      history.sort((a, b) => a.at - b.at);
      const bill = row.bill_id ? await kysely.selectFrom('table_bills').select(['id', 'status']).where('id', '=', row.bill_id).executeTakeFirst() : undefined;
      return { ...summary!, history, bill: bill ?? null };
    },
  };
}
