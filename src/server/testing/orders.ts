import type { Db } from '../db/database.ts';

/** How many orders the database holds. */
export async function countOrders(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
