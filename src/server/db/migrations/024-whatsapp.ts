import type { Kysely } from 'kysely';

/**
 * WhatsApp through the Cloud API (issue 40):
 * - `whatsapp_messages`: the outbox of messages the shop sends, written in the transaction of the
 *   change they tell of, one per kind per subject (an order or a booking), then what WhatsApp said
 *   of it (accepted with its `wamid`, then sent, delivered, read or failed, from the status webhook);
 * - `whatsapp_received`: what customers wrote to the shop's number, once per message id;
 * - `whatsapp_opt_outs`: numbers that wrote STOP, sent nothing more until they write START;
 * - `users.whatsapp_updates`: the account's last answer to "Send me updates on WhatsApp".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whatsapp_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_at', 'bigint', (c) => c.notNull())
    .addColumn('wamid', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('whatsapp_messages_once').unique().on('whatsapp_messages').columns(['subject', 'kind']).execute();
  await db.schema.createIndex('whatsapp_messages_wamid').on('whatsapp_messages').column('wamid').execute();
  await db.schema.createIndex('whatsapp_messages_due').on('whatsapp_messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema
    .createTable('whatsapp_received')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .execute();
  await db.schema.createIndex('whatsapp_received_order').on('whatsapp_received').column('order_id').execute();
  await db.schema.createIndex('whatsapp_received_at').on('whatsapp_received').column('received_at').execute();
  await db.schema
    .createTable('whatsapp_opt_outs')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('opted_out_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('whatsapp_updates', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
