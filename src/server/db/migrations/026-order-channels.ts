import type { Kysely } from 'kysely';

/**
 * Where an order came from (issue 41): `online` (the storefront), or keyed in by the shop on
 * /admin — `counter`, `phone` or `whatsapp`. Every order before this one came online.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('online'))
    .execute();
}
