import { sql, type Kysely } from 'kysely';

/**
 * A table's bill across rounds (issue 41): the dine-in orders of a table of the config — from its
 * QR code and from the staff — add up to one open bill until it is settled, once, with one tax
 * invoice. At most one bill of a table is open (the partial unique index). `orders.bill_id` names
 * the bill of a round; `invoices.bill_id` the bill an invoice covers (its `order_id` is the first round).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_bills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addColumn('payment_type', 'text')
    .addColumn('reference', 'text')
    .execute();
  await db.schema.createIndex('table_bills_one_open').unique().on('table_bills').column('space_id').where(sql.ref('status'), '=', 'open').execute();
  await db.schema.alterTable('orders').addColumn('bill_id', 'text').execute();
  await db.schema.createIndex('orders_bill').on('orders').column('bill_id').execute();
  await db.schema.alterTable('invoices').addColumn('bill_id', 'text').execute();
  await db.schema.createIndex('invoices_bill').unique().on('invoices').column('bill_id').execute();
}
