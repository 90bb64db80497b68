import type { Kysely } from 'kysely';

/**
 * How a product is sold, as the owner sets it on /admin (issue 21): `weight_step_milli`,
 * the grams the + and − buttons add or take for a product sold by weight (null: the
 * storefront's 250 g); `size_guide`, the product's own size guide (null: none, the
 * storefront's general one for products with sizes).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('weight_step_milli', 'integer').execute();
  await db.schema.alterTable('products').addColumn('size_guide', 'text').execute();
}
