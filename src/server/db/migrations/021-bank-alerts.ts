import type { Kysely } from 'kysely';

/**
 * The bank's credit alerts the owner's phone or mailbox forwarded (issue 39), each with what
 * the shop made of it: matched to an order (and that order marked paid), several or no open
 * orders of that amount, not a credit, or a UTR seen before. The owner reads them on /admin.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('sender', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint')
    .addColumn('utr', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .execute();
  await db.schema.createIndex('bank_alerts_utr').on('bank_alerts').column('utr').execute();
  await db.schema.createIndex('bank_alerts_received').on('bank_alerts').column('received_at').execute();
}
