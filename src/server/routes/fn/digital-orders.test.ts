import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { validateShopConfig } from '../../../domain/shop-config.ts';
import { orderRequestSchema } from '../../../domain/order.ts';
import { createCatalogRepository } from '../../db/repositories/catalog-repository.ts';
import { createOrderRepository } from '../../db/repositories/order-repository.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testCatalog, testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/** The demo shop's charges (packing 2 %, ₹10 to ₹50, whole rupees; delivery ₹40, free from ₹499; tax 5 %) and a delivery slot to choose. */
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
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

/** The test catalog with the demo's e-book: a download nobody carries. */
const catalog = () => {
  const c = testCatalog();
  c.products.push({
    variantId: 'recipe-ebook', variantName: '', title: 'Everyday Dal & Sabzi Recipes (e-book)', description: 'A PDF.', categoryId: 'fruit',
    price: { mrp: 299, regular: 199, special: 149 }, images: [], stock: 999, isFraction: false, type_id: 'downloadable', errors: {}, tags: [],
  });
  return c;
};

const personal = { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '', dialCode: '+91' } };
/** An order with no address and no slot, as the checkout sends a digital cart. */
const body = (items: unknown[], over: Record<string, unknown> = {}) => ({ userId: null, sfId: 'test-shop', order: { items, deliveryMode: 'ship', personalDetails: personal, paymentType: 'pof', ...over } });
const totalsOf = (order: { totals: Array<{ code: string; value: number }> }) => order.totals.map((l) => [l.code, l.value]);
const orderCount = async (db: Db) => Number((await db.kysely.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe.each(testDatabases)('digital-only orders on $name', (database) => {
  async function withShop(test: (t: { app: FastifyInstance; db: Db }) => Promise<void>): Promise<void> {
    const { db, dispose } = await database.open();
    await createCatalogRepository(db, 2).replace(catalog());
    const app = await buildTestApp(db, { config: shopConfig(), seed: false });
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
      const expected = [['subtotal', 149], ['tax', 7.45], ['grand_total', 156.45]];
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
      const address = { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' };
      const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 2 }], { shippingDetails: address }));
      expect(res.statusCode).toBe(200);
      // 2 × ₹149 = ₹298, tax ₹14.90
      expect(totalsOf(res.json().order)).toEqual([['subtotal', 298], ['tax', 14.9], ['grand_total', 312.9]]);
      expect(res.json().order.details.shippingDetails).toBeUndefined();
    });
  });

  it('still asks a digital order for the personal details the shop requires', async () => {
    await withShop(async ({ app, db }) => {
      const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 1 }], { personalDetails: { ...personal, email: '' } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['order.personalDetails.email']);
      expect(await orderCount(db)).toBe(0);
    });
  });

  it('refuses a mixed cart without an address or a slot, as before, and writes nothing', async () => {
    await withShop(async ({ app, db }) => {
      const res = await post(app, '/fn/order/create', body([{ id: 'recipe-ebook', qty: 1 }, { id: 'tee-red-m', qty: 1 }]));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['order.shippingDetails', 'order.shippingSlotId']);
      expect(await orderCount(db)).toBe(0);
      // its quote pays both charges: ₹149 + ₹499.50 = ₹648.50, packing 2 % = ₹12.97 cut to ₹12, delivery free from ₹499, tax ₹7.45 + ₹24.98 (24.975 rounded) = ₹32.43
      const quote = await post(app, '/fn/order/quote', body([{ id: 'recipe-ebook', qty: 1 }, { id: 'tee-red-m', qty: 1 }]));
      expect(totalsOf(quote.json())).toEqual([['subtotal', 648.5], ['delivery', 0], ['packing', 12], ['tax', 32.43], ['grand_total', 692.93]]);
    });
  });

  it('refuses an order let through as digital when its products turn out to need carrying', async () => {
    await withShop(async ({ db }) => {
      // the owner changed a product's type between the order call's look-up and its transaction
      const config = validateShopConfig(shopConfig());
      if (!config.ok) throw new Error('bad config');
      const request = orderRequestSchema.parse(body([{ id: 'recipe-ebook', qty: 1 }, { id: 'tee-red-m', qty: 1 }]));
      expect(await createOrderRepository(db).place(request, config.config, { digital: true })).toEqual({ ok: false, reason: 'needs_delivery' });
      expect(await orderCount(db)).toBe(0);
    });
  });
});
