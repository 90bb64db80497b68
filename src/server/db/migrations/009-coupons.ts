import { sql, type Kysely } from 'kysely';

/**
 * Coupons the owner controls (issue 19).
 * - `coupons`: a code with a percentage (hundredths: 1050 is 10.5 %) or an amount off,
 *   a minimum order, a cap, a validity window, total and per-customer uses, first order
 *   only, on or off; `used` counts its redemptions (taken with a conditional update, so
 *   never past `total_uses`); `source` is where it was made: `config`, `owner` (on /admin)
 *   or `newsletter`.
 * - `coupon_redemptions`: which order used which code for which customer; a cancelled or
 *   rejected order gives its use back.
 * - `orders.customer_key`: who placed the order (`user:…`, `email:…`, `phone:…`), for
 *   per-customer and first-order rules.
 * - `newsletter_subscribers` is remade with a confirmation (double opt-in) and a coupon
 *   only once confirmed. The codes given so far become newsletter coupons, one use each.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('percent_hundredths', 'integer')
    .addColumn('amount_minor', 'bigint')
    .addColumn('min_order_minor', 'bigint')
    .addColumn('max_discount_minor', 'bigint')
    .addColumn('valid_from', 'bigint')
    .addColumn('valid_until', 'bigint')
    .addColumn('total_uses', 'integer')
    .addColumn('uses_per_customer', 'integer')
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_redemptions_customer').on('coupon_redemptions').columns(['code', 'customer']).execute();
  await db.schema.alterTable('orders').addColumn('customer_key', 'text').execute();
  await db.schema.createIndex('orders_customer_key').on('orders').column('customer_key').execute();

  await db
    .insertInto('coupons')
    .columns(['code', 'kind', 'percent_hundredths', 'total_uses', 'uses_per_customer', 'used', 'source', 'created_at', 'updated_at'])
    .expression(
      db
        .selectFrom('newsletter_subscribers')
        .select([
          'coupon_code',
          sql.lit('percent').as('kind'),
          sql<number>`coupon_percent * 100`.as('percent_hundredths'),
          sql.lit(1).as('total_uses'),
          sql.lit(1).as('uses_per_customer'),
          sql<number>`case when coupon_used_at is null then 0 else 1 end`.as('used'),
          sql.lit('newsletter').as('source'),
          'created_at',
          'created_at as updated_at',
        ]),
    )
    .execute();
  await db.schema
    .createTable('newsletter_members')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('coupon_code', 'text')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // those who had a code were shown it on screen: they count as confirmed
  await db
    .insertInto('newsletter_members')
    .columns(['email', 'coupon_code', 'confirmed_at', 'created_at'])
    .expression(db.selectFrom('newsletter_subscribers').select(['email', 'coupon_code', 'created_at as confirmed_at', 'created_at']))
    .execute();
  await db.schema.dropTable('newsletter_subscribers').execute();
  await db.schema.alterTable('newsletter_members').renameTo('newsletter_subscribers').execute();
}
