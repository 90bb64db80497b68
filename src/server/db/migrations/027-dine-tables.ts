import type { Kysely } from 'kysely';

/**
 * The shop's tables as the shop keeps them (issue 41): each dine space of the config by its id,
 * with the 4-digit code printed beside its QR code that a dine-in order from the storefront must
 * carry, so a table's link shared outside the shop sends nothing to the kitchen. A code is made
 * the first time it is needed and changed by the owner; a space taken out of the config keeps its
 * row unused.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dine_tables')
    .addColumn('space_id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_changed_at', 'bigint', (c) => c.notNull())
    .execute();
}
