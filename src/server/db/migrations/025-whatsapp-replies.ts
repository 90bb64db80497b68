import type { Kysely } from 'kysely';

/**
 * The owner's WhatsApp replies from /admin (issue 40): free-form texts, which WhatsApp delivers only
 * within 24 hours of the customer's last message, each with who sent it and what WhatsApp said of
 * it (sent, delivered, read, failed), shown in the order's history — or, to a customer whose
 * message belongs to no order, under the messages on /admin.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whatsapp_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text')
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('wamid', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('whatsapp_replies_order').on('whatsapp_replies').column('order_id').execute();
  await db.schema.createIndex('whatsapp_replies_wamid').on('whatsapp_replies').column('wamid').execute();
}
