import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { countOrders } from '../../testing/orders.ts';
import { testShopConfig, testShipping } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/**
 * Decision 050: what each way of getting the order asks (a coffee at the table needs a name,
 * not an e-mail) and the shop's ordering hours (outside them an order is refused like one in
 * a closed shop, and nothing is written).
 */

/** A café in Kolkata that delivers, serves at the table and hands over at the counter; delivery asks the full details. */
const cafe = (orderConfig: Record<string, unknown> = {}) => ({
  ...testShopConfig(),
  timeZone: 'Asia/Kolkata',
  closedDates: ['2026-11-24'],
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: true } }, ...orderConfig },
  dineInConfig: { dineInEnabled: true, tableCodes: false },
  dineSpaces: [{ id: 'table-4', name: 'Table 4' }],
  payment: { providers: [{ id: 'pof', providerName: 'Cash / UPI on delivery', buttonText: 'Place order' }] },
});

const nameOnly = { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } };
const shipping = testShipping();
const atTable = { deliveryMode: 'dine', personalDetails: nameOnly, dineInDetails: { spaceId: 'table-4', value: '' } };
const order = (over: Record<string, unknown>) => ({
  userId: null,
  sfId: 'test-shop',
  order: { items: [{ id: 'tee-red-m', qty: 1 }], paymentType: 'pof', ...over },
});

const stockOf = async (db: Db) =>
  (await db.kysely.selectFrom('products').select('stock_milli').where('id', '=', 'tee-red-m').executeTakeFirstOrThrow()).stock_milli / 1000;

describe.each(testDatabases)('ordering by mode and hours on $name', (database) => {
  async function withShop(config: unknown, now: number, test: (t: { app: FastifyInstance; db: Db }) => Promise<void>): Promise<void> {
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db, { config, clock: () => now });
    try {
      await test({ app, db });
    } finally {
      await app.close();
      await dispose();
    }
  }
  const post = (app: FastifyInstance, body: unknown) => app.inject({ method: 'POST', url: '/fn/order/create', payload: body as object });
  const monday0800 = Date.parse('2026-11-23T02:30:00Z');

  it('a dine-in order with only a name is placed; a delivery order without an e-mail is refused', async () => {
    await withShop(cafe(), monday0800, async (t) => {
      const dine = await post(t.app, order(atTable));
      expect(dine.statusCode).toBe(200);
      expect(dine.json()).toMatchObject({ success: true, order: { deliveryMode: 'dine', status: 'placed' } });

      const ship = await post(t.app, order({ deliveryMode: 'ship', personalDetails: nameOnly, shippingDetails: shipping }));
      expect(ship.statusCode).toBe(400);
      expect(ship.json().fields).toEqual([
        { path: 'order.personalDetails.email', message: 'This field is required.' },
        { path: 'order.personalDetails.phone', message: 'This field is required.' },
      ]);
      // pickup asks a phone by default, not an e-mail
      const pickup = await post(t.app, order({ deliveryMode: 'pickup', personalDetails: nameOnly }));
      expect(pickup.json().fields).toEqual([{ path: 'order.personalDetails.phone', message: 'This field is required.' }]);
      const pickupWithPhone = await post(
        t.app,
        order({ deliveryMode: 'pickup', personalDetails: { ...nameOnly, phone: { number: '98000 00001', dialCode: '+91' } } }),
      );
      expect(pickupWithPhone.statusCode).toBe(200);
      expect(await countOrders(t.db)).toBe(2);
    });
  });

  it('the owner may ask more at the table: an e-mail required for dine-in refuses an order without one', async () => {
    await withShop(
      cafe({ detailsConfig: { personal: { fullName: true, email: false, phone: false }, modes: { dine: { email: true } } } }),
      monday0800,
      async (t) => {
        const dine = await post(t.app, order(atTable));
        expect(dine.statusCode).toBe(400);
        expect(dine.json().fields).toEqual([{ path: 'order.personalDetails.email', message: 'This field is required.' }]);
        const ship = await post(t.app, order({ deliveryMode: 'ship', personalDetails: nameOnly, shippingDetails: shipping }));
        expect(ship.statusCode).toBe(200);
      },
    );
  });

  // weekdays 07:00–11:00 in Kolkata (01:30–05:30 UTC), with a note from the owner
  const hours = {
    openingHours: { mon: [{ from: '07:00', to: '11:00' }], tue: [{ from: '07:00', to: '11:00' }], wed: [{ from: '07:00', to: '11:00' }] },
    closedMessage: 'Fresh bread from 7 am.',
  };

  it('outside the ordering hours an order is refused with when ordering opens, and nothing is written', async () => {
    // Monday 23:30 in Kolkata; Tuesday 24 November is a closed date, so Wednesday 07:00
    await withShop(cafe(hours), Date.parse('2026-11-23T18:00:00Z'), async (t) => {
      const res = await post(t.app, order(atTable));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        error: 'store_closed',
        message: 'The shop is not taking orders right now. Back on Wednesday at 7:00 am. Fresh bread from 7 am.',
        opensAt: '2026-11-25T07:00:00.000+05:30',
      });
      expect(await countOrders(t.db)).toBe(0);
      expect(await stockOf(t.db)).toBe(5);
      // the checkout's quote says the same before the shopper presses the button
      const quote = await t.app.inject({ method: 'POST', url: '/fn/order/quote', payload: order(atTable) });
      expect(quote.statusCode).toBe(409);
      expect(quote.json().error).toBe('store_closed');
    });
  });

  it('within the ordering hours an order is placed', async () => {
    await withShop(cafe(hours), monday0800, async (t) => {
      const res = await post(t.app, order(atTable));
      expect(res.statusCode).toBe(200);
      expect(await countOrders(t.db)).toBe(1);
      expect(await stockOf(t.db)).toBe(4);
    });
  });
});
