import type { Kysely } from 'kysely';

/**
 * When the shopper was reminded to pay an order waiting for a UPI payment to the shop's own id,
 * before its hold ends (issue 39): once per order, whichever instance sweeps.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_reminded_at', 'bigint').execute();
}
