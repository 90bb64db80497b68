import type { Selectable, Transaction } from 'kysely';
import type { Order, OrderRefund } from '../../../domain/order-view.ts';
import type { FulfilmentMode } from '../../../domain/order-lifecycle.ts';
import { minor, type Minor } from '../../../domain/money.ts';
import type { TotalsLine } from '../../../domain/totals.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { OrderLineTable, OrderTable, OrderTotalTable } from '../tables/orders.ts';

/**
 * An order's view from its rows: what every read of an order gives (the shopper's, the
 * owner's, the outbox's), and what `place` answers from the rows it wrote without reading
 * them back. The order repository, its placement and the outbox all build on this module.
 */

export type Reader = Transaction<Database> | Db['kysely'];

/** Orders with the refund each owes, if any: the one query every view starts from. */
export const ordersWithRefunds = (trx: Reader) =>
  trx
    .selectFrom('orders')
    .leftJoin('refunds', 'refunds.order_id', 'orders.id')
    .selectAll('orders')
    .select([
      'refunds.amount_minor as refund_amount_minor',
      'refunds.method as refund_method',
      'refunds.status as refund_status',
      'refunds.reference as refund_reference',
      'refunds.refunded_at as refund_refunded_at',
    ]);

export type OrderRow = Selectable<OrderTable> & {
  refund_amount_minor: Minor | null;
  refund_method: string | null;
  refund_status: string | null;
  refund_reference: string | null;
  refund_refunded_at: number | null;
};

/**
 * The orders' views, in the order of `orders`: their lines and totals are read for all
 * of them at once, so a list costs three queries however long it is.
 */
export async function viewsOf(trx: Reader, orders: readonly OrderRow[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  // when each UPI reference still to check was given (its deadline runs from then): asked only when an order has one
  const claimed = orders.filter((o) => o.payment_status === 'awaiting_verification').map((o) => o.id);
  const [lineRows, totalRows, claims] = await Promise.all([
    trx.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('line_no').execute(),
    trx.selectFrom('order_totals').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('position').execute(),
    claimed.length
      ? trx
          .selectFrom('payments')
          .select(['order_id', 'created_at'])
          .where('order_id', 'in', claimed)
          .where('provider', '=', 'upi-manual')
          .where('status', '=', 'awaiting_verification')
          .execute()
      : [],
  ]);
  const claimedAt = new Map(claims.map((c) => [c.order_id, c.created_at]));
  const byOrder = <T extends { order_id: string }>(rows: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const r of rows) {
      const list = grouped.get(r.order_id);
      if (list) list.push(r);
      else grouped.set(r.order_id, [r]);
    }
    return grouped;
  };
  const lines = byOrder(lineRows);
  const totals = byOrder(totalRows);
  return orders.map((order) => viewOf(order, lines.get(order.id) ?? [], totals.get(order.id) ?? [], claimedAt.get(order.id) ?? null));
}

/** One order's view from its rows as stored: what a read gives, and what `place` answers without reading back what it wrote. */
export function viewOf(
  order: OrderRow,
  lines: readonly Selectable<OrderLineTable>[],
  totals: readonly Selectable<OrderTotalTable>[],
  paymentClaimedAt: number | null,
): Order {
  const totalLines: TotalsLine[] = totals.map((t) => ({
    code: t.code as TotalsLine['code'],
    title: t.title,
    value: minor(t.value_minor),
    isPercentage: t.is_percentage === 1,
    percentAmount: t.percent_hundredths === null ? null : t.percent_hundredths / 100,
  }));
  return {
    id: order.id,
    number: order.number,
    kind: order.kind as Order['kind'],
    channel: order.channel as Order['channel'],
    status: order.status,
    cancelRequested: order.cancel_requested_at !== null,
    paymentType: order.payment_type,
    paymentStatus: order.payment_status,
    deliveryMode: order.delivery_mode as FulfilmentMode,
    currencyCode: order.currency_code,
    lines: lines.map((l) => ({
      productId: l.product_id,
      title: l.title,
      variantName: l.variant_name,
      qty: l.qty_milli / 1000,
      isFraction: l.is_fraction === 1,
      unitPrice: minor(l.unit_price_minor),
      total: minor(l.total_minor),
      discount: minor(l.discount_minor),
      tax: minor(l.tax_minor),
      taxPercent: l.tax_rate_hundredths / 100,
      hsn: l.hsn,
    })),
    totals: totalLines,
    taxMode: order.tax_mode as Order['taxMode'],
    grandTotal: minor(order.grand_total_minor),
    upiAmount: order.upi_amount_minor === null ? null : minor(order.upi_amount_minor),
    details: JSON.parse(order.details) as Order['details'],
    couponCode: order.coupon_code,
    createdAt: order.created_at,
    paymentClaimedAt,
    refund: refundOf(order),
  };
}

const refundOf = (row: OrderRow): OrderRefund<Minor> | null =>
  row.refund_amount_minor === null
    ? null
    : {
        amount: minor(row.refund_amount_minor),
        method: row.refund_method ?? '',
        status: row.refund_status as OrderRefund['status'],
        reference: row.refund_reference,
        refundedAt: row.refund_refunded_at,
      };

/** One order's view, read in the caller's transaction when given one. */
export async function orderViewIn(trx: Reader, orderId: string): Promise<Order | null> {
  const order = await ordersWithRefunds(trx).where('orders.id', '=', orderId).executeTakeFirst();
  return order ? ((await viewsOf(trx, [order]))[0] ?? null) : null;
}
