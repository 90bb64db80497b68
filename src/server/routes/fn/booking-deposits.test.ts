import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { everyPayment, testShopConfig } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { addOwnerPriya, addUser } from '../../testing/users.ts';

const IST = 'Asia/Kolkata';
/** Saturday 21 November 2026, 09:00 in the shop: the tests' "now". */
const NOW = instantOf('2026-11-21', '09:00', IST);
const MINUTE = 60_000;
const PAYU = { key: 'testKey1', salt: 'test-salt-never-sent', endpoint: 'http://127.0.0.1:9/_payment' };

const shopConfig = () => ({
  ...testShopConfig(),
  timeZone: IST,
  orderConfig: {
    orderEnabled: true,
    unpaidHoldMinutes: 30,
    // the cap on unpaid orders is order-holds.test.ts's
    maxGuestOrderValue: 0,
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
  },
  payment: everyPayment(),
  appointments: {
    enabled: true,
    slotMinutes: 60,
    minimumNoticeMinutes: 60,
    horizonDays: 14,
    changeNoticeMinutes: 240,
    openingHours: { mon: [{ from: '10:00', to: '13:00' }], tue: [{ from: '10:00', to: '13:00' }] },
    services: [
      { id: 'tasting', name: 'Cake tasting', durationMinutes: 60, price: 500, deposit: 300, capacity: 1 },
      { id: 'fitting', name: 'Kurta fitting', durationMinutes: 30, price: 150 },
    ],
  },
});

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

type Deposit = { orderId: string; orderNumber: number; amount: number; paymentType: string; state: string };
type Booking = { id: string; status: string; deposit: Deposit | null };

describe.each(testDatabases)('booking deposits on $name', (database) => {
  let now = NOW;
  const shop = useTestApp(database, () => ({ config: shopConfig(), authSecret: secret, clock: () => now, payu: PAYU }));
  const token: Record<string, string> = {};
  beforeAll(async () => {
    for (const id of ['asha', 'ravi', 'mira', 'dev']) token[id] = await addUser(shop.db, tokens, { id, role: 'customer', name: `User ${id}` });
    token.priya = await addOwnerPriya(shop.db, tokens);
  });

  const call = (method: 'GET' | 'POST', url: string, user: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token[user]}` } });
  const book = (user: string, start: string, extra: object = {}) =>
    call('POST', '/fn/appointment/create', user, { sfId: 'test-shop', appointment: { serviceId: 'tasting', start, phone: '+91 98000 22222', ...extra } });
  const bookingOf = async (user: string, id: string) => ((await call('GET', '/api/user/appointments', user)).json() as Booking[]).find((b) => b.id === id)!;
  const placesLeft = async (date: string) =>
    (
      (await shop.app.inject({ url: `/api/appointments/slots?serviceId=tasting&from=${date}&days=1` })).json().days[0].slots as Array<{
        start: string;
        remaining: number;
      }>
    )
      .map((s) => s.remaining)
      .reduce((a, b) => a + b, 0);
  const orderOf = async (user: string, orderId: string) => (await call('GET', `/api/user/orders/${orderId}`, user)).json().order;

  it('a service with a deposit is booked with an order for it, paid like any order; paid, the booking says so', async () => {
    const res = await book('asha', '2026-11-23T10:00:00+05:30', { paymentType: 'upi-manual' });
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json().appointment as Booking;
    expect(booking.deposit).toMatchObject({ amount: 300, paymentType: 'upi-manual', state: 'due' });
    const { orderId } = booking.deposit!;

    // the order: ₹300 for the tasting at its time, nothing to deliver, waiting for its UPI payment, the shopper's own
    const order = await orderOf('asha', orderId);
    expect(order).toMatchObject({ status: 'placed', deliveryMode: 'digital', paymentType: 'upi-manual', paymentStatus: 'awaiting_payment', grandTotal: 300 });
    expect(order.lines).toEqual([expect.objectContaining({ productId: 'service:tasting', title: 'Cake tasting', qty: 1, total: 300 })]);
    expect(order.lines[0].variantName).toMatch(/^Deposit · Monday, 23 November 2026 at 10:00/i);
    expect((await call('GET', `/api/user/orders/${orderId}`, 'ravi')).statusCode).toBe(404);

    // paid by UPI to the shop: the owner marks it paid, the booking reads paid
    const upi = await call('POST', '/fn/order/paymentConfig', 'asha', { sfId: 'test-shop', orderId, provider: 'upi-manual' });
    expect(upi.json()).toMatchObject({ amount: 300 });
    expect((await call('POST', `/admin/api/orders/${orderId}/paid`, 'priya', { reference: '652658791234' })).statusCode).toBe(200);
    expect((await bookingOf('asha', booking.id)).deposit).toMatchObject({ state: 'paid' });
    // the owner's day shows it too
    const day = (await call('GET', '/admin/api/appointments?date=2026-11-23', 'priya')).json();
    expect(day.appointments.find((a: Booking) => a.id === booking.id).deposit).toMatchObject({ state: 'paid', amount: 300, orderNumber: order.number });
  });

  it('a service without a deposit makes no order; a deposit cannot be paid on delivery, nor by a way the shop does not take', async () => {
    const free = await call('POST', '/fn/appointment/create', 'ravi', {
      sfId: 'test-shop',
      appointment: { serviceId: 'fitting', start: '2026-11-24T10:00:00+05:30', phone: '+91 98000 33333' },
    });
    expect(free.json().appointment.deposit).toBeNull();
    for (const paymentType of ['pof', 'razorpay', 'cash']) {
      const res = await book('ravi', '2026-11-24T11:00:00+05:30', { paymentType });
      expect(res.statusCode, paymentType).toBe(400);
      expect(res.json().fields[0].path).toBe('appointment.paymentType');
    }
    // nothing was taken: the place is still free, and ravi has only the fitting
    expect(((await call('GET', '/api/user/appointments', 'ravi')).json() as Booking[]).length).toBe(1);
    expect((await book('ravi', '2026-11-24T11:00:00+05:30')).json().appointment.deposit).toMatchObject({ paymentType: 'upi-manual', state: 'due' });
  });

  it('the shopper cancelling a paid booking cancels its deposit order, which owes the deposit back; the owner records the refund', async () => {
    const booking = (await book('mira', '2026-11-23T11:00:00+05:30', { paymentType: 'upi-manual' })).json().appointment as Booking;
    const { orderId } = booking.deposit!;
    await call('POST', `/admin/api/orders/${orderId}/paid`, 'priya', { reference: '652658791235' });
    const before = await placesLeft('2026-11-23');

    const cancelled = await call('POST', `/api/user/appointments/${booking.id}/cancel`, 'mira');
    expect(cancelled.json().appointment).toMatchObject({ status: 'cancelled', deposit: { state: 'refund_due' } });
    expect(await placesLeft('2026-11-23')).toBe(before + 1);
    expect(await orderOf('mira', orderId)).toMatchObject({ status: 'cancelled', refund: { amount: 300, status: 'due' } });

    expect((await call('POST', `/admin/api/orders/${orderId}/refund`, 'priya', { reference: 'UPI-REFUND-1' })).statusCode).toBe(200);
    expect((await bookingOf('mira', booking.id)).deposit).toMatchObject({ state: 'refunded' });
  });

  it('a deposit order that ends unpaid takes its booking with it: the owner rejecting it, or a gateway payment never made', async () => {
    const rejected = (await book('dev', '2026-11-24T12:00:00+05:30', { paymentType: 'upi-manual' })).json().appointment as Booking;
    const before = await placesLeft('2026-11-24');
    expect((await call('POST', `/admin/api/orders/${rejected.deposit!.orderId}/status`, 'priya', { status: 'rejected' })).statusCode).toBe(200);
    expect(await bookingOf('dev', rejected.id)).toMatchObject({ status: 'cancelled', deposit: { state: 'unpaid' } });
    expect(await placesLeft('2026-11-24')).toBe(before + 1);

    // by PayU, never paid: at the end of the hold the order is cancelled, and the booking with it
    const unpaid = (await book('dev', '2026-11-24T12:00:00+05:30', { paymentType: 'payu' })).json().appointment as Booking;
    expect(await placesLeft('2026-11-24')).toBe(before);
    now += 31 * MINUTE;
    try {
      expect(await shop.app.expireUnpaidOrders!()).toBeGreaterThanOrEqual(1);
    } finally {
      now = NOW;
    }
    expect(await bookingOf('dev', unpaid.id)).toMatchObject({ status: 'cancelled', deposit: { state: 'unpaid' } });
    expect(await placesLeft('2026-11-24')).toBe(before + 1);
  });

  it("moving a booking keeps its deposit and renames the deposit's line to the new time", async () => {
    const booking = (await book('ravi', '2026-11-23T12:00:00+05:30', { paymentType: 'upi-manual' })).json().appointment as Booking;
    const moved = await call('POST', `/api/user/appointments/${booking.id}/reschedule`, 'ravi', { start: '2026-11-24T12:00:00+05:30' });
    expect(moved.json().appointment.deposit).toEqual(booking.deposit);
    const [line] = (await orderOf('ravi', booking.deposit!.orderId)).lines;
    expect(line.variantName).toMatch(/^Deposit · Tuesday, 24 November 2026 at 12:00/i);
  });

  it("a booking that took place completes its paid deposit's order, leaving the board; an unpaid one is left for the owner", async () => {
    const paid = (await book('mira', '2026-11-23T12:00:00+05:30', { paymentType: 'upi-manual' })).json().appointment as Booking;
    const unpaid = (await book('dev', '2026-11-23T11:00:00+05:30', { paymentType: 'upi-manual' })).json().appointment as Booking;
    await call('POST', `/admin/api/orders/${paid.deposit!.orderId}/paid`, 'priya', { reference: '652658791236' });
    now = instantOf('2026-11-23', '13:30', IST);
    try {
      expect((await call('POST', `/admin/api/appointments/${paid.id}/outcome`, 'priya', { outcome: 'attended' })).statusCode).toBe(200);
      // the shopper did not come: the deposit is the shop's, but this one was never paid
      expect((await call('POST', `/admin/api/appointments/${unpaid.id}/outcome`, 'priya', { outcome: 'no_show' })).statusCode).toBe(200);
    } finally {
      now = NOW;
    }
    expect(await orderOf('mira', paid.deposit!.orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(await orderOf('dev', unpaid.deposit!.orderId)).toMatchObject({ status: 'placed', paymentStatus: 'awaiting_payment' });
    const open = (await call('GET', '/admin/api/orders?status=placed,confirmed', 'priya')).json() as { orders: Array<{ id: string }> };
    expect(open.orders.map((o) => o.id)).not.toContain(paid.deposit!.orderId);
  });

  it('the owner cancelling a booking whose deposit is not paid yet cancels its order: nothing is owed, nothing is left to pay', async () => {
    const booking = (await book('asha', '2026-11-24T10:00:00+05:30', { paymentType: 'upi-manual' })).json().appointment as Booking;
    expect((await call('POST', `/admin/api/appointments/${booking.id}/cancel`, 'priya')).statusCode).toBe(200);
    const order = await orderOf('asha', booking.deposit!.orderId);
    expect(order).toMatchObject({ status: 'cancelled', refund: null });
    const pay = await call('POST', '/fn/order/paymentConfig', 'asha', { sfId: 'test-shop', orderId: booking.deposit!.orderId, provider: 'upi-manual' });
    expect(pay.statusCode).toBe(409);
  });
});
