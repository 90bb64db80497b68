import type { Kysely } from 'kysely';

/**
 * A banner's schedule (issue 21, decision 037): shown to shoppers from `show_from` and
 * until `show_until` (ms instants; null: no bound). Banners imported from a file have none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('banners').addColumn('show_from', 'bigint').execute();
  await db.schema.alterTable('banners').addColumn('show_until', 'bigint').execute();
}
