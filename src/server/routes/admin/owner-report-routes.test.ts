import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import type { Db } from '../../db/database.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { fittingAppointments, pickupOrUpiShopConfig, testPersonal } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addUsers } from '../../testing/users.ts';

const IST = 'Asia/Kolkata';
const at = (date: string, time: string) => instantOf(date, time, IST);

const shopConfig = () => ({
  ...pickupOrUpiShopConfig(),
  timeZone: IST,
  appointments: fittingAppointments({ changeNoticeMinutes: 60, openingHours: { tue: [{ from: '10:00', to: '13:00' }] } }),
});
const personal = testPersonal();

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

describe.each(testDatabases)("the owner's Today panel and 30 days on $name", (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  let now = 0;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    app = await buildTestApp(db, { config: shopConfig(), authSecret: secret, clock: () => now });
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).execute();
    Object.assign(
      token,
      await addUsers(db, tokens, [
        ['priya', 'owner'],
        ['asha', 'customer'],
        ['ravi', 'customer'],
      ]),
    );
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  /** Places an order for pickup at an instant, as asha. */
  const place = async (when: number, items: Array<{ id: string; qty: number }>, paymentType: 'pof' | 'upi-manual') => {
    now = when;
    const res = await call('POST', '/fn/order/create', 'asha', {
      sfId: 'test-shop',
      order: { items, deliveryMode: 'pickup', personalDetails: personal, paymentType },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orderId: string }>().orderId;
  };
  const owner = async (url: string, payload: object) => expect((await call('POST', url, 'priya', payload)).statusCode).toBe(200);
  const book = async (when: number, user: string, start: string) => {
    now = when;
    const res = await call('POST', '/fn/appointment/create', user, {
      userId: user,
      sfId: 'test-shop',
      appointment: { serviceId: 'fitting', start, phone: '+91 98111 22233' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ billId: string }>().billId;
  };

  it("counts today's orders, money and bookings in the shop's time zone against the same weekday last week, by the same time of day", async () => {
    // Tuesday 17 November, last week: one order collected by 18:00, one after it, two bookings
    const collected = await place(at('2026-11-17', '10:00'), [{ id: 'tee-red-m', qty: 1 }], 'pof');
    await owner(`/admin/api/orders/${collected}/paid`, {});
    await place(at('2026-11-17', '20:00'), [{ id: 'tee-red-m', qty: 2 }], 'pof');
    await book(at('2026-11-17', '08:00'), 'asha', '2026-11-17T10:00:00+05:30');
    await book(at('2026-11-17', '08:00'), 'ravi', '2026-11-17T12:30:00+05:30');
    // Monday 23 November, ten minutes before midnight in India (18:20 UTC): not today
    await place(at('2026-11-23', '23:50'), [{ id: 'mango', qty: 1.5 }], 'pof');
    // Tuesday 24 November, from ten past midnight: paid by UPI, to collect, cancelled, waiting for a UPI payment
    const upi = await place(at('2026-11-24', '00:10'), [{ id: 'tee-red-m', qty: 2 }], 'upi-manual');
    await owner(`/admin/api/orders/${upi}/paid`, { reference: 'UTR123456789' });
    await place(
      at('2026-11-24', '09:00'),
      [
        { id: 'tee-red-m', qty: 1 },
        { id: 'mango', qty: 0.5 },
      ],
      'pof',
    );
    const cancelled = await place(at('2026-11-24', '11:00'), [{ id: 'tee-red-m', qty: 3 }], 'pof');
    await owner(`/admin/api/orders/${cancelled}/status`, { status: 'cancelled' });
    await place(at('2026-11-24', '17:45'), [{ id: 'mango', qty: 1.25 }], 'upi-manual');
    await book(at('2026-11-24', '08:00'), 'asha', '2026-11-24T11:00:00+05:30');
    const called = await book(at('2026-11-24', '08:00'), 'ravi', '2026-11-24T12:00:00+05:30');
    now = at('2026-11-24', '08:30');
    await owner(`/admin/api/appointments/${called}/cancel`, {});

    now = at('2026-11-24', '18:00');
    const res = await call('GET', '/admin/api/today', 'priya');
    expect(res.statusCode).toBe(200);
    // 999.00 paid + 659.50 (a tee at 499.50 and 0.5 kg of mango at 320) and 400.00 (1.25 kg) still to come; the 1,498.50 cancelled is left out
    expect(res.json()).toEqual({
      success: true,
      date: '2026-11-24',
      lastWeekDate: '2026-11-17',
      today: {
        orders: 3,
        sales: 2058.5,
        paid: 999,
        toCollect: 1059.5,
        average: 686.17,
        bookings: 1,
        top: [
          { productId: 'tee-red-m', title: 'Cotton Tee', variantName: 'Red / M', isFraction: false, quantity: 3, revenue: 1498.5 },
          { productId: 'mango', title: 'Alphonso Mango', variantName: '', isFraction: true, quantity: 1.75, revenue: 560 },
        ],
      },
      // by 18:00 last Tuesday: the one order, collected since; both of that day's bookings
      lastWeek: { orders: 1, sales: 499.5, paid: 499.5, toCollect: 0, average: 499.5, bookings: 2 },
    });

    // five minutes before midnight on Monday, Monday is today: only the 23:50 order
    now = at('2026-11-23', '23:55');
    expect((await call('GET', '/admin/api/today', 'priya')).json()).toMatchObject({
      date: '2026-11-23',
      lastWeekDate: '2026-11-16',
      today: { orders: 1, sales: 480, paid: 0, toCollect: 480, bookings: 0, top: [{ productId: 'mango', quantity: 1.5, revenue: 480 }] },
    });
  });

  // builds on the orders and bookings the Today test placed on 17, 23 and 24 November
  it("shows the last 30 days in the shop's time zone, one entry a day, with today's bar the Today panel's sales", async () => {
    // 25 October 23:59 in India: the day before the 30 days (they start on 26 October at midnight)
    await place(at('2026-10-25', '23:59'), [{ id: 'tee-red-m', qty: 1 }], 'pof');
    await place(at('2026-10-26', '00:00'), [{ id: 'mango', qty: 1 }], 'pof');
    // one minute before and one after midnight in India, both on 1 November in UTC (18:29 and 18:31)
    const beforeMidnight = await place(at('2026-11-01', '23:59'), [{ id: 'tee-red-m', qty: 1 }], 'upi-manual');
    await owner(`/admin/api/orders/${beforeMidnight}/paid`, { reference: 'UTR987654321' });
    await place(at('2026-11-02', '00:01'), [{ id: 'tee-red-m', qty: 2 }], 'pof');
    // a day whose only order was cancelled shows nothing
    const cancelled = await place(at('2026-11-10', '12:00'), [{ id: 'tee-red-m', qty: 1 }], 'pof');
    await owner(`/admin/api/orders/${cancelled}/status`, { status: 'cancelled' });
    // tomorrow's first minutes are not among today's
    await place(at('2026-11-25', '00:05'), [{ id: 'tee-red-m', qty: 1 }], 'pof');

    now = at('2026-11-24', '18:00');
    const res = await call('GET', '/admin/api/days', 'priya');
    expect(res.statusCode).toBe(200);
    const { days, total } = res.json<{ days: Array<{ date: string; orders: number; sales: number }>; total: object }>();
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-10-26');
    expect(days.at(-1)!.date).toBe('2026-11-24');
    const zero = { orders: 0, sales: 0, paid: 0, toCollect: 0, bookings: 0 };
    const expected: Record<string, object> = {
      '2026-10-26': { orders: 1, sales: 320, paid: 0, toCollect: 320, bookings: 0 },
      '2026-11-01': { orders: 1, sales: 499.5, paid: 499.5, toCollect: 0, bookings: 0 },
      '2026-11-02': { orders: 1, sales: 999, paid: 0, toCollect: 999, bookings: 0 },
      // the Today test's last Tuesday: one order collected, one to collect, two bookings
      '2026-11-17': { orders: 2, sales: 1498.5, paid: 499.5, toCollect: 999, bookings: 2 },
      '2026-11-23': { orders: 1, sales: 480, paid: 0, toCollect: 480, bookings: 0 },
      '2026-11-24': { orders: 3, sales: 2058.5, paid: 999, toCollect: 1059.5, bookings: 1 },
    };
    expect(days).toEqual(days.map(({ date }) => ({ date, ...(expected[date] ?? zero) })));
    // 320 + 499.50 + 999 + 1,498.50 + 480 + 2,058.50
    expect(total).toEqual({ orders: 9, sales: 5855.5, paid: 1998, toCollect: 3857.5, bookings: 3 });

    const today = (await call('GET', '/admin/api/today', 'priya')).json<{ today: { orders: number; sales: number; paid: number; toCollect: number } }>().today;
    expect(days.at(-1)).toMatchObject({ orders: today.orders, sales: today.sales, paid: today.paid, toCollect: today.toCollect });

    // a minute past midnight, the 30 days move on by one: 26 October drops out, 25 November has its order
    now = at('2026-11-25', '00:06');
    const moved = (await call('GET', '/admin/api/days', 'priya')).json<{ days: Array<{ date: string; sales: number }> }>().days;
    expect([moved[0]!.date, moved.at(-1)!.date]).toEqual(['2026-10-27', '2026-11-25']);
    expect(moved.at(-1)).toMatchObject({ orders: 1, sales: 499.5 });
  });

  it('answers a guest and a shopper as if the call did not exist', async () => {
    const missing = await call('GET', '/admin/api/no-such-call');
    for (const user of [undefined, 'asha']) {
      for (const url of ['/admin/api/today', '/admin/api/days']) {
        const res = await call('GET', url, user);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
  });
});
