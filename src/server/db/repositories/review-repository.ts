import { ulid } from 'ulid';
import { handedOverStatuses } from '../../../domain/order-lifecycle.ts';
import type { Db } from '../database.ts';
import type { ReviewTable } from '../tables/catalog.ts';
import { recordAudit, type Actor } from './audit-repository.ts';

export type Review = { id: string; author: string; rating: number; text: string; createdAt: number };
export type ReviewSummary = { count: number; average: number | null; reviews: Review[] };
/** A review as the owner's list shows it: of which item, and whether it is hidden. */
export type OwnerReview = Review & { itemId: string; hidden: boolean };

const forOwner = (r: ReviewTable): OwnerReview => ({
  id: r.id,
  itemId: r.item_id,
  author: r.author_name,
  rating: r.rating,
  text: r.text,
  createdAt: r.created_at,
  hidden: r.hidden === 1,
});

export function createReviewRepository(db: Db) {
  const { kysely } = db;
  return {
    /**
     * Writes a shopper's review of an item; a second review by the same shopper replaces
     * the first. A review the owner hid stays hidden when rewritten: the owner decides.
     */
    async save(r: { itemId: string; userId: string; authorName: string; rating: number; text: string }, now = Date.now()): Promise<void> {
      const values = { author_name: r.authorName, rating: r.rating, text: r.text, created_at: now };
      await kysely
        .insertInto('reviews')
        .values({ id: ulid(), item_id: r.itemId, user_id: r.userId, hidden: 0, ...values })
        .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet(values))
        .execute();
    },

    /** Whether the user has in hand (delivered, served or picked up) an order of any of these products. */
    async hasReceived(userId: string, variantIds: readonly string[]): Promise<boolean> {
      if (!variantIds.length) return false;
      const row = await kysely
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .select('orders.id')
        .where('orders.user_id', '=', userId)
        .where('orders.status', 'in', handedOverStatuses)
        .where('order_lines.product_id', 'in', variantIds)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** An item's shown reviews, newest first, with the count and average over all of them (hidden ones left out). */
    async forItem(itemId: string, limit = 50): Promise<ReviewSummary> {
      const shown = kysely.selectFrom('reviews').where('item_id', '=', itemId).where('hidden', '=', 0);
      const [rows, stats] = await Promise.all([
        shown.select(['id', 'author_name', 'rating', 'text', 'created_at']).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute(),
        shown.select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('rating').as('total')]).executeTakeFirstOrThrow(),
      ]);
      const count = Number(stats.count);
      return {
        count,
        average: count > 0 ? Math.round((Number(stats.total) / count) * 10) / 10 : null,
        reviews: rows.map((r) => ({ id: r.id, author: r.author_name, rating: r.rating, text: r.text, createdAt: r.created_at })),
      };
    },

    /** The newest reviews of every item, hidden ones too: the owner's list. */
    async recent(limit = 50): Promise<OwnerReview[]> {
      const rows = await kysely.selectFrom('reviews').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(forOwner);
    },

    /** The owner hides or shows a review, audited in the same transaction; null when there is no such review. */
    async setHidden(id: string, hidden: boolean, actor: Actor, now = Date.now()): Promise<OwnerReview | null> {
      return kysely.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('reviews')
          .set({ hidden: hidden ? 1 : 0 })
          .where('id', '=', id)
          .where('hidden', '=', hidden ? 0 : 1)
          .executeTakeFirst();
        const row = await trx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        if (Number(changed.numUpdatedRows) === 1)
          await recordAudit(
            trx,
            { actor, action: hidden ? 'review.hide' : 'review.show', subject: `review:${id}`, detail: { itemId: row.item_id, author: row.author_name } },
            now,
          );
        return forOwner(row);
      });
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
