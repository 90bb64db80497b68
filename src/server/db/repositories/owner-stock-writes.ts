import type { Kysely } from 'kysely';
import { checkStock, type QuantityProblem } from '../../../domain/quantity.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { bumpCatalogVersion } from './catalog-version.ts';

/** The owner's stock count of a product, from /admin or the command line: `setStock`. */
export function ownerStockWrites(kysely: Kysely<Database>) {
  return {
    /**
     * Sets a product's stock (units, or kg for fractional products), with an audit entry
     * naming the actor in the same transaction. Null when there is no such product; the
     * quantity rule's problem for a stock it refuses (a fraction of a piece, a weight finer
     * than a gram), and nothing changed.
     */
    async setStock(
      variantId: string,
      stock: number,
      actor: Actor,
    ): Promise<{ ok: true; variantId: string; from: number; to: number } | { ok: false; problem: QuantityProblem } | null> {
      const now = Date.now();
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('products').select(['id', 'is_fraction', 'stock_milli']).where('variant_id', '=', variantId).executeTakeFirst();
        if (!row) return null;
        const check = checkStock(stock, row.is_fraction === 1);
        if (!check.ok) return check;
        const milli = check.milli;
        await trx.updateTable('products').set({ stock_milli: milli, updated_at: now }).where('id', '=', row.id).execute();
        await bumpCatalogVersion(trx, now);
        const change = { ok: true as const, variantId, from: row.stock_milli / 1000, to: milli / 1000 };
        await recordAudit(trx, { actor, action: 'stock.set', subject: `product:${variantId}`, detail: { from: change.from, to: change.to } }, now);
        return change;
      });
    },
  };
}
