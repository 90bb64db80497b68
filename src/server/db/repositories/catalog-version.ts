import type { Kysely, Transaction } from 'kysely';
import { monotonicFactory } from 'ulid';
import { pooledRandom } from '../random.ts';
import type { Database } from '../schema.ts';

/**
 * The catalog's version: a new one with every change to what shoppers see of it (products,
 * stock, categories, banners), written in the change's transaction, so every instance's
 * catalog and page caches rebuild on their next check.
 */

const VERSION_KEY = 'catalog_version';
/** Versions must differ for two changes in the same millisecond. */
export const newVersion = monotonicFactory(pooledRandom);

/** The version the catalog has now ('0' before the first import). */
export async function readCatalogVersion(kysely: Kysely<Database>): Promise<string> {
  const row = await kysely.selectFrom('shop_meta').select('value').where('key', '=', VERSION_KEY).executeTakeFirst();
  return row?.value ?? '0';
}

/**
 * Marks the catalog as changed (stock, prices) inside the caller's transaction, so every
 * instance's catalog cache rebuilds on its next check.
 */
export async function bumpCatalogVersion(trx: Transaction<Database>, now: number): Promise<void> {
  await catalogVersionStatement(trx, now).execute();
}

/** The statement of `bumpCatalogVersion`, for a caller that runs it as part of a larger one (a CTE on PostgreSQL). */
export const catalogVersionStatement = (trx: Transaction<Database>, now: number) =>
  trx
    .updateTable('shop_meta')
    .set({ value: newVersion(now) })
    .where('key', '=', VERSION_KEY);

/** Sets the version to `value` (from newVersion), making its row when there is none yet: a whole catalog's import (replace). */
export async function setCatalogVersion(trx: Transaction<Database>, value: string): Promise<void> {
  await trx
    .insertInto('shop_meta')
    .values({ key: VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
