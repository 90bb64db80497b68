import type { Kysely } from 'kysely';

/**
 * The owner's day (issue 18).
 * - `refunds`: a paid order that ends unfulfilled owes the shopper its money; the owner
 *   marks it refunded with a reference. One per order.
 * - `owner_alert_subscriptions`: the owner's own devices, subscribed from /admin, that get
 *   a push for every new order and booking (apart from the shopper's subscriptions,
 *   which follow whoever is logged in on a device).
 * - `webhook_deliveries`: the outbox of ORDER_WEBHOOK_URL. Each order event is written in
 *   the transaction of its change (so none is lost), then posted until the receiver takes
 *   it; `claimed_until` lets one instance of several post it at a time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('refunded_at', 'bigint')
    .addColumn('refunded_by', 'text')
    .execute();
  await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('owner_alert_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('keys', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['delivered_at', 'next_attempt_at']).execute();
}
