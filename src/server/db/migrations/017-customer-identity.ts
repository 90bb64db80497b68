import type { Kysely } from 'kysely';
import { customerIdentity, emailIdentity } from '../../../domain/customer-identity.ts';

const BATCH = 500;

/**
 * One shopper, however the address is typed (decision 076).
 * - `orders.customer_key` is made again by `customerIdentity` for every order (so `A@Gmail.com`,
 *   `a+x@gmail.com` and a look-alike of it are one customer, and orders from before migration 009
 *   get one too), and `email_key` and `phone_key` say the e-mail and phone the order gave: the
 *   per-customer and first-order rules find a shopper's orders by any of the three.
 * - `coupon_redemptions.customer` follows its order's key.
 * - `newsletter_subscribers.identity`: the mailbox an address reaches, so one mailbox gets one
 *   welcome coupon; `newsletter_last_mail`: when a mailbox was last sent a newsletter e-mail,
 *   for the one-a-day limit.
 *
 * Uses the domain's own `customerIdentity`, so old orders are keyed exactly as new ones are.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('email_key', 'text').execute();
  await db.schema.alterTable('orders').addColumn('phone_key', 'text').execute();
  await db.schema
    .createTable('customer_key_rewrite')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text')
    .addColumn('phone_key', 'text')
    .execute();
  for (let after = ''; ;) {
    const rows = (await db.selectFrom('orders').select(['id', 'user_id', 'details']).where('id', '>', after).orderBy('id').limit(BATCH).execute()) as Array<{
      id: string;
      user_id: string | null;
      details: string;
    }>;
    if (!rows.length) break;
    await db
      .insertInto('customer_key_rewrite')
      .values(
        rows.map((r) => {
          const personal = (JSON.parse(r.details) as { personalDetails?: Parameters<typeof customerIdentity>[1] }).personalDetails;
          const who = customerIdentity(r.user_id, personal);
          return { id: r.id, customer_key: who.key, email_key: who.email, phone_key: who.phone };
        }),
      )
      .execute();
    after = rows.at(-1)!.id;
  }
  const from = (column: string) => db.selectFrom('customer_key_rewrite as m').select(`m.${column}`).whereRef('m.id', '=', 'orders.id');
  await db
    .updateTable('orders')
    .set({ customer_key: from('customer_key'), email_key: from('email_key'), phone_key: from('phone_key') })
    .execute();
  await db.schema.dropTable('customer_key_rewrite').execute();
  await db
    .updateTable('coupon_redemptions')
    .set({ customer: db.selectFrom('orders as o').select('o.customer_key').whereRef('o.id', '=', 'coupon_redemptions.order_id') })
    .execute();
  await db.schema.createIndex('orders_email_key').on('orders').column('email_key').execute();
  await db.schema.createIndex('orders_phone_key').on('orders').column('phone_key').execute();

  await db.schema.alterTable('newsletter_subscribers').addColumn('identity', 'text').execute();
  const subscribers = (await db.selectFrom('newsletter_subscribers').select('email').execute()) as Array<{ email: string }>;
  for (const { email } of subscribers)
    await db
      .updateTable('newsletter_subscribers')
      .set({ identity: emailIdentity(email) ?? email })
      .where('email', '=', email)
      .execute();
  await db.schema.createIndex('newsletter_subscribers_identity').on('newsletter_subscribers').column('identity').execute();
  await db.schema
    .createTable('newsletter_last_mail')
    .addColumn('identity', 'text', (c) => c.primaryKey())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
}
