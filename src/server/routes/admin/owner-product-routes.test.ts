import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import type { Product } from '../../../domain/catalog.ts';
import { filterProducts, parseCatalogFilter } from '../../../domain/catalog-view.ts';
import type { Db } from '../../db/database.ts';
import { createAuditRepository } from '../../testing/audit-log.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testPersonal, testShopConfig, testShipping } from '../../testing/fixtures.ts';
import { checkoutOrder } from '../../testing/orders.ts';
import { buildTestApp, useTestApp } from '../../testing/test-app.ts';
import { addOwnerAndCustomer, useOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

type CatalogProduct = {
  variantId: string;
  madeToOrder?: boolean;
  title: string;
  categoryId: string;
  stock: number;
  tags: string[];
  price: { mrp: number | null; regular: number; special: number | null };
};

/** A shop taking pay-on-delivery orders with an e-mail address. */
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

/** A guest's order for delivery to Asha, paid on delivery. */
const guestDelivery = (items: Array<{ id: string; qty: number }>) =>
  checkoutOrder({ items, deliveryMode: 'ship', personalDetails: testPersonal(), shippingDetails: testShipping() });

describe.each(testDatabases)("the owner's products on $name", (database) => {
  const shop = useTestApp(database, { config: shopConfig(), authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens, (id) => `User ${id}`);

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user?: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const catalog = async () => (await call('GET', '/api/catalog')).json<{ products: CatalogProduct[] }>().products;
  const product = async (variantId: string) => (await catalog()).find((p) => p.variantId === variantId);
  const order = (items: Array<{ id: string; qty: number }>) => call('POST', '/fn/order/create', undefined, guestDelivery(items));

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
    const [entry] = await createAuditRepository(shop.db).list('product:tee-red-m');
    expect(entry).toMatchObject({
      actor: 'priya',
      action: 'product.edit',
      detail: { 'price.regular': { from: 599, to: 649 }, 'price.special': { from: 499.5, to: 549.25 } },
    });
    expect(Object.keys(entry!.detail).sort()).toEqual(['price.regular', 'price.special']);
  });

  it('what the product is changes on every variant of it; the name, on the one variant; POST does the same as PATCH', async () => {
    const res = await call('POST', '/admin/api/products/tee-red-l', 'priya', {
      title: 'Organic Cotton Tee',
      categoryId: 'fruit',
      tags: ['sale', 'new'],
      variantName: 'Red / Large',
    });
    expect(res.statusCode).toBe(200);
    const [m, l] = [await product('tee-red-m'), await product('tee-red-l')];
    expect([m?.title, l?.title]).toEqual(['Organic Cotton Tee', 'Organic Cotton Tee']);
    expect([m?.categoryId, l?.categoryId]).toEqual(['fruit', 'fruit']);
    expect([m?.tags, l?.tags]).toEqual([
      ['new', 'sale'],
      ['new', 'sale'],
    ]);
    expect((await catalog()).map((p) => (p as unknown as { variantName: string }).variantName)).toEqual(['Red / M', 'Red / Large', '']);
    // an unchanged stock for both
    expect([m?.stock, l?.stock]).toEqual([3, 0]);
  });

  it('refuses bad prices, an unknown category and a blank title with a message per field, changing nothing', async () => {
    const before = await catalog();
    const audit = (await createAuditRepository(shop.db).list()).length;
    const cases: Array<[object, Array<[string, string]>]> = [
      [{ price: { regular: -1 } }, [['price.regular', 'A price cannot be negative.']]],
      [{ price: { special: 700 } }, [['price.special', 'The special price must not be above the regular price.']]],
      [{ price: { regular: 900 } }, [['price.regular', 'The regular price must not be above the MRP.']]],
      [{ price: { regular: 10.505 } }, [['price.regular', 'Write the price with at most 2 decimals, e.g. 180.50.']]],
      [{ title: 'Fine', categoryId: 'no-such-category' }, [['categoryId', 'There is no such category.']]],
      [{ title: '   ' }, [['title', 'A product needs a title.']]],
      [{ taxRate: 120 }, [['taxRate', 'The tax rate is a percentage from 0 to 100.']]],
      [{ weightStep: 0.125 }, [['weightStep', 'Write the step in kg with at most 2 decimals, e.g. 0.25.']]],
      [{ weightStep: 0 }, [['weightStep', 'Write the step in kg from 0.01 to 100, e.g. 0.25.']]],
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
    expect((await createAuditRepository(shop.db).list()).length).toBe(audit);
    expect((await call('PATCH', '/admin/api/products/no-such-product', 'priya', { title: 'X' })).statusCode).toBe(404);
  });

  it('how it is sold: a weight step and a size guide reach the shopper, blank takes them off, and stock stays', async () => {
    const before = await product('mango');
    const res = await call('PATCH', '/admin/api/products/mango', 'priya', { weightStep: 0.1, sizeGuide: '  One mango weighs about 300 g.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await product('mango')).toEqual({ ...before, weightStep: 0.1, sizeGuide: 'One mango weighs about 300 g.' });
    const [entry] = await createAuditRepository(shop.db).list('product:mango');
    expect(entry?.detail).toEqual({ weightStep: { from: null, to: 0.1 }, sizeGuide: { from: '', to: 'One mango weighs about 300 g.' } });
    // back to the storefront's own 250 g and no guide
    expect((await call('PATCH', '/admin/api/products/mango', 'priya', { weightStep: null, sizeGuide: ' ' })).statusCode).toBe(200);
    expect(await product('mango')).toEqual(before);
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

const IST = 'Asia/Kolkata';

describe.each(testDatabases)("the owner's marks on products on $name", (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  /** Monday 23 November 2026, 22:00 in the shop. */
  let now = instantOf('2026-11-23', '22:00', IST);
  const token: Record<string, string> = {};

  // a fresh shop per test: stock, marks and orders as the test catalog starts them
  beforeEach(async () => {
    now = instantOf('2026-11-23', '22:00', IST);
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: { ...shopConfig(), timeZone: IST }, authSecret: secret, clock: () => now });
    Object.assign(token, await addOwnerAndCustomer(db, tokens, (id) => `User ${id}`));
    return async () => {
      await app.close();
      await dispose();
    };
  });

  const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const catalog = async () => (await call('GET', '/api/catalog')).json<{ products: CatalogProduct[] }>().products;
  const product = async (variantId: string) => (await catalog()).find((p) => p.variantId === variantId);
  const order = (items: Array<{ id: string; qty: number }>) => call('POST', '/fn/order/create', undefined, guestDelivery(items));
  const stockOf = async (id: string) =>
    (await db.kysely.selectFrom('products').select('stock_milli').where('id', '=', id).executeTakeFirstOrThrow()).stock_milli / 1000;
  const mark = (variantId: string, body: object, user = 'priya') => call('POST', `/admin/api/products/${variantId}/marks`, user, body);

  it("a hidden product leaves the catalog, the sitemap and orders, stays in the owner's list, and comes back when shown", async () => {
    expect((await mark('tee-red-m', { hidden: true, allVariants: true })).json()).toMatchObject({ success: true, variants: ['tee-red-m', 'tee-red-l'] });
    expect((await catalog()).map((p) => p.variantId)).toEqual(['mango']);
    expect((await call('GET', '/sitemap.xml')).body).not.toContain('/p/tee-red');
    const refused = await order([{ id: 'tee-red-m', qty: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'unavailable', ids: ['tee-red-m'] });
    expect(await stockOf('tee-red-m')).toBe(5);
    const owners = (await call('GET', '/admin/api/products?q=tee', 'priya')).json();
    expect(owners.products.map((p: { variantId: string; hidden: boolean }) => [p.variantId, p.hidden])).toEqual([
      ['tee-red-m', true],
      ['tee-red-l', true],
    ]);
    expect(await createAuditRepository(db).list('product:tee-red-m')).toMatchObject([
      { actor: 'priya', action: 'product.mark', detail: { 'tee-red-m': { hidden: { from: 0, to: 1 } }, 'tee-red-l': { hidden: { from: 0, to: 1 } } } },
    ]);

    // one variant shown again: only it comes back
    await mark('tee-red-l', { hidden: false });
    expect((await catalog()).map((p) => p.variantId)).toEqual(['tee-red-l', 'mango']);
    expect((await call('GET', '/sitemap.xml')).body).toContain('/p/tee-red-l');
    expect((await order([{ id: 'tee-red-m', qty: 1 }])).statusCode).toBe(409);
  });

  it('a made-to-order product is ordered beyond its stock of 0 and none is taken; tracking again refuses it', async () => {
    expect((await product('tee-red-l'))?.stock).toBe(0);
    expect((await order([{ id: 'tee-red-l', qty: 3 }])).json()).toMatchObject({ error: 'out_of_stock' });
    await mark('tee-red-l', { tracksStock: false });
    expect(await product('tee-red-l')).toMatchObject({ stock: 0, madeToOrder: true });
    // the checkout's quote agrees with the order
    expect((await call('POST', '/fn/order/quote', undefined, guestDelivery([{ id: 'tee-red-l', qty: 3 }]))).statusCode).toBe(200);
    const placed = await order([{ id: 'tee-red-l', qty: 3 }]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await stockOf('tee-red-l')).toBe(0);
    // cancelled: no stock comes back that was never taken
    const cancelled = await call('POST', `/admin/api/orders/${placed.json().orderId}/status`, 'priya', { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf('tee-red-l')).toBe(0);
    await mark('tee-red-l', { tracksStock: true });
    expect((await product('tee-red-l'))?.madeToOrder).toBeUndefined();
    expect((await order([{ id: 'tee-red-l', qty: 1 }])).json()).toMatchObject({ error: 'out_of_stock' });
  });

  it("sold out today shows no stock and refuses orders until the shop's midnight, then is back by itself", async () => {
    const res = await mark('mango', { soldOutToday: true });
    // Tuesday 00:00 in India is Monday 18:30 UTC
    expect(res.json()).toMatchObject({ success: true, soldOutUntil: Date.parse('2026-11-23T18:30:00Z') });
    expect((await product('mango'))?.stock).toBe(0);
    expect((await order([{ id: 'mango', qty: 1 }])).json()).toMatchObject({ error: 'out_of_stock' });
    now = instantOf('2026-11-23', '23:59', IST);
    expect((await product('mango'))?.stock).toBe(0);
    // its real stock was never touched
    expect(await stockOf('mango')).toBe(12.5);
    now = instantOf('2026-11-24', '00:00', IST) + 1000;
    expect((await product('mango'))?.stock).toBe(12.5);
    expect((await order([{ id: 'mango', qty: 1 }])).statusCode).toBe(200);
    expect(await stockOf('mango')).toBe(11.5);
  });

  it('the owner can take "sold out today" back at once', async () => {
    await mark('mango', { soldOutToday: true });
    expect((await product('mango'))?.stock).toBe(0);
    await mark('mango', { soldOutToday: false });
    expect((await product('mango'))?.stock).toBe(12.5);
  });

  it('answers a guest and a shopper as if the calls did not exist, changes nothing, and 404s an unknown product', async () => {
    const missing = await call('GET', '/admin/api/no-such-call');
    for (const user of [undefined, 'asha']) {
      for (const res of [await call('POST', '/admin/api/products/tee-red-m/marks', user, { hidden: true }), await call('GET', '/admin/api/products', user)]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    expect((await catalog()).length).toBe(3);
    expect((await mark('no-such-product', { hidden: true })).statusCode).toBe(404);
    expect((await mark('mango', { hidden: 'yes' })).statusCode).toBe(400);
  });
});

describe.each(testDatabases)('the owner creates a product on $name', (database) => {
  const shop = useTestApp(database, { config: shopConfig(), authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens, (id) => `User ${id}`);

  const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const catalog = async () =>
    (await call('GET', '/api/catalog')).json<{ products: Array<CatalogProduct & { itemId: string; variantName: string; isFraction: boolean }> }>().products;
  const create = (body: object, user = 'priya') => call('POST', '/admin/api/products', user, body);
  const rows = async () => (await shop.db.kysely.selectFrom('products').select(shop.db.kysely.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const order = (items: Array<{ id: string; qty: number }>) => call('POST', '/fn/order/create', undefined, guestDelivery(items));
  const chai = {
    title: 'Masala Chai',
    description: 'Strong Assam tea with spices.',
    categoryId: 'fruit',
    tags: ['tea', 'new'],
    taxRate: 5,
    hsn: '0902',
    isFraction: false,
    variants: [
      { variantName: '250 g', price: { mrp: 200, regular: 180, special: 165.5 }, stock: 10 },
      { variantName: '1 kg', price: { mrp: 700, regular: 650, special: null }, stock: 0, madeToOrder: true },
    ],
  };

  it('a product with two variants is in the catalog and search at once, with its prices and stock, orderable, and audited', async () => {
    const before = await catalog();
    const res = await create(chai);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, itemId: 'masala-chai', variantIds: ['masala-chai-250-g', 'masala-chai-1-kg'] });

    const after = await catalog();
    expect(after.slice(0, before.length)).toEqual(before);
    const [small, large] = after.slice(before.length);
    expect(small).toMatchObject({
      variantId: 'masala-chai-250-g',
      itemId: 'masala-chai',
      title: 'Masala Chai',
      variantName: '250 g',
      categoryId: 'fruit',
      price: { mrp: 200, regular: 180, special: 165.5 },
      stock: 10,
      tags: ['new', 'tea'],
      images: [],
    });
    expect(small?.madeToOrder).toBeUndefined();
    expect(large).toMatchObject({
      variantId: 'masala-chai-1-kg',
      itemId: 'masala-chai',
      variantName: '1 kg',
      price: { mrp: 700, regular: 650, special: null },
      stock: 0,
      madeToOrder: true,
    });
    // the words the shopper searches for find it in that catalog (what /catalog?q= shows)
    expect(filterProducts(after as Product[], parseCatalogFilter(new URLSearchParams('q=masala'))).map((p) => p.variantId)).toEqual([
      'masala-chai-250-g',
      'masala-chai-1-kg',
    ]);

    // bought: 2 of the 250 g taken from its 10; the made-to-order kilo ordered with no stock
    const placed = await order([
      { id: 'masala-chai-250-g', qty: 2 },
      { id: 'masala-chai-1-kg', qty: 3 },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await catalog()).find((p) => p.variantId === 'masala-chai-250-g')?.stock).toBe(8);

    const [entry] = await createAuditRepository(shop.db).list('product:masala-chai-250-g');
    expect(entry).toMatchObject({
      actor: 'priya',
      action: 'product.create',
      detail: { itemId: 'masala-chai', title: 'Masala Chai', variants: [{ variantId: 'masala-chai-250-g' }, { variantId: 'masala-chai-1-kg' }] },
    });
    // the owner's list has it too
    const owners = (await call('GET', '/admin/api/products?q=chai', 'priya')).json();
    expect(owners.products.map((p: { variantId: string }) => p.variantId)).toEqual(['masala-chai-250-g', 'masala-chai-1-kg']);
  });

  it('a second product of the same name gets ids of its own; an id the owner gives is kept', async () => {
    const res = await create({
      title: 'Masala Chai',
      categoryId: 'wear',
      variants: [
        { variantName: '250 g', price: { regular: 150 } },
        { variantId: 'CHAI-2', variantName: 'Tin', price: { regular: 400 } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ itemId: 'masala-chai-2', variantIds: ['masala-chai-250-g-2', 'CHAI-2'] });
    const tin = (await catalog()).find((p) => p.variantId === 'CHAI-2');
    expect(tin).toMatchObject({ itemId: 'masala-chai-2', price: { mrp: null, regular: 400, special: null }, stock: 0, tags: [], isFraction: false });
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const count = await rows();
    const audit = (await createAuditRepository(shop.db).list()).length;
    const variant = (over: object) => ({ variantName: 'Box', price: { mrp: 100, regular: 90, special: 80 }, stock: 1, ...over });
    const cases: Array<[object, Array<[string, string]>]> = [
      [
        { ...chai, variants: [variant({}), variant({ variantName: 'Big', price: { mrp: null, regular: -5, special: null } })] },
        [['variants.1.price.regular', 'A price cannot be negative.']],
      ],
      [
        { ...chai, variants: [variant({}), variant({ variantName: 'Big', price: { mrp: 100, regular: 90, special: 95 } })] },
        [['variants.1.price.special', 'The special price must not be above the regular price.']],
      ],
      [
        { ...chai, variants: [variant({ variantId: 'box-1' }), variant({ variantId: 'box-1', variantName: 'Big' })] },
        [['variants.1.variantId', 'Two variants have the same id.']],
      ],
      [{ ...chai, variants: [variant({ variantId: 'mango' })] }, [['variants.0.variantId', 'This variant id is used already.']]],
      [{ ...chai, variants: [variant({}), variant({})] }, [['variants.1.variantName', 'Two variants have the same name.']]],
      [{ ...chai, categoryId: 'no-such-category' }, [['categoryId', 'There is no such category.']]],
      [{ ...chai, variants: [] }, [['variants', 'A product needs at least one variant.']]],
      [{ ...chai, variants: [variant({ stock: 1.5 })] }, [['variants.0.stock', 'Enter a whole number.']]],
      [{ ...chai, variants: [variant({ variantId: 'masala chai!' })] }, [['variants.0.variantId', 'Use letters, digits, ".", "_", "~" or "-" only.']]],
    ];
    for (const [body, fields] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields.map(([path, message]) => ({ path, message })));
    }
    // twenty-one variants are too many
    const many = await create({ ...chai, variants: Array.from({ length: 21 }, (_, i) => variant({ variantName: `Box ${i}` })) });
    expect(many.json().fields).toEqual([{ path: 'variants', message: 'A product has at most 20 variants.' }]);
    expect(await rows()).toBe(count);
    expect((await createAuditRepository(shop.db).list()).length).toBe(audit);
  });

  it('answers a guest and a shopper as if the call did not exist, and writes nothing', async () => {
    const count = await rows();
    const missing = await call('GET', '/admin/api/no-such-call');
    for (const user of [undefined, 'asha']) {
      const res = await call('POST', '/admin/api/products', user, { ...chai, title: 'Sneaky Tea' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    expect(await rows()).toBe(count);
  });
});
