import { ulid } from 'ulid';
import type { Db } from '../database.ts';

export type Review = { id: string; author: string; rating: number; text: string; createdAt: number };
export type ReviewSummary = { count: number; average: number | null; reviews: Review[] };

export function createReviewRepository(db: Db) {
  const { kysely } = db;
  return {
    /** Writes a shopper's review of an item; a second review by the same shopper replaces the first. */
    async save(r: { itemId: string; userId: string; authorName: string; rating: number; text: string }): Promise<void> {
      const values = { author_name: r.authorName, rating: r.rating, text: r.text, created_at: Date.now() };
      await kysely
        .insertInto('reviews')
        .values({ id: ulid(), item_id: r.itemId, user_id: r.userId, ...values })
        .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet(values))
        .execute();
    },

    /** An item's reviews, newest first, with the count and average over all of them. */
    async forItem(itemId: string, limit = 50): Promise<ReviewSummary> {
      const [rows, stats] = await Promise.all([
        kysely.selectFrom('reviews').select(['id', 'author_name', 'rating', 'text', 'created_at']).where('item_id', '=', itemId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute(),
        kysely.selectFrom('reviews').select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('rating').as('total')]).where('item_id', '=', itemId).executeTakeFirstOrThrow(),
      ]);
      const count = Number(stats.count);
      return {
        count,
        average: count > 0 ? Math.round((Number(stats.total) / count) * 10) / 10 : null,
        reviews: rows.map((r) => ({ id: r.id, author: r.author_name, rating: r.rating, text: r.text, createdAt: r.created_at })),
      };
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
