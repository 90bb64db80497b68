import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CatalogFile } from '../../../domain/catalog.ts';
import { normaliseQty } from '../../../domain/cart-rules.ts';
import type { Db } from '../../db/database.ts';
import { createCatalogRepository } from '../../db/repositories/catalog-repository.ts';
import { testDatabases } from '../../testing/databases.ts';
import { countOrders } from '../../testing/orders.ts';
import { testShipping, testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/** Awkward prices and GST rates: bread at 0 %, cake at 18 %, a product with the shop's rate, fruit by weight. */
const products = [
  { variantId: 'bread', title: 'Pav', price: { mrp: null, regular: 33.33, special: null }, isFraction: false, taxRate: 0 },
  { variantId: 'cake', title: 'Black Forest', price: { mrp: 650, regular: 599.99, special: 549.5 }, isFraction: false, taxRate: 18 },
  { variantId: 'chai', title: 'Masala Chai', price: { mrp: null, regular: 19.99, special: null }, isFraction: false },
  { variantId: 'mango', title: 'Alphonso Mango', price: { mrp: null, regular: 320, special: null }, isFraction: true, taxRate: 12 },
  { variantId: 'cashew', title: 'Cashew', price: { mrp: 1_299.99, regular: 1_199.99, special: null }, isFraction: true, taxRate: 5 },
] as const;

const catalog = (): CatalogFile => ({
  categories: [{ oId: 'all', name: 'All', position: 1, colour: '#607d8b', image: '' }],
  products: products.map((p) => ({
    ...p,
    description: '',
    categoryId: 'all',
    images: [],
    stock: 100_000,
    type_id: 'simple',
    errors: {},
    tags: [],
    variantName: '',
  })),
  banners: [],
});

const shopConfig = (taxMode: 'exclusive' | 'inclusive') => ({
  ...testShopConfig(),
  orderConfig: {
    orderEnabled: true,
    pickupEnabled: true,
    deliveryCharge: { amount: 40, disableWhenTotalAbove: 999 },
    packingCharge: { type: 'percentage', amountPercentage: 2.5, minAmount: 5, maxAmount: 50 },
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
    // prices are what this test is about: any cart, however large, by a guest paying on delivery
    maxQuantityPerLine: { units: 100_000, kg: 100_000 },
    maxGuestOrderValue: 0,
  },
  pricingConfig: { globalTaxPercentage: 5, taxMode },
  coupons: [
    { code: 'TENOFF', percent: 10 },
    { code: 'CAPPED', percent: 33.33, maxDiscount: 120 },
    { code: 'FLAT75', amount: 75 },
  ],
  // table codes are the order call's own check (owner-table-routes.test.ts), not the price's
  dineInConfig: { dineInEnabled: true, tableCodes: false },
  dineSpaces: [{ id: 'table-4', name: 'Table 4' }],
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

/** Asha's address, in Pune. */
const shipping = { ...testShipping(), city: 'Pune', state: 'Maharashtra', zipCode: '411001' };
const modeDetails = {
  ship: { shippingDetails: shipping },
  dine: { dineInDetails: { spaceId: 'table-4', value: '' } },
  pickup: {},
} as const;

/** A cart as the browser could hold it: quantities typed by a shopper, then kept by the cart's own rule. */
const cartArb = fc.array(
  fc
    .record({ product: fc.constantFrom(...products), typed: fc.double({ min: 0.01, max: 25, noNaN: true }) })
    .map(({ product, typed }) => ({ id: product.variantId, qty: normaliseQty(typed, product.isFraction) })),
  { minLength: 1, maxLength: 6 },
);

describe.each(testDatabases)('the checkout quote on $name', (database) => {
  async function withShop(taxMode: 'exclusive' | 'inclusive', test: (app: FastifyInstance, db: Db) => Promise<void>) {
    const { db, dispose } = await database.open();
    await createCatalogRepository(db, 2).replace(catalog());
    const app = await buildTestApp(db, { config: shopConfig(taxMode), seed: false });
    try {
      await test(app, db);
    } finally {
      await app.close();
      await dispose();
    }
  }

  it.each(['exclusive', 'inclusive'] as const)('quotes exactly what the order then charges, %s of tax, for any cart the browser can hold', async (taxMode) => {
    await withShop(taxMode, async (app) => {
      await fc.assert(
        fc.asyncProperty(
          cartArb,
          fc.constantFrom('ship', 'dine', 'pickup' as const),
          fc.constantFrom(null, 'TENOFF', 'capped', 'FLAT75'),
          async (items, mode, couponCode) => {
            const body = {
              userId: null,
              sfId: 'test-shop',
              order: {
                items: items.filter((i) => i.qty > 0),
                deliveryMode: mode,
                personalDetails: { fullName: 'Asha Rao' },
                paymentType: 'pof',
                couponCode,
                ...modeDetails[mode],
              },
            };
            fc.pre(body.order.items.length > 0);
            const quote = await app.inject({ method: 'POST', url: '/fn/order/quote', payload: body });
            expect(quote.statusCode, quote.body).toBe(200);
            const order = await app.inject({ method: 'POST', url: '/fn/order/create', payload: body });
            expect(order.statusCode, order.body).toBe(200);
            const q = quote.json();
            const o = order.json().order;
            expect(q.totals).toEqual(o.totals);
            expect(q.grandTotal).toBe(o.grandTotal);
            expect(q.lines).toEqual(o.lines.map(({ hsn: _hsn, ...l }: { hsn: unknown }) => l));
            // every line is qty × unit price rounded to the paisa, worked out here in whole paise
            for (const line of o.lines) {
              const paise = Math.round(line.unitPrice * 100) * Math.round(line.qty * 1000);
              expect(Math.round(line.total * 100)).toBe(Math.floor(paise / 1000) + (paise % 1000 >= 500 ? 1 : 0));
            }
          },
        ),
        { numRuns: 15 },
      );
    });
  });

  it('refuses in the quote what the order would refuse, in the same words, and writes nothing', async () => {
    await withShop('exclusive', async (app, db) => {
      const order = (items: unknown[], over: Record<string, unknown> = {}) => ({
        userId: null,
        sfId: 'test-shop',
        order: { items, deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao' }, paymentType: 'pof', ...over },
      });
      const cases = [
        order([{ id: 'mango', qty: 1.234 }]),
        order([{ id: 'bread', qty: 2.5 }]),
        order([{ id: 'bread', qty: 200_000 }]),
        order([{ id: 'no-such-thing', qty: 1 }]),
        order([{ id: 'bread', qty: 1 }], { couponCode: 'NOSUCHCODE' }),
      ];
      for (const body of cases) {
        const quote = await app.inject({ method: 'POST', url: '/fn/order/quote', payload: body });
        const placed = await app.inject({ method: 'POST', url: '/fn/order/create', payload: body });
        expect(quote.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect([quote.statusCode, quote.json()]).toEqual([placed.statusCode, placed.json()]);
      }
      expect(await countOrders(db)).toBe(0);
    });
  });
});
