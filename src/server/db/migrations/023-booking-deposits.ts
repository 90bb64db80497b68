import type { Kysely } from 'kysely';

/**
 * The order that carries a booking's deposit (issue 39): paid like any order, and ended with the
 * booking (either ending ends the other, in one transaction). Null for a booking without one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('deposit_order_id', 'text').execute();
  await db.schema.createIndex('appointments_deposit_order').on('appointments').column('deposit_order_id').execute();
}
