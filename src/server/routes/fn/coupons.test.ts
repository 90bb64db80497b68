import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { countOrders } from '../../testing/orders.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addOwnerPriya } from '../../testing/users.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';

const secret = randomBytes(32);

const NOW = Date.parse('2026-11-24T10:00:00+05:30');

/** A shop with the coupons an owner would write; tees at ₹499.50, no tax, no charges. */
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  coupons: [
    { code: 'DIWALI', percent: 20, minOrder: 900, maxDiscount: 150, validUntil: '2026-11-30' },
    { code: 'FLAT50', amount: 50, totalUses: 3 },
    { code: 'HELLO', percent: 10, firstOrderOnly: true },
    { code: 'ONCE', percent: 5, usesPerCustomer: 1 },
    { code: 'NEWYEAR', percent: 25, validFrom: '2027-01-01' },
    { code: 'SUMMER', percent: 25, validUntil: '2026-06-30' },
  ],
});

describe.each(testDatabases)('coupons the owner controls on $name', (database) => {
  async function withShop(test: (app: FastifyInstance, db: Db) => Promise<void>) {
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db, { config: shopConfig(), clock: () => NOW, authSecret: secret });
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
    try {
      await test(app, db);
    } finally {
      await app.close();
      await dispose();
    }
  }
  const body = (couponCode: string, qty = 2, email = 'asha@example.com') => ({
    sfId: 'test-shop',
    order: { items: [{ id: 'tee-red-m', qty }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao', email }, paymentType: 'pof', couponCode },
  });
  const order = (app: FastifyInstance, payload: object) => app.inject({ method: 'POST', url: '/fn/order/create', payload });
  const quote = (app: FastifyInstance, payload: object) => app.inject({ method: 'POST', url: '/fn/order/quote', payload });
  const couponMessage = (res: { json(): { fields?: Array<{ path: string; message: string }> } }) =>
    res.json().fields?.find((f) => f.path === 'order.couponCode')?.message;
  const discountOf = (res: { json(): { order: { totals: Array<{ code: string; value: number }> } } }) =>
    res.json().order.totals.find((t) => t.code === 'discount')?.value;

  it('a percentage with a minimum order and a cap: refused below the minimum, capped above it, in the quote first', async () => {
    await withShop(async (app) => {
      // one tee is ₹499.50, below the ₹900 minimum
      const below = await quote(app, body('diwali', 1));
      expect(below.statusCode).toBe(400);
      expect(couponMessage(below)).toBe("Your order is below this coupon's minimum.");
      expect(couponMessage(await order(app, body('DIWALI', 1)))).toBe("Your order is below this coupon's minimum.");
      // two tees ₹999: 20 % is ₹199.80, capped at ₹150
      const q = await quote(app, body('DIWALI', 2));
      expect(q.json().totals.find((t: { code: string }) => t.code === 'discount').value).toBe(-150);
      const placed = await order(app, body('DIWALI', 2));
      expect(discountOf(placed)).toBe(-150);
      expect(placed.json().order.grandTotal).toBe(849);
    });
  });

  it('an amount off with three uses in all: twelve shoppers at once, three get it', async () => {
    await withShop(async (app, db) => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => order(app, body('FLAT50', 1, `shopper-${i}@example.com`))));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      for (const a of answers.filter((x) => x.statusCode === 200)) expect(discountOf(a)).toBe(-50);
      for (const a of answers.filter((x) => x.statusCode !== 200)) expect(couponMessage(a)).toBe('This coupon is not valid or was used already.');
      const row = await db.kysely.selectFrom('coupons').select('used').where('code', '=', 'FLAT50').executeTakeFirstOrThrow();
      expect(row.used).toBe(3);
      expect(await countOrders(db)).toBe(3);
    });
  });

  it('a cancelled order gives its use back', async () => {
    await withShop(async (app) => {
      const placed = [];
      for (let i = 0; i < 3; i++) placed.push((await order(app, body('FLAT50', 1, `p${i}@example.com`))).json());
      expect((await order(app, body('FLAT50', 1, 'late@example.com'))).statusCode).toBe(400);
      const first = placed[0];
      const cancel = await app.inject({
        method: 'POST',
        url: '/fn/order/cancelRequest',
        payload: { sfId: 'test-shop', orderId: first.orderId },
        headers: { authorization: `Bearer ${first.notificationToken}` },
      });
      expect(cancel.json().status).toBe('cancelled');
      expect((await order(app, body('FLAT50', 1, 'late@example.com'))).statusCode).toBe(200);
    });
  });

  it('first order only, and once per customer', async () => {
    await withShop(async (app) => {
      expect((await order(app, body('HELLO', 1, 'new@example.com'))).statusCode).toBe(200);
      const again = await quote(app, body('HELLO', 1, 'NEW@example.com'));
      expect(couponMessage(again)).toBe('This coupon is not valid or was used already.');
      const once = await order(app, body('ONCE', 1, 'meera@example.com'));
      expect(once.statusCode, once.body).toBe(200);
      expect(couponMessage(await order(app, body('ONCE', 1, 'meera@example.com')))).toBe('This coupon is not valid or was used already.');
      expect((await order(app, body('ONCE', 1, 'ravi@example.com'))).statusCode).toBe(200);
    });
  });

  it('refuses a coupon not valid yet, expired, or that does not exist, and writes nothing', async () => {
    await withShop(async (app, db) => {
      for (const code of ['NEWYEAR', 'SUMMER', 'NOSUCH'])
        expect(couponMessage(await order(app, body(code)))).toBe('This coupon is not valid or was used already.');
      expect(await countOrders(db)).toBe(0);
      const stock = await db.kysely.selectFrom('products').select('stock_milli').where('id', '=', 'tee-red-m').executeTakeFirstOrThrow();
      expect(stock.stock_milli).toBe(1_000_000);
    });
  });

  it("the owner makes a coupon on /admin that shoppers can use at once; a config coupon is the config's to change", async () => {
    await withShop(async (app, db) => {
      const owner = { authorization: `Bearer ${await addOwnerPriya(db, createAccessTokens(secret))}` };
      const save = (payload: object, headers: Record<string, string> = owner) => app.inject({ method: 'POST', url: '/admin/api/coupons', payload, headers });
      expect((await save({ code: 'weekend', amount: 100, minOrder: 800, totalUses: 50 })).statusCode).toBe(200);
      const both = await save({ code: 'BAD', percent: 10, amount: 5 });
      expect(both.statusCode).toBe(400);
      expect(both.json().fields[0].message).toBe('Give a percent or an amount off, not both.');
      const configs = await save({ code: 'DIWALI', percent: 90 });
      expect(configs.statusCode).toBe(409);
      expect(configs.json().message).toBe('DIWALI is written in the shop config: change it there.');
      expect((await save({ code: 'SNEAKY', percent: 90 }, {})).statusCode).toBe(404);
      // two tees, ₹999: ₹100 off
      expect(discountOf(await order(app, body('WEEKEND', 2)))).toBe(-100);
      const list = (await app.inject({ method: 'GET', url: '/admin/api/coupons', headers: owner })).json().coupons;
      expect(list.find((c: { code: string }) => c.code === 'WEEKEND')).toMatchObject({
        amount: 100,
        minOrder: 800,
        totalUses: 50,
        used: 1,
        source: 'owner',
        active: true,
      });
      expect(list.find((c: { code: string }) => c.code === 'DIWALI')).toMatchObject({
        percent: 20,
        maxDiscount: 150,
        validUntil: '2026-11-30T18:29:59.999Z',
        source: 'config',
      });
      // switched off, it stops working
      expect((await save({ code: 'WEEKEND', amount: 100, minOrder: 800, totalUses: 50, active: false })).statusCode).toBe(200);
      expect(couponMessage(await order(app, body('WEEKEND', 2)))).toBe('This coupon is not valid or was used already.');
    });
  });
});
