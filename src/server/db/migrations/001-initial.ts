import type { Kysely } from 'kysely';

/**
 * The first schema, written once for both databases: only types both understand
 * (text, integer, bigint) so values come back identical. Money and times are bigint
 * (PostgreSQL's int8 is parsed to a JS number by the db plugin; SQLite's INTEGER is 64-bit).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull().unique())
    .addColumn('variant_name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
    .addColumn('mrp_minor', 'bigint')
    .addColumn('regular_minor', 'bigint', (c) => c.notNull())
    .addColumn('special_minor', 'bigint')
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('stock_milli', 'bigint', (c) => c.notNull())
    .addColumn('is_fraction', 'integer', (c) => c.notNull())
    .addColumn('type_id', 'text', (c) => c.notNull())
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_item_id').on('products').column('item_id').execute();
  await db.schema.createIndex('products_category_id').on('products').column('category_id').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag_id'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('button_text', 'text', (c) => c.notNull())
    .addColumn('image_mobile', 'text', (c) => c.notNull())
    .addColumn('image_desktop', 'text', (c) => c.notNull())
    .addColumn('background', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull())
    .addColumn('phone_verified', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema.createIndex('one_time_codes_target').on('one_time_codes').columns(['purpose', 'target']).execute();

  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('qty_milli', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delivery_mode', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('shipping_slot_id', 'text')
    .addColumn('payment_type', 'text')
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('grand_total_minor', 'bigint', (c) => c.notNull())
    .addColumn('notification_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('variant_name', 'text', (c) => c.notNull())
    .addColumn('qty_milli', 'bigint', (c) => c.notNull())
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('order_totals')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('value_minor', 'bigint', (c) => c.notNull())
    .addColumn('is_percentage', 'integer', (c) => c.notNull())
    .addColumn('percent_amount', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_totals_pk', ['order_id', 'code'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointments_user').on('appointments').column('user_id').execute();
  await db.schema.createIndex('appointments_start').on('appointments').columns(['service_id', 'starts_at']).execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('keys', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_time').on('analytics_events').columns(['event_type', 'created_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
}
