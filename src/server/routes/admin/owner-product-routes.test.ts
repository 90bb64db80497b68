import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createAuditRepository } from '../../db/repositories/audit-repository.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

type CatalogProduct = { variantId: string; title: string; categoryId: string; stock: number; tags: string[]; price: { mrp: number | null; regular: number; special: number | null } };

/** A shop taking pay-on-delivery orders with an e-mail address. */
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

const shipping = { fullName: 'Asha Rao', streetName: '12 MG Road', apartment: '', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India', phone: '9800000001' };
const personal = { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '', dialCode: '+91' } };

describe.each(testDatabases)("the owner's products on $name", (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: shopConfig(), authSecret: secret });
    for (const [id, role] of [['priya', 'owner'], ['asha', 'customer']] as const) {
      await db.kysely.insertInto('users').values({ id, name: `User ${id}`, email: `${id}@example.com`, phone: null, password_hash: null, role, email_verified: 1, phone_verified: 0, created_at: 0 }).execute();
      token[id] = await tokens.issue({ userId: id, role, sessionId: 'test-session' });
    }
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user?: string, payload?: object) => app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const catalog = async () => (await call('GET', '/api/catalog')).json<{ products: CatalogProduct[] }>().products;
  const product = async (variantId: string) => (await catalog()).find((p) => p.variantId === variantId);
  const order = (items: Array<{ id: string; qty: number }>) =>
    call('POST', '/fn/order/create', undefined, { userId: null, sfId: 'test-shop', order: { items, deliveryMode: 'ship', personalDetails: personal, shippingDetails: shipping, paymentType: 'pof' } });

  it('a price change shows in the catalog at once, leaves the stock as sold and is audited old → new', async () => {
    // 5 in stock; a shopper buys 2
    const sold = await order([{ id: 'tee-red-m', qty: 2 }]);
    expect(sold.statusCode, sold.body).toBe(200);
    expect((await product('tee-red-m'))?.stock).toBe(3);
    const res = await call('PATCH', '/admin/api/products/tee-red-m', 'priya', { price: { regular: 649, special: 549.25 } });
    expect(res.statusCode).toBe(200);
    const edited = await product('tee-red-m');
    expect(edited?.price).toEqual({ mrp: 799, regular: 649, special: 549.25 });
    expect(edited?.stock).toBe(3);
    const [entry] = await createAuditRepository(db).list('product:tee-red-m');
    expect(entry).toMatchObject({ actor: 'priya', action: 'product.edit', detail: { 'price.regular': { from: 599, to: 649 }, 'price.special': { from: 499.5, to: 549.25 } } });
    expect(Object.keys(entry!.detail).sort()).toEqual(['price.regular', 'price.special']);
  });

  it('what the product is changes on every variant of it; the name, on the one variant; POST does the same as PATCH', async () => {
    const res = await call('POST', '/admin/api/products/tee-red-l', 'priya', { title: 'Organic Cotton Tee', categoryId: 'fruit', tags: ['sale', 'new'], variantName: 'Red / Large' });
    expect(res.statusCode).toBe(200);
    const [m, l] = [await product('tee-red-m'), await product('tee-red-l')];
    expect([m?.title, l?.title]).toEqual(['Organic Cotton Tee', 'Organic Cotton Tee']);
    expect([m?.categoryId, l?.categoryId]).toEqual(['fruit', 'fruit']);
    expect([m?.tags, l?.tags]).toEqual([['new', 'sale'], ['new', 'sale']]);
    expect((await catalog()).map((p) => (p as unknown as { variantName: string }).variantName)).toEqual(['Red / M', 'Red / Large', '']);
    // an unchanged stock for both
    expect([m?.stock, l?.stock]).toEqual([3, 0]);
  });

  it('refuses bad prices, an unknown category and a blank title with a message per field, changing nothing', async () => {
    const before = await catalog();
    const audit = (await createAuditRepository(db).list()).length;
    const cases: Array<[object, Array<[string, string]>]> = [
      [{ price: { regular: -1 } }, [['price.regular', 'A price cannot be negative.']]],
      [{ price: { special: 700 } }, [['price.special', 'The special price must not be above the regular price.']]],
      [{ price: { regular: 900 } }, [['price.regular', 'The regular price must not be above the MRP.']]],
      [{ price: { regular: 10.505 } }, [['price.regular', 'Write the price with at most 2 decimals, e.g. 180.50.']]],
      [{ title: 'Fine', categoryId: 'no-such-category' }, [['categoryId', 'There is no such category.']]],
      [{ title: '   ' }, [['title', 'A product needs a title.']]],
      [{ taxRate: 120 }, [['taxRate', 'The tax rate is a percentage from 0 to 100.']]],
      [{ stock: 100 }, [['', expect.any(String) as unknown as string]]],
    ];
    for (const [body, fields] of cases) {
      const res = await call('PATCH', '/admin/api/products/tee-red-m', 'priya', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields.map(([path, message]) => ({ path, message })));
    }
    // a whole-unit product cannot come from 12.5 kg of stock
    const mango = await call('PATCH', '/admin/api/products/mango', 'priya', { isFraction: false, price: { regular: 300 } });
    expect(mango.json()).toMatchObject({ fields: [{ path: 'isFraction' }] });
    expect(await catalog()).toEqual(before);
    expect((await createAuditRepository(db).list()).length).toBe(audit);
    expect((await call('PATCH', '/admin/api/products/no-such-product', 'priya', { title: 'X' })).statusCode).toBe(404);
  });

  it('answers a guest and a shopper as if the call did not exist, and changes nothing', async () => {
    const before = await catalog();
    const missing = await call('GET', '/admin/api/no-such-call');
    for (const user of [undefined, 'asha']) {
      for (const method of ['PATCH', 'POST'] as const) {
        const res = await call(method, '/admin/api/products/tee-red-m', user, { price: { regular: 1 } });
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    expect(await catalog()).toEqual(before);
  });
});
