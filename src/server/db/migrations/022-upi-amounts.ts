import type { Kysely } from 'kysely';

/**
 * The exact amount an order waiting for a UPI payment to the shop's own id asks for (issue 39): its
 * total plus the fewest paise no other open UPI order asks for (`upiAmount`), so a bank's credit
 * alert names one order. Null until the shopper is shown the UPI payment; the total then.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('upi_amount_minor', 'bigint').execute();
}
