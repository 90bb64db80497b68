import type { Kysely } from 'kysely';

/**
 * GST (issue 19).
 * - `products.tax_rate_hundredths`: a product's own tax rate (500 is 5 %), null for the
 *   shop's; `products.hsn`: its HSN or SAC code for the invoice.
 * - `order_lines`: each line keeps its rate, its share of the coupon's discount and its
 *   tax (added on top or held in the price), so an invoice is drawn from what was charged,
 *   whatever the catalog says later. Lines written before this have no tax recorded.
 * - `order_totals` is keyed by position instead of code: an order with two GST rates
 *   has two `tax` lines.
 * - `invoices`: one tax invoice per order the shop accepted, numbered from a gap-free
 *   series per financial year (`INV/2026-27/0001`, counter `invoice:2026-27`), with the
 *   seller and buyer as they were when it was issued.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('tax_rate_hundredths', 'integer').execute();
  await db.schema.alterTable('products').addColumn('hsn', 'text').execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('tax_rate_hundredths', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('discount_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('tax_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('hsn', 'text').execute();
  const columns = ['order_id', 'code', 'title', 'value_minor', 'is_percentage', 'percent_hundredths', 'position'];
  await db.schema
    .createTable('order_totals_by_position')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('value_minor', 'bigint', (c) => c.notNull())
    .addColumn('is_percentage', 'integer', (c) => c.notNull())
    .addColumn('percent_hundredths', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_totals_position_pk', ['order_id', 'position'])
    .execute();
  await db.insertInto('order_totals_by_position').columns(columns).expression(db.selectFrom('order_totals').select(columns)).execute();
  await db.schema.dropTable('order_totals').execute();
  await db.schema.alterTable('order_totals_by_position').renameTo('order_totals').execute();

  await db.schema
    .alterTable('orders')
    .addColumn('tax_mode', 'text', (c) => c.notNull().defaultTo('exclusive'))
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .execute();
}
