import type { Kysely } from 'kysely';

/**
 * The booking engine (decision 021). `slot_use` counts what each capacity cell has given
 * out (a cell is a resource, such as `service:fitting` or `delivery:morning`, at a start
 * instant); the count only moves by a conditional update, so it never passes the
 * capacity. `slot_claims` remembers which owner (an appointment or an order) holds which
 * cells, so releasing gives back exactly what was taken, once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('slot_use')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('taken', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('slot_use_pk', ['resource', 'starts_at'])
    .execute();
  await db.schema
    .createTable('slot_claims')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('slot_claims_pk', ['owner_id', 'resource', 'starts_at'])
    .execute();
  await db.schema
    .alterTable('appointments')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
