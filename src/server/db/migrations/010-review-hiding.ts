import type { Kysely } from 'kysely';

/**
 * The owner may hide a review (issue 20): `reviews.hidden` (0 or 1) keeps it out of the
 * public list, count and average; the owner's list of recent reviews reads them by time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reviews')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('reviews_recent').on('reviews').column('created_at').execute();
}
