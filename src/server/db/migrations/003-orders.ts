import type { Kysely } from 'kysely';

/**
 * Orders as checkout writes them. `order_totals` is remade: 001 gave percentages an
 * integer column, but a tax rate may be 2.5 %; no release wrote orders before this one,
 * so the table is empty wherever this runs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_totals').execute();
  await db.schema
    .createTable('order_totals')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('value_minor', 'bigint', (c) => c.notNull())
    .addColumn('is_percentage', 'integer', (c) => c.notNull())
    /** Hundredths of a percent: 250 is 2.5 %. */
    .addColumn('percent_hundredths', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_totals_pk', ['order_id', 'code'])
    .execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cancel_requested_at', 'bigint').execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}
