import type { Kysely } from 'kysely';

/**
 * The payment gateway's events the shop has acted on, by the gateway's own event id (Razorpay's
 * `X-Razorpay-Event-Id`): a webhook sent again — Razorpay retries until it hears a 2xx, and
 * may deliver one twice — is answered and changes nothing. Written in the transaction that acts
 * on the event, so an event whose change failed is not kept and its retry is acted on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}
