import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReviewRepository } from '../../../db/repositories/review-repository.ts';
import type { Db } from '../../../db/database.ts';
import { createAccessTokens } from '../../../services/access-tokens.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { addUser } from '../../../testing/users.ts';
import { testShopConfig } from '../../../testing/fixtures.ts';
import { buildTestApp, useTestApp } from '../../../testing/test-app.ts';

async function addShopper(db: Db, name: string): Promise<string> {
  const id = ulid();
  await db.kysely
    .insertInto('users')
    .values({ id, name, email: null, phone: null, password_hash: null, role: 'shopper', email_verified: 0, phone_verified: 0, created_at: Date.now() })
    .execute();
  return id;
}

describe.each(testDatabases)('GET /api/products/:variantId/reviews on $name', (database) => {
  it('shows every variant of an item the same reviews, newest first, with the average', async () => {
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db);
    try {
      const reviews = createReviewRepository(db);
      const asha = await addShopper(db, 'Asha');
      const ravi = await addShopper(db, 'Ravi');
      const day = 86_400_000;
      await reviews.save({ itemId: 'tee', userId: asha, authorName: 'Asha', rating: 5, text: 'Soft and true to size.' }, 1 * day);
      await reviews.save({ itemId: 'tee', userId: ravi, authorName: 'Ravi', rating: 4, text: 'Good colour.' }, 2 * day);
      // a second review by the same shopper replaces the first
      await reviews.save({ itemId: 'tee', userId: asha, authorName: 'Asha', rating: 4, text: 'Still soft after ten washes.' }, 3 * day);

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

describe.each(testDatabases)('reviews by shoppers who received the product, on $name', (database) => {
  const secret = randomBytes(32);
  const tokens = createAccessTokens(secret);
  const shop = useTestApp(database, {
    authSecret: secret,
    config: {
      ...testShopConfig(),
      orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
      payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
    },
  });
  const token: Record<string, string> = {};
  const address = { fullName: 'Mira Nair', streetName: '4 Church Street', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' };

  beforeAll(async () => {
    await shop.db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).execute();
    for (const [id, role] of [
      ['priya', 'owner'],
      ['asha', 'customer'],
      ['ravi', 'customer'],
      ['mira', 'customer'],
    ] as const) {
      token[id] = await addUser(shop.db, tokens, { id, role, name: id === 'asha' ? 'Asha' : id === 'mira' ? 'Mira' : id });
    }
  });

  const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const review = (user: string | undefined, variantId: string, payload: object) => call('POST', `/api/products/${variantId}/reviews`, user, payload);
  const mayReview = async (user: string, variantId: string) => (await call('GET', `/api/products/${variantId}/reviews/eligibility`, user)).json();
  const publicList = async (variantId = 'tee-red-m') => (await call('GET', `/api/products/${variantId}/reviews`)).json();
  const stored = async () =>
    (await shop.db.kysely.selectFrom('reviews').select(['user_id', 'text']).orderBy('user_id').execute()).map((r) => `${r.user_id}: ${r.text}`);
  const order = async (user: string, deliveryMode: 'pickup' | 'ship', variantId = 'tee-red-m') => {
    const res = await call('POST', '/fn/order/create', user, {
      sfId: 'test-shop',
      order: {
        items: [{ id: variantId, qty: 1 }],
        deliveryMode,
        personalDetails: { fullName: user, email: '', phone: { number: '', dialCode: '' } },
        ...(deliveryMode === 'ship' ? { shippingDetails: address } : {}),
        paymentType: 'pof',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orderId: string }>().orderId;
  };
  const move = async (orderId: string, status: string) =>
    expect((await call('POST', `/admin/api/orders/${orderId}/status`, 'priya', { status })).statusCode).toBe(200);
  const BUYERS_ONLY = { success: false, error: 'not_a_buyer', message: 'Only shoppers who received this product can review it.' };

  it('a shopper who never received the product is refused with the reason, and nothing is stored', async () => {
    const res = await review('ravi', 'tee-red-l', { rating: 1, text: 'Never bought it, but one star anyway.' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(BUYERS_ONLY);
    expect(await mayReview('ravi', 'tee-red-l')).toEqual({ canReview: false });
    expect(await stored()).toEqual([]);
    expect(await publicList()).toEqual({ count: 0, average: null, reviews: [] });
  });

  it('an order placed, confirmed or cancelled does not count; once picked up, any variant of the item may be reviewed', async () => {
    const orderId = await order('asha', 'pickup');
    expect(await review('asha', 'tee-red-l', { rating: 5, text: 'Lovely' }).then((r) => r.json())).toEqual(BUYERS_ONLY);
    await move(orderId, 'confirmed');
    expect((await review('asha', 'tee-red-l', { rating: 5, text: 'Lovely' })).statusCode).toBe(403);
    const cancelled = await order('asha', 'pickup');
    await move(cancelled, 'cancelled');
    expect((await review('asha', 'tee-red-l', { rating: 5, text: 'Lovely' })).statusCode).toBe(403);
    expect(await stored()).toEqual([]);

    await move(orderId, 'picked_up');
    expect(await mayReview('asha', 'tee-red-l')).toEqual({ canReview: true });
    // the name shown is the account's, whatever the body says
    expect((await review('asha', 'tee-red-l', { rating: 5, text: 'Lovely', authorName: 'Someone else', userId: 'ravi' })).json()).toEqual({ success: true });
    // writing again replaces it
    expect((await review('asha', 'tee-red-l', { rating: 3, text: 'Shrank a little.' })).statusCode).toBe(200);
    expect(await publicList()).toMatchObject({ count: 1, average: 3, reviews: [{ author: 'Asha', rating: 3, text: 'Shrank a little.' }] });

    // the tee does not let her review the mango
    expect((await review('asha', 'mango', { rating: 4, text: 'Sweet' })).statusCode).toBe(403);
    expect(await stored()).toEqual(['asha: Shrank a little.']);
  });

  it('an order on its way does not count; delivered, it does', async () => {
    const orderId = await order('mira', 'ship');
    await move(orderId, 'out_for_delivery');
    expect((await review('mira', 'tee-red-m', { rating: 5, text: 'Fits well.' })).json()).toEqual(BUYERS_ONLY);
    await move(orderId, 'delivered');
    expect((await review('mira', 'tee-red-m', { rating: 5, text: 'Fits well.' })).statusCode).toBe(200);
    expect(await publicList('tee-red-l')).toMatchObject({ count: 2, average: 4 });
  });

  it('guests and bad input are refused and change nothing', async () => {
    expect((await review(undefined, 'tee-red-l', { rating: 5, text: 'Lovely' })).statusCode).toBe(401);
    expect((await call('GET', '/api/products/tee-red-l/reviews/eligibility')).statusCode).toBe(401);
    for (const bad of [
      { rating: 0, text: 'x' },
      { rating: 6, text: 'x' },
      { rating: 4.5, text: 'x' },
      { rating: 4, text: '   ' },
      { rating: 4, text: 'x'.repeat(2001) },
    ]) {
      expect((await review('asha', 'tee-red-l', bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    expect((await review('asha', 'no-such-thing', { rating: 4, text: 'x' })).statusCode).toBe(404);
    expect(await stored()).toEqual(['asha: Shrank a little.', 'mira: Fits well.']);
  });

  it('the owner hides a review: it leaves the public list, the count and the average, and can be shown again; audited', async () => {
    const listed = await call('GET', '/admin/api/reviews', 'priya');
    expect(listed.statusCode).toBe(200);
    const reviews = listed.json().reviews as Array<{ id: string; author: string; productTitle: string; rating: number; text: string; hidden: boolean }>;
    expect(reviews.map((r) => [r.author, r.productTitle, r.rating, r.hidden])).toEqual([
      ['Mira', 'Cotton Tee', 5, false],
      ['Asha', 'Cotton Tee', 3, false],
    ]);
    const mira = reviews[0]!.id;

    const hidden = await call('POST', `/admin/api/reviews/${mira}/hidden`, 'priya', { hidden: true });
    expect(hidden.json()).toMatchObject({ success: true, review: { id: mira, hidden: true } });
    expect(await publicList()).toMatchObject({ count: 1, average: 3, reviews: [{ author: 'Asha' }] });
    expect((await call('GET', '/admin/api/reviews', 'priya')).json().reviews.map((r: { hidden: boolean }) => r.hidden)).toEqual([true, false]);
    // her writing again does not bring it back: the owner does
    expect((await review('mira', 'tee-red-m', { rating: 5, text: 'Fits well, really.' })).statusCode).toBe(200);
    expect((await publicList()).count).toBe(1);

    await call('POST', `/admin/api/reviews/${mira}/hidden`, 'priya', { hidden: false });
    expect(await publicList()).toMatchObject({ count: 2, average: 4 });
    const audit = await shop.db.kysely.selectFrom('audit_log').select(['actor', 'action']).where('subject', '=', `review:${mira}`).orderBy('id').execute();
    expect(audit).toEqual([
      { actor: 'priya', action: 'review.hide' },
      { actor: 'priya', action: 'review.show' },
    ]);

    expect((await call('POST', '/admin/api/reviews/01NOSUCHREVIEW/hidden', 'priya', { hidden: true })).statusCode).toBe(404);
    expect((await call('POST', `/admin/api/reviews/${mira}/hidden`, 'priya', { hidden: 'yes' })).statusCode).toBe(400);
  });

  it("anyone but the owner gets 404 from the owner's review calls, and nothing changes", async () => {
    const missing = await call('GET', '/admin/api/no-such-call');
    const [first] = (await call('GET', '/admin/api/reviews', 'priya')).json().reviews as Array<{ id: string }>;
    for (const user of [undefined, 'asha', 'mira']) {
      for (const [method, url, body] of [
        ['GET', '/admin/api/reviews'],
        ['POST', `/admin/api/reviews/${first!.id}/hidden`, { hidden: true }],
      ] as const) {
        const res = await call(method, url, user, body);
        expect(res.statusCode, `${method} ${url} as ${user ?? 'a guest'}`).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    expect(await publicList()).toMatchObject({ count: 2, average: 4 });
  });
});
