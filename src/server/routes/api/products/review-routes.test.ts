import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createReviewRepository } from '../../../db/repositories/review-repository.ts';
import type { Db } from '../../../db/database.ts';
import { createAccessTokens } from '../../../services/access-tokens.ts';
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

describe.each(testDatabases)('POST /api/products/:variantId/reviews on $name', (database) => {
  it('a logged-in shopper reviews under their account name; writing again replaces it; guests and bad input are refused', async () => {
    const secret = randomBytes(32);
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db, { authSecret: secret });
    try {
      const asha = await addUser(db, 'Asha');
      const token = await createAccessTokens(secret).issue({ userId: asha, role: 'customer', sessionId: 'test-session' });
      const post = (payload: object, auth = true) => app.inject({ method: 'POST', url: '/api/products/tee-red-l/reviews', payload, headers: auth ? { authorization: `Bearer ${token}` } : {} });

      expect((await post({ rating: 5, text: 'Lovely' }, false)).statusCode).toBe(401);
      for (const bad of [{ rating: 0, text: 'x' }, { rating: 6, text: 'x' }, { rating: 4.5, text: 'x' }, { rating: 4, text: '   ' }, { rating: 4, text: 'x'.repeat(2001) }]) {
        expect((await post(bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      }
      expect((await post({ rating: 5, text: 'Lovely', authorName: 'Someone else', userId: 'other' })).json()).toEqual({ success: true });
      expect((await post({ rating: 3, text: 'Shrank a little.' })).statusCode).toBe(200);
      const list = (await app.inject({ url: '/api/products/tee-red-m/reviews' })).json();
      expect(list).toMatchObject({ count: 1, average: 3, reviews: [{ author: 'Asha', rating: 3, text: 'Shrank a little.' }] });
    } finally {
      await app.close();
      await dispose();
    }
  });
});
