import type { Selectable } from 'kysely';
import type { Order } from '../../../domain/order-view.ts';
import type { OrderRecord } from '../../../domain/order-record.ts';
import type { OrderLineTable, OrderTable, OrderTotalTable } from '../tables/orders.ts';
import { viewOf } from './order-views.ts';

/** An order as its tables hold it: its row, its lines' and its totals' rows. */
export type OrderRows = { order: Selectable<OrderTable>; lines: Selectable<OrderLineTable>[]; totals: Selectable<OrderTotalTable>[] };

const percentToHundredths = (p: number | null) => (p === null ? null : Math.round(p * 100));

/**
 * The rows a placed order is written as (`domain/order-record.ts` says what it keeps).
 * `number`: the one taken from `shop_counters`, or on PostgreSQL a stand-in the statement
 * replaces (`placement-postgres.ts`).
 */
export function orderRows(record: OrderRecord, number: number): OrderRows {
  const { id: orderId, createdAt: now } = record;
  const order: Selectable<OrderTable> = {
    id: orderId,
    number,
    user_id: record.userId,
    status: record.status,
    kind: record.kind,
    channel: record.channel,
    // a round of a table's bill is joined to it in the same transaction, once placed
    bill_id: null,
    delivery_mode: record.deliveryMode,
    details: JSON.stringify(record.details),
    shipping_slot_id: record.shippingSlotId,
    payment_type: record.paymentType,
    payment_status: record.paymentStatus,
    currency_code: record.currencyCode,
    grand_total_minor: record.grandTotal,
    tax_mode: record.taxMode,
    notification_token: record.tokenHash,
    coupon_code: record.couponCode,
    customer_key: record.customer.key,
    email_key: record.customer.email,
    phone_key: record.customer.phone,
    cancel_requested_at: null,
    payment_reminded_at: null,
    upi_amount_minor: null,
    created_at: now,
    updated_at: now,
  };
  const lines: Selectable<OrderLineTable>[] = record.lines.map((l, i) => ({
    order_id: orderId,
    line_no: i + 1,
    product_id: l.productId,
    title: l.title,
    variant_name: l.variantName,
    qty_milli: l.qtyMilli,
    is_fraction: l.isFraction ? 1 : 0,
    unit_price_minor: l.unitPrice,
    total_minor: l.total,
    tax_rate_hundredths: Math.round(l.taxPercent * 100),
    discount_minor: l.discount,
    tax_minor: l.tax,
    hsn: l.hsn,
  }));
  const totals: Selectable<OrderTotalTable>[] = record.totals.map((t, i) => ({
    order_id: orderId,
    code: t.code,
    title: t.title,
    value_minor: t.value,
    is_percentage: t.isPercentage ? 1 : 0,
    percent_hundredths: percentToHundredths(t.percentAmount),
    position: i,
  }));
  return { order, lines, totals };
}

/** The view a read would give of these rows (a new order owes no refund): what `place` answers, not read back. */
export const viewOfRows = ({ order, lines, totals }: OrderRows): Order =>
  viewOf(
    { ...order, refund_amount_minor: null, refund_method: null, refund_status: null, refund_reference: null, refund_refunded_at: null },
    lines,
    totals,
    null,
  );
