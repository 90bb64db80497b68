import type { ServerCartLine } from '../../../domain/cart-sync.ts';
import { checkQuantity } from '../../../domain/quantity.ts';
import type { Db } from '../database.ts';

/** The logged-in shopper's cart on the server (spec §7 api/user/cart), one line per product, scoped to the user. */
export function createCartRepository(db: Db) {
  const { kysely } = db;
  return {
    async list(userId: string): Promise<ServerCartLine[]> {
      const rows = await kysely.selectFrom('cart_lines').select(['product_id', 'qty_milli']).where('user_id', '=', userId).orderBy('product_id').execute();
      return rows.map((r) => ({ productId: r.product_id, qty: r.qty_milli / 1000 }));
    },

    /** Sets a line's quantity; false when there is no such product or the quantity does not fit it. */
    async set(userId: string, productId: string, qty: number, now = Date.now()): Promise<boolean> {
      const product = await kysely.selectFrom('products').select('is_fraction').where('id', '=', productId).executeTakeFirst();
      if (!product) return false;
      // the order call's rule: a line the cart keeps is one the order takes
      const check = checkQuantity(qty, product.is_fraction === 1);
      if (!check.ok) return false;
      const milli = check.milli;
      await kysely
        .insertInto('cart_lines')
        .values({ user_id: userId, product_id: productId, qty_milli: milli, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ qty_milli: milli, updated_at: now }))
        .execute();
      return true;
    },

    async remove(userId: string, productId: string): Promise<void> {
      await kysely.deleteFrom('cart_lines').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },

    async clear(userId: string): Promise<void> {
      await kysely.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
