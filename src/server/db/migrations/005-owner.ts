import type { Kysely } from 'kysely';

/**
 * The owner's side (issue 8). `audit_log` keeps every owner action: who (a user id, or
 * `cli` for the command line), what (`order.status`, `order.paid`, …), on what, and the
 * details, written in the same transaction as the change it records.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['subject', 'created_at']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'created_at']).execute();
}
