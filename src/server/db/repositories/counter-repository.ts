import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The next number of a per-shop sequence (`order`: #1042), taken in the caller's
 * transaction with one `UPDATE … SET value = value + 1 RETURNING value`. The row stays
 * locked until the transaction ends (PostgreSQL's row lock; SQLite's one writer), so two
 * transactions never get the same number, on one instance or several, and a rolled back
 * transaction gives its number back: the numbers have no gaps (ARCHITECTURE §6).
 */
export async function takeNumber(trx: Transaction<Database>, name: string): Promise<number> {
  return numberOf(await numberStatement(trx, name).executeTakeFirst(), name);
}

/** The statement of `takeNumber`, for a caller that runs it as part of a larger one (a CTE on PostgreSQL). */
export const numberStatement = (trx: Transaction<Database>, name: string) =>
  trx
    .updateTable('shop_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value');

/** The number `numberStatement` returned; an error when the counter's row is missing. */
export function numberOf(row: { value: number | string } | undefined, name: string): number {
  if (!row) throw new Error(`The counter "${name}" is missing: the database was not migrated`);
  return Number(row.value);
}
