import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { validateShopConfig } from '../../../domain/shop-config.ts';
import { orderRequestSchema } from '../../../domain/order.ts';
import { createCatalogRepository } from '../../db/repositories/catalog-repository.ts';
import { createOrderRepository } from '../../db/repositories/order-repository.ts';
import { testDatabases } from '../../testing/databases.ts';
import { countOrders } from '../../testing/orders.ts';
import { testCatalog, testPersonal, testShopConfig } from '../../testing/fixtures.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addUsers } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

/** The demo shop's charges (packing 2 %, ₹10 to ₹50, whole rupees; delivery ₹40, free from ₹499; tax 5 %), a delivery slot to choose, pay on delivery and UPI. */
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: {
    orderEnabled: true,
    deliveryCharge: { amount: 40, disableWhenTotalAbove: 499 },
    packingCharge: { type: 'percentage', amount: 0, amountPercentage: 2, minAmount: 10, maxAmount: 50, removeFractionalPart: true },
    detailsConfig: { personal: { fullName: true, email: true, phone: false } },
    deliverySlots: [{ id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capacity: 20, cutoffMinutes: 60 }],
  },
  pricingConfig: { globalTaxPercentage: 5 },
  payment: {
    providers: [
      { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
      { id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' },
    ],
    upi: { vpa: 'test.shop@okbank', payeeName: 'Test Shop' },
  },
});

/** The test catalog with the demo's e-book: a download nobody carries. */
const catalog = () => {
  const c = testCatalog();
  c.products.push({
    variantId: 'recipe-ebook',
    variantName: '',
    title: 'Everyday Dal & Sabzi Recipes (e-book)',
    description: 'A PDF.',
    categoryId: 'fruit',
    price: { mrp: 299, regular: 199, special: 149 },
    images: [],
    stock: 999,
    isFraction: false,
    type_id: 'downloadable',
    errors: {},
    tags: [],
  });
  return c;
};

const personal = testPersonal();
/** An order with no address and no slot, paid by UPI, as the checkout sends a digital cart. */
const body = (items: unknown[], over: Record<string, unknown> = {}) => ({
  userId: null,
  sfId: 'test-shop',
  order: { items, deliveryMode: 'ship', personalDetails: personal, paymentType: 'upi-manual', ...over },
});
const address = { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' };
const totalsOf = (order: { totals: Array<{ code: string; value: number }> }) => order.totals.map((l) => [l.code, l.value]);

describe.each(testDatabases)('digital-only orders on $name', (database) => {
  async function withShop(test: (t: { app: FastifyInstance; db: Db }) => Promise<void>, config: object = shopConfig()): Promise<void> {
    const { db, dispose } = await database.open();
    await createCatalogRepository(db, 2).replace(catalog());
    const app = await buildTestApp(db, { config, seed: false, authSecret: secret });
    try {
      await test({ app, db });
    } finally {
      await app.close();
      await dispose();
    }
  }
  const post = (app: FastifyInstance, url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  it('accepts an e-book with no address and no slot, and charges no packing or delivery', async () => {
    await withShop(async ({ app }) => {
      // ₹149, 5 % tax ₹7.45; a parcel would have paid ₹10 packing (2 % is ₹2.98, raised to the minimum) and ₹40 delivery
      const expected = [
        ['subtotal', 149],
        ['tax', 7.45],
        ['grand_total', 156.45],
      ];
      const quote = await post(app, '/fn/order/quote', body([{ id: 'recipe-ebook', qty: 1 }]));
      expect(quote.statusCode).toBe(200);
      expect(totalsOf(quote.json())).toEqual(expected);
      const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 1 }]));
      expect(res.statusCode).toBe(200);
      const { order } = res.json();
      expect(totalsOf(order)).toEqual(expected);
      expect(order.grandTotal).toBe(156.45);
      expect(order.details).toMatchObject({ personalDetails: personal, shippingSlotId: null });
      expect(order.details.shippingDetails).toBeUndefined();
    });
  });

  it('keeps no address for a digital order that sent one', async () => {
    await withShop(async ({ app }) => {
      const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 2 }], { shippingDetails: address }));
      expect(res.statusCode).toBe(200);
      // 2 × ₹149 = ₹298, tax ₹14.90
      expect(totalsOf(res.json().order)).toEqual([
        ['subtotal', 298],
        ['tax', 14.9],
        ['grand_total', 312.9],
      ]);
      expect(res.json().order.details.shippingDetails).toBeUndefined();
    });
  });

  it('still asks a digital order for the personal details the shop requires', async () => {
    await withShop(async ({ app, db }) => {
      const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 1 }], { personalDetails: { ...personal, email: '' } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['order.personalDetails.email']);
      expect(await countOrders(db)).toBe(0);
    });
  });

  it('refuses a mixed cart without an address or a slot, as before, and writes nothing', async () => {
    await withShop(async ({ app, db }) => {
      const res = await post(
        app,
        '/fn/order/create',
        body([
          { id: 'recipe-ebook', qty: 1 },
          { id: 'tee-red-m', qty: 1 },
        ]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['order.shippingDetails', 'order.shippingSlotId']);
      expect(await countOrders(db)).toBe(0);
      // its quote pays both charges: ₹149 + ₹499.50 = ₹648.50, packing 2 % = ₹12.97 cut to ₹12, delivery free from ₹499, tax ₹7.45 + ₹24.98 (24.975 rounded) = ₹32.43
      const quote = await post(
        app,
        '/fn/order/quote',
        body([
          { id: 'recipe-ebook', qty: 1 },
          { id: 'tee-red-m', qty: 1 },
        ]),
      );
      expect(totalsOf(quote.json())).toEqual([
        ['subtotal', 648.5],
        ['delivery', 0],
        ['packing', 12],
        ['tax', 32.43],
        ['grand_total', 692.93],
      ]);
    });
  });

  it('holds a digital order as digital, not as a delivery: the owner sees no delivery and the steps confirmed, delivered', async () => {
    await withShop(async ({ app, db }) => {
      const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 1 }]));
      expect(res.statusCode).toBe(200);
      const { orderId } = res.json();
      expect(res.json().order.deliveryMode).toBe('digital');
      const row = await db.kysely.selectFrom('orders').select('delivery_mode').where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(row.delivery_mode).toBe('digital');

      const token = await addUsers(db, tokens, [['priya', 'owner']]);
      const owner = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app.inject({ method, url, payload, headers: { authorization: `Bearer ${token.priya}` } });
      const view = await owner('GET', `/admin/api/orders/${orderId}`);
      expect(view.json().order).toMatchObject({ deliveryMode: 'digital', details: { shippingSlotId: null } });
      expect(view.json().order.details.shippingDetails).toBeUndefined();
      // nothing to prepare or send out: confirmed, then delivered (the download or access sent)
      expect(view.json().next).toEqual(['confirmed', 'delivered', 'rejected', 'cancelled']);
      expect((await owner('POST', `/admin/api/orders/${orderId}/status`, { status: 'confirmed' })).json().next).toEqual(['delivered', 'cancelled']);
      expect((await owner('POST', `/admin/api/orders/${orderId}/status`, { status: 'out_for_delivery' })).statusCode).toBe(409);
      expect((await owner('POST', `/admin/api/orders/${orderId}/status`, { status: 'delivered' })).statusCode).toBe(200);
    });
  });

  it('refuses pay on delivery for a digital cart, with or without an address, and writes nothing', async () => {
    await withShop(async ({ app, db }) => {
      const refused = [{ path: 'order.paymentType', message: 'Pay on delivery is not offered for downloads and services. Please choose another way to pay.' }];
      for (const over of [{ paymentType: 'pof' }, { paymentType: 'pof', shippingDetails: address }]) {
        const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 1 }], over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().fields).toEqual(refused);
        const quote = await post(app, '/fn/order/quote', body([{ id: 'recipe-ebook', qty: 1 }], over));
        expect(quote.statusCode).toBe(400);
        expect(quote.json().fields).toEqual(refused);
      }
      expect(await countOrders(db)).toBe(0);
    });
  });

  it('still lets a mixed cart pay on delivery, held as a delivery', async () => {
    const noSlots = shopConfig();
    noSlots.orderConfig.deliverySlots = [];
    await withShop(async ({ app }) => {
      const res = await post(
        app,
        '/fn/order/create',
        body(
          [
            { id: 'recipe-ebook', qty: 1 },
            { id: 'tee-red-m', qty: 1 },
          ],
          { paymentType: 'pof', shippingDetails: address },
        ),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({ deliveryMode: 'ship', paymentType: 'pof', paymentStatus: 'to_collect' });
    }, noSlots);
  });

  it('refuses an order let through as digital when its products turn out to need carrying', async () => {
    await withShop(async ({ db }) => {
      // the owner changed a product's type between the order call's look-up and its transaction
      const config = validateShopConfig(shopConfig());
      if (!config.ok) throw new Error('bad config');
      const request = orderRequestSchema.parse(
        body([
          { id: 'recipe-ebook', qty: 1 },
          { id: 'tee-red-m', qty: 1 },
        ]),
      );
      expect(await createOrderRepository(db).place(request, config.config, { digital: true })).toEqual({ ok: false, reason: 'needs_delivery' });
      expect(await countOrders(db)).toBe(0);
    });
  });
});
