import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { checkoutOrder } from '../../testing/orders.ts';
import { addUser } from '../../testing/users.ts';
import { mailingThrough, mimePart, useFakeSmtp } from '../../testing/fake-smtp.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/test-app.ts';

const IST = 'Asia/Kolkata';
const at = (date: string, time: string) => instantOf(date, time, IST);
/** Saturday 21 November 2026, 09:00 in the shop: the tests' "now". */
const NOW = at('2026-11-21', '09:00');

const shopConfig = () => ({
  ...testShopConfig(),
  timeZone: IST,
  closedDates: ['2026-11-24'],
  contact: { whatsappNumber: '+919800000000', address: '12 MG Road, Bengaluru' },
  orderConfig: {
    orderEnabled: true,
    deliverySlots: [
      { id: 'morning', label: 'Morning (8 am – 11 am)', from: '08:00', to: '11:00', capacity: 1, cutoffMinutes: 600 },
      { id: 'evening', label: 'Evening (6 pm – 9 pm)', from: '18:00', to: '21:00', capacity: 5, cutoffMinutes: 60 },
    ],
    deliveryDays: 3,
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
  },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  appointments: {
    enabled: true,
    slotMinutes: 30,
    minimumNoticeMinutes: 120,
    horizonDays: 14,
    changeNoticeMinutes: 240,
    openingHours: { mon: [{ from: '10:00', to: '13:00' }], tue: [{ from: '10:00', to: '13:00' }], sun: [{ from: '08:00', to: '12:00' }] },
    services: [
      { id: 'fitting', name: 'Kurta fitting', durationMinutes: 30, price: 150 },
      { id: 'class', name: 'Cooking class', durationMinutes: 60, price: 799, capacity: 3 },
      { id: 'tea', name: 'Tea tasting', durationMinutes: 60, slotMinutes: 60, price: 0, days: ['sun'] },
    ],
  },
});

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

describe.each(testDatabases)('appointments and delivery slots on $name', (database) => {
  const smtp = useFakeSmtp();
  let now = NOW;
  const shop = useTestApp(database, () => ({ config: shopConfig(), authSecret: secret, clock: () => now, ...mailingThrough(smtp) }));
  const token: Record<string, string> = {};

  async function addCustomer(id: string) {
    token[id] = await addUser(shop.db, tokens, { id, role: 'customer', name: `User ${id}` });
  }

  beforeAll(async () => {
    for (const id of ['asha', 'ravi', 'mira']) await addCustomer(id);
  });

  const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  // the test accounts have no phone number: each booking gives the one the shop may call
  const book = (user: string | undefined, serviceId: string, start: string, extra: object = {}) =>
    call('POST', '/fn/appointment/create', user, { userId: 'ravi', sfId: 'test-shop', appointment: { serviceId, start, phone: '+91 98000 11111', ...extra } });
  const slotsOn = async (serviceId: string, date: string) => {
    const res = await call('GET', `/api/appointments/slots?serviceId=${serviceId}&from=${date}&days=1`);
    expect(res.statusCode).toBe(200);
    return (res.json().days[0].slots as Array<{ start: string; remaining: number }>).map((s) => `${s.start.slice(11, 16)}:${s.remaining}`);
  };
  const mine = async (user: string) =>
    (await call('GET', '/api/user/appointments', user)).json() as Array<{ id: string; status: string; start: string; changeable: boolean }>;

  it("a booking needs a phone number the shop can call: the one given, else the account's", async () => {
    const refused = await call('POST', '/fn/appointment/create', 'ravi', {
      sfId: 'test-shop',
      appointment: { serviceId: 'fitting', start: '2026-11-23T10:00:00+05:30' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([{ path: 'appointment.phone', message: 'Give a phone number so the shop can reach you about this booking.' }]);
    expect((await book('ravi', 'fitting', '2026-11-23T10:00:00+05:30', { phone: 'call me' })).statusCode).toBe(400);
    expect(await mine('ravi')).toEqual([]);
  });

  it('a shopper books an offered time: the place is taken, the booking is theirs and a confirmation with a calendar file is mailed', async () => {
    expect((await slotsOn('fitting', '2026-11-23')).slice(0, 3)).toEqual(['10:00:1', '10:30:1', '11:00:1']);
    const res = await book('asha', 'fitting', '2026-11-23T10:30:00+05:30', { notes: 'Bring the blue kurta' });
    expect(res.statusCode).toBe(200);
    const { billId, appointment, emailSent } = res.json();
    // the success page may say the calendar file was sent
    expect(emailSent).toBe(true);
    expect(appointment).toMatchObject({
      billId,
      serviceName: 'Kurta fitting',
      start: '2026-11-23T10:30:00.000+05:30',
      end: '2026-11-23T11:00:00.000+05:30',
      status: 'booked',
      notes: 'Bring the blue kurta',
      changeable: true,
    });
    expect((await slotsOn('fitting', '2026-11-23')).slice(0, 3)).toEqual(['10:00:1', '10:30:0', '11:00:1']);
    // the token's user, not the body's userId
    expect((await mine('asha')).map((a) => a.id)).toEqual([billId]);
    expect(await mine('ravi')).toEqual([]);

    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['asha@example.com']);
    expect(mimePart(mail.raw, 'text/plain')).toContain('Kurta fitting: Monday, 23 November 2026 at 10:30 am (30 minutes), ₹150.00.');
    expect(mail.raw).toContain('Content-Type: text/calendar; charset=utf-8; method=PUBLISH');
    const ics = mimePart(mail.raw, 'text/calendar');
    expect(ics).toContain('DTSTART:20261123T050000Z');
    expect(ics).toContain('DTEND:20261123T053000Z');
    expect(ics).toContain(`UID:${billId}@shop.example`);
    expect(ics).not.toContain('blue kurta');
  });

  it('a shopper whose e-mail is not confirmed gets no calendar file, and the answer does not claim one', async () => {
    token.unconfirmed = await addUser(shop.db, tokens, { id: 'unconfirmed', role: 'customer', name: 'Unconfirmed', emailVerified: false });
    const before = smtp.received.length;
    const res = await book('unconfirmed', 'fitting', '2026-11-23T12:30:00+05:30');
    expect(res.statusCode).toBe(200);
    expect(res.json().emailSent).toBe(false);
    // a confirmed shopper's booking after it: once its mail is in, one for the first would be too
    const sentinel = await book('mira', 'fitting', '2026-11-23T12:00:00+05:30');
    expect(sentinel.json().emailSent).toBe(true);
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['mira@example.com']]);
    await call('POST', `/api/user/appointments/${res.json().billId}/cancel`, 'unconfirmed');
    await call('POST', `/api/user/appointments/${sentinel.json().billId}/cancel`, 'mira');
  });

  it('20 shoppers booking the same time with 3 places: exactly 3 succeed, the rest hear it is full', async () => {
    const users = Array.from({ length: 20 }, (_, i) => `crowd-${i}`);
    for (const id of users) await addCustomer(id);
    const answers = await Promise.all(users.map((u) => book(u, 'class', '2026-11-23T11:00:00+05:30')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(17).fill(409));
    expect(refused[0]!.json()).toEqual({ success: false, error: 'full', message: 'This time is fully booked. Please choose another time.' });
    const rows = await shop.db.kysely.selectFrom('appointments').select('id').where('service_id', '=', 'class').where('status', '=', 'booked').execute();
    expect(rows).toHaveLength(3);
    // a one-hour class on a 30-minute grid holds 11:00 and 11:30: starts at 10:30 and 11:30 overlap it
    expect(await slotsOn('class', '2026-11-23')).toEqual(['10:00:3', '10:30:0', '11:00:0', '11:30:0', '12:00:3']);
  });

  it('a shopper holds at most 3 upcoming bookings: a 4th is refused and takes nothing; a cancelled or past one makes room', async () => {
    await addCustomer('hoarder');
    const sunday = ['08:00', '08:30', '09:00', '09:30', '10:00'].map((t) => `2026-11-29T${t}:00+05:30`);
    // one booking tomorrow, two next Sunday: three upcoming
    expect((await book('hoarder', 'fitting', '2026-11-22T10:00:00+05:30')).statusCode).toBe(200);
    for (const start of sunday.slice(0, 2)) expect((await book('hoarder', 'fitting', start)).statusCode).toBe(200);

    const fourth = await book('hoarder', 'fitting', sunday[2]!);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ success: false, error: 'too_many', message: 'You already have 3 upcoming appointments. Cancel one to book another.' });
    expect((await slotsOn('fitting', '2026-11-29')).slice(0, 4)).toEqual(['08:00:0', '08:30:0', '09:00:1', '09:30:1']);
    expect((await mine('hoarder')).filter((a) => a.status === 'booked')).toHaveLength(3);

    // cancelling one makes room for one
    const [first] = await mine('hoarder');
    expect((await call('POST', `/api/user/appointments/${first!.id}/cancel`, 'hoarder')).statusCode).toBe(200);
    expect((await book('hoarder', 'fitting', sunday[2]!)).statusCode).toBe(200);
    expect((await book('hoarder', 'fitting', sunday[3]!)).json().error).toBe('too_many');

    // another shopper is not held back by them
    expect((await book('ravi', 'fitting', sunday[3]!)).statusCode).toBe(200);

    // a booking that has ended no longer counts
    await addCustomer('regular');
    for (const [service, start] of [
      ['fitting', '2026-11-23T11:00:00+05:30'],
      ['fitting', sunday[4]!],
      ['class', '2026-11-29T08:00:00+05:30'],
    ] as const)
      expect((await book('regular', service, start)).statusCode).toBe(200);
    expect((await book('regular', 'class', '2026-11-29T10:00:00+05:30')).json().error).toBe('too_many');
    now = at('2026-11-23', '11:30'); // Monday's fitting is over
    try {
      expect((await book('regular', 'class', '2026-11-29T10:00:00+05:30')).statusCode).toBe(200);
    } finally {
      now = NOW;
    }
  });

  it('5 bookings sent at once by one shopper with room for 3: exactly 3 are made', async () => {
    await addCustomer('eager');
    const starts = ['10:00', '10:30', '11:00', '11:30', '12:00'].map((t) => `2026-12-01T${t}:00+05:30`);
    const answers = await Promise.all(starts.map((start) => book('eager', 'fitting', start)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error)).toEqual(['too_many', 'too_many']);
    expect((await mine('eager')).filter((a) => a.status === 'booked')).toHaveLength(3);
    // the refused ones took no place
    expect((await slotsOn('fitting', '2026-12-01')).filter((s) => s.endsWith(':0'))).toHaveLength(3);
  });

  it('a cancelled booking frees its place once; cancelling again changes nothing', async () => {
    const booked = (await book('ravi', 'class', '2026-11-30T10:00:00+05:30')).json();
    await book('asha', 'class', '2026-11-30T10:00:00+05:30');
    expect((await slotsOn('class', '2026-11-30'))[0]).toBe('10:00:1');
    const [first, second] = await Promise.all([
      call('POST', `/api/user/appointments/${booked.billId}/cancel`, 'ravi'),
      call('POST', `/api/user/appointments/${booked.billId}/cancel`, 'ravi'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json().message).toBe('This booking was cancelled.');
    expect((await slotsOn('class', '2026-11-30'))[0]).toBe('10:00:2');
    expect((await mine('ravi')).find((a) => a.id === booked.billId)).toMatchObject({ status: 'cancelled', changeable: false });
  });

  it('times in the past, too soon, too far ahead, on closed days or off the grid are refused with the reason; nothing is written', async () => {
    const before = await shop.db.kysely
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[string, string, string]> = [
      ['2026-11-16T10:00:00+05:30', 'too_soon', 'This time is too soon to book. Please choose a later time.'],
      ['2026-11-22T08:30:00+05:30', 'not_a_slot', 'This is not one of the times offered. Please choose a time from the list.'],
      ['2026-11-23T10:15:00+05:30', 'not_a_slot', 'This is not one of the times offered. Please choose a time from the list.'],
      ['2026-11-24T10:00:00+05:30', 'closed', 'The shop is closed at this time.'],
      ['2026-11-25T10:00:00+05:30', 'closed', 'The shop is closed at this time.'],
      ['2026-12-07T10:00:00+05:30', 'too_far', 'This time is too far ahead to book yet.'],
    ];
    // Sunday 22nd at 08:30 is offered (open 08:00–12:00): the notice is the reason only on Saturday
    for (const [start, error, message] of cases.slice(0, 1).concat(cases.slice(2))) {
      const res = await book('asha', 'fitting', start);
      expect({ start, status: res.statusCode, body: res.json() }).toEqual({ start, status: 400, body: { success: false, error, message } });
    }
    expect((await book('asha', 'fitting', '2026-11-21T10:00:00+05:30')).json().error).toBe('too_soon');
    expect((await book('asha', 'massage', '2026-11-23T10:00:00+05:30')).json()).toMatchObject({
      error: 'unknown_service',
      message: 'There is no such service.',
    });
    expect((await book('asha', 'fitting', 'tomorrow at ten')).statusCode).toBe(400);
    expect(
      (
        await call('POST', '/fn/appointment/create', 'asha', { sfId: 'other-shop', appointment: { serviceId: 'fitting', start: '2026-11-23T12:00:00+05:30' } })
      ).json().message,
    ).toBe('Store not specified');
    const after = await shop.db.kysely
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('only a logged-in shopper books, and only the owner sees, cancels or moves a booking (404 for anyone else)', async () => {
    expect((await book(undefined, 'fitting', '2026-11-23T12:00:00+05:30')).statusCode).toBe(401);
    const { billId } = (await book('asha', 'fitting', '2026-11-23T12:00:00+05:30')).json();
    expect((await call('POST', `/api/user/appointments/${billId}/cancel`, 'ravi')).statusCode).toBe(404);
    expect((await call('POST', `/api/user/appointments/${billId}/reschedule`, 'ravi', { start: '2026-11-23T12:30:00+05:30' })).statusCode).toBe(404);
    expect((await call('GET', '/api/user/appointments')).statusCode).toBe(401);
    expect((await call('POST', `/api/user/appointments/${billId}/cancel`)).statusCode).toBe(401);
    expect((await mine('asha')).find((a) => a.id === billId)).toMatchObject({ status: 'booked', start: '2026-11-23T12:00:00.000+05:30' });
  });

  it('moving a booking takes the new place and frees the old one, all or nothing; close to the start it is refused', async () => {
    const { billId } = (await book('ravi', 'fitting', '2026-11-30T10:00:00+05:30')).json();
    await book('mira', 'fitting', '2026-11-30T11:00:00+05:30');
    const full = await call('POST', `/api/user/appointments/${billId}/reschedule`, 'ravi', { start: '2026-11-30T11:00:00+05:30' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe('full');
    expect((await slotsOn('fitting', '2026-11-30')).slice(0, 5)).toEqual(['10:00:0', '10:30:1', '11:00:0', '11:30:1', '12:00:1']);
    const moved = await call('POST', `/api/user/appointments/${billId}/reschedule`, 'ravi', { start: '2026-11-30T10:30:00+05:30' });
    expect(moved.json()).toMatchObject({ success: true, appointment: { id: billId, start: '2026-11-30T10:30:00.000+05:30' } });
    expect((await slotsOn('fitting', '2026-11-30')).slice(0, 3)).toEqual(['10:00:1', '10:30:0', '11:00:0']);

    now = at('2026-11-30', '07:00'); // three hours before: inside the four-hour notice
    try {
      const late = await call('POST', `/api/user/appointments/${billId}/cancel`, 'ravi');
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ success: false, error: 'too_late', message: 'This booking starts too soon to change online. Please contact the shop.' });
      expect((await mine('ravi')).find((a) => a.id === billId)).toMatchObject({ status: 'booked', changeable: false });
    } finally {
      now = NOW;
    }
  });

  it('the slots say why a day offers no time: closed, too soon or fully booked', async () => {
    const reasons = async (serviceId: string, from: string, days: number) => {
      const res = await call('GET', `/api/appointments/slots?serviceId=${serviceId}&from=${from}&days=${days}`);
      expect(res.statusCode).toBe(200);
      return (res.json().days as Array<{ date: string; reason: string | null }>).map((d) => `${d.date}:${d.reason}`);
    };
    // Saturday 09:00: the tea tasting runs on Sundays only, from 08:00 to 12:00, one guest an hour
    expect(await reasons('tea', '2026-11-21', 3)).toEqual(['2026-11-21:closed', '2026-11-22:null', '2026-11-23:closed']);
    // the fitting on a closed date
    expect(await reasons('fitting', '2026-11-24', 1)).toEqual(['2026-11-24:closed']);
    for (const [i, time] of ['08:00', '09:00', '10:00', '11:00'].entries()) {
      await addCustomer(`taster-${i}`);
      expect((await book(`taster-${i}`, 'tea', `2026-11-29T${time}:00+05:30`)).statusCode).toBe(200);
    }
    expect(await reasons('tea', '2026-11-29', 1)).toEqual(['2026-11-29:full']);
    // Sunday 10:30: every time left that day starts within the two hours' notice
    now = at('2026-11-22', '10:30');
    try {
      expect(await reasons('tea', '2026-11-22', 1)).toEqual(['2026-11-22:too_soon']);
    } finally {
      now = NOW;
    }
  });

  it('a free service reads "Free" in the confirmation e-mail and its calendar file, not a price of 0', async () => {
    await addCustomer('free-guest');
    expect((await book('free-guest', 'tea', '2026-11-22T11:00:00+05:30')).statusCode).toBe(200);
    await expect.poll(() => smtp.received.some((m) => m.to.includes('free-guest@example.com'))).toBe(true);
    const mail = smtp.received.find((m) => m.to.includes('free-guest@example.com'))!;
    expect(mimePart(mail.raw, 'text/plain')).toContain('Tea tasting: Sunday, 22 November 2026 at 11:00 am (60 minutes), Free.');
    // calendar lines fold at 75 octets: a line break and a space continue the line
    const ics = mimePart(mail.raw, 'text/calendar').replace(/\r?\n[ \t]/g, '');
    expect(ics).toContain('(60 minutes)\\, Free.');
    expect(ics).not.toMatch(/₹0/);
  });

  describe('delivery slots', () => {
    const address = { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' };
    const order = (slot: string | null, user?: string) =>
      call(
        'POST',
        '/fn/order/create',
        user,
        checkoutOrder({
          deliveryMode: 'ship',
          personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '' } },
          shippingDetails: address,
          shippingSlotId: slot,
        }),
      );
    const stock = async () =>
      (await shop.db.kysely.selectFrom('products').select('stock_milli').where('id', '=', 'tee-red-m').executeTakeFirstOrThrow()).stock_milli;
    const offered = async () =>
      ((await call('GET', '/api/delivery/slots')).json().slots as Array<{ id: string; remaining: number }>).map((s) => `${s.id}:${s.remaining}`);

    it('only open slots are offered, each with its places left, in time order', async () => {
      // Saturday 09:00: Saturday's morning is past its cut-off; Sunday's closes at 22:00 tonight
      expect(await offered()).toEqual(['2026-11-21/evening:5', '2026-11-22/morning:1', '2026-11-22/evening:5', '2026-11-23/morning:1', '2026-11-23/evening:5']);
    });

    it('an order takes its slot in its own transaction; a full slot refuses the order and keeps the stock', async () => {
      const first = await order('2026-11-22/morning');
      expect(first.statusCode).toBe(200);
      expect(first.json().order.details).toMatchObject({
        shippingSlotId: '2026-11-22/morning',
        shippingSlot: { label: 'Morning (8 am – 11 am)', start: '2026-11-22T08:00:00.000+05:30', end: '2026-11-22T11:00:00.000+05:30' },
      });
      expect(await offered()).toContain('2026-11-22/morning:0');
      const stockBefore = await stock();
      const second = await order('2026-11-22/morning');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ success: false, error: 'slot_full', message: 'This delivery slot is full. Please choose another one.' });
      expect(await stock()).toBe(stockBefore);

      // the guest's cancel request cancels the unconfirmed order and frees the slot, once
      const { orderId, notificationToken } = first.json();
      for (let i = 0; i < 2; i++)
        await shop.app.inject({
          method: 'POST',
          url: '/fn/order/cancelRequest',
          payload: { sfId: 'test-shop', orderId },
          headers: { authorization: `Bearer ${notificationToken}` },
        });
      expect(await offered()).toContain('2026-11-22/morning:1');
      expect(await offered()).toContain('2026-11-22/evening:5');
    });

    it('a slot past its cut-off or unknown is refused, and a shop with slots needs one for delivery', async () => {
      expect((await order('2026-11-21/morning')).json()).toMatchObject({
        error: 'slot_closed',
        message: 'This delivery slot is no longer available. Please choose another one.',
      });
      expect((await order('2026-11-22/noon')).json().fields).toEqual([{ path: 'order.shippingSlotId', message: 'This field is not correct.' }]);
      expect((await order(null)).json().fields).toEqual([{ path: 'order.shippingSlotId', message: 'This field is required.' }]);
    });
  });
});
