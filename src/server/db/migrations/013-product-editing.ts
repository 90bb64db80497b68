import type { Kysely } from 'kysely';

/**
 * The owner's products on /admin (issue 21): `hidden` (0 or 1) keeps a variant out of
 * the storefront and its orders; `tracks_stock` 0 marks one made to order (always
 * orderable, its stock never taken); `sold_out_until` (ms) shows it out of stock until
 * that instant, the shop's next midnight when the owner says "sold out today".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('tracks_stock', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('products').addColumn('sold_out_until', 'bigint').execute();
}
