import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { createAuditRepository } from '../../testing/audit-log.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { addUser } from '../../testing/users.ts';
import { mailingThrough, mimePart, useFakeSmtp } from '../../testing/fake-smtp.ts';
import { fittingAppointments, testShopConfig } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/test-app.ts';

const IST = 'Asia/Kolkata';
/** Monday 23 November 2026, 09:00 in the shop: the tests' "now". */
const NOW = instantOf('2026-11-23', '09:00', IST);

const shopConfig = () => ({
  ...testShopConfig(),
  timeZone: IST,
  contact: { phone: '+91 98000 00000' },
  appointments: fittingAppointments({ openingHours: { mon: [{ from: '10:00', to: '13:00' }], tue: [{ from: '10:00', to: '13:00' }] } }),
});

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

describe.each(testDatabases)("the owner's day — bookings and stock — on $name", (database) => {
  const smtp = useFakeSmtp();
  let now = NOW;
  const shop = useTestApp(database, () => ({ config: shopConfig(), authSecret: secret, clock: () => now, ...mailingThrough(smtp) }));
  const token: Record<string, string> = {};
  beforeAll(async () => {
    for (const [id, role, phone] of [
      ['priya', 'owner', null],
      ['asha', 'customer', '+919800000001'],
      ['ravi', 'customer', null],
    ] as const) {
      token[id] = await addUser(shop.db, tokens, { id, role, name: `User ${id}`, phone });
    }
  });

  const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const book = async (user: string, start: string) => {
    const res = await call('POST', '/fn/appointment/create', user, {
      userId: user,
      sfId: 'test-shop',
      appointment: { serviceId: 'fitting', start, notes: 'Blue kurta', ...(user === 'ravi' ? { phone: '+91 98111 22233' } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ billId: string }>().billId;
  };
  const remaining = async (date: string, time: string) => {
    const days = (await call('GET', `/api/appointments/slots?serviceId=fitting&from=${date}&days=1`)).json<{
      days: Array<{ slots: Array<{ start: string; remaining: number }> }>;
    }>().days;
    return days[0]!.slots.find((s) => s.start.slice(11, 16) === time)?.remaining;
  };

  it("lists a day's bookings in the shop's time zone, today unless a date is named, with who booked", async () => {
    const today = await book('asha', '2026-11-23T11:00:00+05:30');
    const tomorrow = await book('ravi', '2026-11-24T10:00:00+05:30');
    const day = (await call('GET', '/admin/api/appointments', 'priya')).json();
    expect(day.date).toBe('2026-11-23');
    expect(day.appointments).toEqual([
      expect.objectContaining({
        id: today,
        serviceName: 'Kurta fitting',
        start: '2026-11-23T11:00:00.000+05:30',
        status: 'booked',
        name: 'User asha',
        email: 'asha@example.com',
        phone: '+919800000001',
        notes: 'Blue kurta',
      }),
    ]);
    const next = (await call('GET', '/admin/api/appointments?date=2026-11-24', 'priya')).json();
    expect(next.appointments.map((a: { id: string }) => a.id)).toEqual([tomorrow]);
    expect((await call('GET', '/admin/api/appointments?date=24-11-2026', 'priya')).statusCode).toBe(400);
    // each shopper's confirmation, and the owner's alert of each (the config names no shop address: the owner's own)
    await expect.poll(() => smtp.received.filter((m) => !m.to.includes('priya@example.com')).length).toBe(2);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('priya@example.com')).length).toBe(2);
  });

  it('lists the next 7 days of bookings still to come, and marks one that started attended or a no-show', async () => {
    const later = await book('ravi', '2026-11-24T11:30:00+05:30');
    const soon = await book('asha', '2026-11-23T10:00:00+05:30');
    const upcoming = (await call('GET', '/admin/api/appointments/upcoming', 'priya')).json().appointments as Array<{
      id: string;
      phone: string | null;
      start: string;
    }>;
    // by start; the phone the shopper gave when the account has none
    expect(upcoming.map((a) => a.id)).toEqual(expect.arrayContaining([soon, later]));
    expect(upcoming.map((a) => a.start)).toEqual([...upcoming.map((a) => a.start)].sort());
    expect(upcoming.find((a) => a.id === later)?.phone).toBe('+91 98111 22233');

    expect((await call('POST', `/admin/api/appointments/${soon}/outcome`, 'priya', { outcome: 'attended' })).json()).toMatchObject({
      error: 'not_started',
      message: 'This booking has not started yet.',
    });
    now = instantOf('2026-11-23', '10:05', IST);
    try {
      expect((await call('POST', `/admin/api/appointments/${soon}/outcome`, 'asha', { outcome: 'no_show' })).statusCode).toBe(404);
      expect((await call('POST', `/admin/api/appointments/${soon}/outcome`, 'priya', { outcome: 'maybe' })).statusCode).toBe(400);
      expect((await call('POST', `/admin/api/appointments/${soon}/outcome`, 'priya', { outcome: 'no_show' })).json()).toMatchObject({
        success: true,
        appointment: { id: soon, status: 'no_show' },
      });
      // the shopper walked in late: corrected
      expect((await call('POST', `/admin/api/appointments/${soon}/outcome`, 'priya', { outcome: 'attended' })).json()).toMatchObject({
        appointment: { status: 'attended' },
      });
      expect((await call('POST', '/admin/api/appointments/01NOSUCH/outcome', 'priya', { outcome: 'attended' })).statusCode).toBe(404);
      const marked = (await call('GET', '/admin/api/appointments/upcoming', 'priya')).json().appointments.map((a: { id: string }) => a.id);
      expect(marked).not.toContain(soon);
      const trail = await createAuditRepository(shop.db).list(`appointment:${soon}`);
      expect(trail.map((e) => [e.actor, e.action])).toEqual([
        ['priya', 'appointment.attended'],
        ['priya', 'appointment.no_show'],
      ]);
    } finally {
      now = NOW;
    }
  });

  it('answers a guest and a shopper as if the calls did not exist, and cancels nothing', async () => {
    const id = await book('asha', '2026-11-23T12:00:00+05:30');
    const missing = await call('GET', '/admin/api/no-such-call');
    for (const user of [undefined, 'asha']) {
      for (const [method, url, body] of [
        ['GET', '/admin/api/appointments'],
        ['POST', `/admin/api/appointments/${id}/cancel`],
        ['GET', '/admin/api/stock'],
        ['POST', '/admin/api/stock/tee-red-m', { stock: 0 }],
      ] as const) {
        const res = await call(method, url, user, body);
        expect(res.statusCode, `${method} ${url} as ${user ?? 'a guest'}`).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    expect(await remaining('2026-11-23', '12:00')).toBe(0);
  });

  it('the owner cancels a booking: its place comes back once, the entry is audited and the shopper gets an e-mail that cancels it in their calendar', async () => {
    const id = await book('ravi', '2026-11-23T12:30:00+05:30');
    expect(await remaining('2026-11-23', '12:30')).toBe(0);
    const [first, second] = await Promise.all([
      call('POST', `/admin/api/appointments/${id}/cancel`, 'priya'),
      call('POST', `/admin/api/appointments/${id}/cancel`, 'priya'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: 'cancelled', message: 'This booking was cancelled already.' });
    expect(await remaining('2026-11-23', '12:30')).toBe(1);
    expect((await call('GET', '/api/user/appointments', 'ravi')).json().find((a: { id: string }) => a.id === id)).toMatchObject({ status: 'cancelled' });
    expect(await createAuditRepository(shop.db).list(`appointment:${id}`)).toMatchObject([{ actor: 'priya', action: 'appointment.cancel' }]);

    const cancelMails = () => smtp.received.filter((m) => m.raw.includes('Subject: Your booking at Test Shop was cancelled'));
    await expect.poll(() => cancelMails().length).toBe(1);
    const mail = cancelMails()[0]!;
    expect(mail.to).toEqual(['ravi@example.com']);
    expect(mimePart(mail.raw, 'text/plain')).toContain('Test Shop had to cancel your booking: Kurta fitting, Monday, 23 November 2026 at 12:30 pm.');
    expect(mimePart(mail.raw, 'text/plain')).toContain('To ask about it: +91 98000 00000');
    expect(mimePart(mail.raw, 'text/calendar')).toContain('METHOD:CANCEL');
    expect(mimePart(mail.raw, 'text/calendar')).toContain(`UID:${id}@shop.example`);
  });

  it('a booking that has ended, or does not exist, cannot be cancelled', async () => {
    const id = await book('asha', '2026-11-24T10:30:00+05:30');
    now = instantOf('2026-11-24', '11:00', IST);
    try {
      expect((await call('POST', `/admin/api/appointments/${id}/cancel`, 'priya')).json()).toMatchObject({
        error: 'too_late',
        message: 'This booking has ended.',
      });
      expect((await call('POST', '/admin/api/appointments/01NOSUCHBOOKING/cancel', 'priya')).statusCode).toBe(404);
      expect(await createAuditRepository(shop.db).list(`appointment:${id}`)).toEqual([]);
    } finally {
      now = NOW;
    }
  });

  it('lists stock fewest first and finds products by words; setting stock shows in the catalog at once and is audited', async () => {
    const all = (await call('GET', '/admin/api/stock', 'priya')).json();
    expect(all.total).toBeGreaterThan(1);
    const stocks = all.products.map((p: { stock: number }) => p.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    const found = (await call('GET', '/admin/api/stock?q=TEE%20red', 'priya')).json();
    expect(found.products.length).toBeGreaterThan(0);
    for (const p of found.products) expect(`${p.title} ${p.variantName} ${p.variantId}`.toLowerCase()).toMatch(/tee[\s\S]*red|red[\s\S]*tee/);

    const set = await call('POST', '/admin/api/stock/tee-red-m', 'priya', { stock: 7 });
    expect(set.json()).toEqual({ success: true, variantId: 'tee-red-m', stock: 7 });
    const catalog = (await call('GET', '/api/catalog')).json<{ products: Array<{ variantId: string; stock: number }> }>();
    expect(catalog.products.find((p) => p.variantId === 'tee-red-m')?.stock).toBe(7);
    expect(await createAuditRepository(shop.db).list('product:tee-red-m')).toMatchObject([{ actor: 'priya', action: 'stock.set', detail: { to: 7 } }]);
  });

  it('refuses a negative, fractional (for whole units) or missing stock and an unknown product, changing nothing', async () => {
    const before = (await call('GET', '/api/catalog')).body;
    for (const body of [{ stock: -1 }, { stock: 1.5 }, { stock: '3' }, {}]) {
      const res = await call('POST', '/admin/api/stock/tee-red-m', 'priya', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await call('POST', '/admin/api/stock/no-such-product', 'priya', { stock: 1 })).statusCode).toBe(404);
    expect((await call('GET', '/api/catalog')).body).toBe(before);
  });
});
