import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createReviewRepository } from '../../../db/repositories/review-repository.ts';
import type { Db } from '../../../db/database.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { buildTestApp } from '../../../testing/test-app.ts';

async function addUser(db: Db, name: string): Promise<string> {
  const id = ulid();
  await db.kysely.insertInto('users').values({ id, name, email: null, phone: null, password_hash: null, role: 'shopper', email_verified: 0, phone_verified: 0, created_at: Date.now() }).execute();
  return id;
}

describe.each(testDatabases)('GET /api/products/:variantId/reviews on $name', (database) => {
  it('shows every variant of an item the same reviews, newest first, with the average', async () => {
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db);
    try {
      const reviews = createReviewRepository(db);
      const asha = await addUser(db, 'Asha');
      const ravi = await addUser(db, 'Ravi');
      await reviews.save({ itemId: 'tee', userId: asha, authorName: 'Asha', rating: 5, text: 'Soft and true to size.' });
      await new Promise((r) => setTimeout(r, 5));
      await reviews.save({ itemId: 'tee', userId: ravi, authorName: 'Ravi', rating: 4, text: 'Good colour.' });
      // a second review by the same shopper replaces the first
      await reviews.save({ itemId: 'tee', userId: asha, authorName: 'Asha', rating: 4, text: 'Still soft after ten washes.' });

      for (const sku of ['tee-red-m', 'tee-red-l']) {
        const res = await app.inject({ url: `/api/products/${sku}/reviews` });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.count).toBe(2);
        expect(body.average).toBe(4);
        expect(body.reviews.map((r: { text: string }) => r.text)).toEqual(['Still soft after ten washes.', 'Good colour.']);
      }
      const none = await app.inject({ url: '/api/products/mango/reviews' });
      expect(none.json()).toEqual({ count: 0, average: null, reviews: [] });
      expect((await app.inject({ url: '/api/products/no-such-thing/reviews' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
