import type { Kysely } from 'kysely';

/** The first order number a shop gives (Shopify's convention: #1001, not #1). */
export const FIRST_ORDER_NUMBER = 1001;

/**
 * The number people say on the phone (issue 18): `orders.number`, taken from the
 * `shop_counters` row `order` in the order's own transaction, so it is gap-free and never
 * given twice (ARCHITECTURE §6). Orders placed before this migration are numbered in the
 * order they were placed. `order_lines.is_fraction` keeps whether a line was sold by
 * weight, so `1 kg` does not read as `1 ×`; older lines take it from their product.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('number', 'bigint').execute();
  const orders = (await db.selectFrom('orders').select('id').orderBy('created_at').orderBy('id').execute()) as Array<{ id: string }>;
  let next = FIRST_ORDER_NUMBER;
  for (const { id } of orders) await db.updateTable('orders').set({ number: next++ }).where('id', '=', id).execute();
  await db
    .insertInto('shop_counters')
    .values({ name: 'order', value: next - 1 })
    .execute();
  await db.schema.createIndex('orders_number').unique().on('orders').column('number').execute();

  await db.schema
    .alterTable('order_lines')
    .addColumn('is_fraction', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const weighed = (await db.selectFrom('products').select('id').where('is_fraction', '=', 1).execute()) as Array<{ id: string }>;
  for (const { id } of weighed) await db.updateTable('order_lines').set({ is_fraction: 1 }).where('product_id', '=', id).execute();
}
