import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { createPushSender, loadVapidKeys } from '../../services/push.ts';
import { testDatabases } from '../../testing/databases.ts';
import { addUser, insertUser } from '../../testing/users.ts';
import { startFakePushService, type FakePushService } from '../../testing/fake-push-service.ts';
import { mailingThrough, mimePart, startFakeSmtp, subjectOf, useFakeSmtp } from '../../testing/fake-smtp.ts';
import { fittingAppointments, testShopConfig } from '../../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../../testing/orders.ts';
import { buildTestApp, useTestApp } from '../../testing/test-app.ts';

const IST = 'Asia/Kolkata';
/** Monday 23 November 2026, 09:00 in the shop. */
const NOW = instantOf('2026-11-23', '09:00', IST);
const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

const shopConfig = (contactEmail?: string) => ({
  ...testShopConfig(),
  timeZone: IST,
  contact: { phone: '+91 98000 00000', ...(contactEmail ? { email: contactEmail } : {}) },
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: true } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  appointments: fittingAppointments(),
});
/** Asha, who gives her phone number and no e-mail address. */
const ashaWithPhone = { fullName: 'Asha Rao', phone: { number: '9800000001', dialCode: '+91' } };

describe.each(testDatabases)("the owner's alerts with /admin closed, on $name", (database) => {
  let pushService: FakePushService;
  beforeAll(async () => {
    pushService = await startFakePushService();
    return () => pushService.close();
  });
  const smtp = useFakeSmtp();
  const shop = useTestApp(database, () => ({
    config: shopConfig('orders@kirana.example'),
    authSecret: secret,
    clock: () => NOW,
    push: createPushSender(loadVapidKeys({}, mkdtempSync(path.join(os.tmpdir(), 'vapid-')), 'mailto:owner@shop.example')),
    pushServiceOrigin: pushService.origin,
    ...mailingThrough(smtp),
  }));
  const token: Record<string, string> = {};
  beforeAll(async () => {
    for (const [id, role, phone] of [
      ['priya', 'owner', null],
      ['asha', 'customer', '+919800000001'],
    ] as const) {
      token[id] = await addUser(shop.db, tokens, { id, role, name: id === 'priya' ? 'Priya' : 'Asha Rao', phone });
    }
  });

  const call = (url: string, user?: string, payload?: object) =>
    shop.app.inject({ method: 'POST', url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  const placeOrder = async () => {
    const res = await call('/fn/order/create', undefined, checkoutOrder({ personalDetails: ashaWithPhone }));
    expect(res.statusCode).toBe(200);
    return res.json<{ orderId: string; order: { number: number } }>();
  };
  const pushesTo = (device: string) => pushService.received.filter((p) => p.path === device).map((p) => p.message);
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  it('only the owner turns alerts on, for a browser push service only', async () => {
    const phone = pushService.subscribe('/priya-phone');
    expect((await call('/admin/api/alerts', 'asha', { subscription: phone })).statusCode).toBe(404);
    expect((await call('/admin/api/alerts', undefined, { subscription: phone })).statusCode).toBe(404);
    const elsewhere = await call('/admin/api/alerts', 'priya', { subscription: { ...phone, endpoint: 'http://169.254.169.254/latest' } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toEqual([{ path: 'subscription.endpoint', message: 'This is not the address of a browser push service.' }]);
    expect((await call('/admin/api/alerts/status', 'priya', { endpoint: phone.endpoint })).json()).toEqual({ success: true, on: false });
    expect((await call('/admin/api/alerts', 'priya', { subscription: phone })).json()).toEqual({ success: true, on: true });
    expect((await call('/admin/api/alerts/status', 'priya', { endpoint: phone.endpoint })).json()).toEqual({ success: true, on: true });
  });

  it("a new order reaches the owner's phone as a push and the shop's address as an e-mail, with no /admin page open", async () => {
    const placed = await placeOrder();
    const label = `#${placed.order.number}`;
    // one tee at ₹499.50, picked up, from the name the shopper gave
    await expect.poll(() => pushesTo('/priya-phone').length).toBe(1);
    expect(pushesTo('/priya-phone')[0]).toEqual({
      title: `New order ${label}`,
      body: '₹499.50 · Pickup · Asha Rao',
      url: `/admin/orders/${placed.orderId}`,
      tag: `owner-order-${placed.orderId}`,
    });
    await expect.poll(() => mailsTo('orders@kirana.example').length).toBe(1);
    const mail = mailsTo('orders@kirana.example')[0]!;
    expect(subjectOf(mail.raw)).toBe(`New order ${label} · ₹499.50 · Pickup · Asha Rao — Test Shop`);
    const text = mimePart(mail.raw, 'text/plain');
    expect(text).toContain('Contact: Asha Rao · +91 9800000001');
    expect(text).toContain('1 × Cotton Tee (Red / M) @ ₹499.50 = ₹499.50');
    expect(text).toContain(`Open it: https://shop.example/admin/orders/${placed.orderId}`);
  });

  it('a new booking reaches the owner the same ways', async () => {
    const before = mailsTo('orders@kirana.example').length;
    const res = await call('/fn/appointment/create', 'asha', {
      sfId: 'test-shop',
      appointment: { serviceId: 'fitting', start: '2026-11-23T11:00:00+05:30', notes: 'Blue kurta' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => pushesTo('/priya-phone').length).toBe(2);
    expect(pushesTo('/priya-phone')[1]).toMatchObject({
      title: 'New booking: Kurta fitting',
      body: expect.stringMatching(/^Monday, 23 November 2026 at 11:00 am · Asha Rao · \+919800000001$/),
      url: '/admin?section=bookings&date=2026-11-23',
    });
    await expect.poll(() => mailsTo('orders@kirana.example').length).toBe(before + 1);
    expect(mimePart(mailsTo('orders@kirana.example').at(-1)!.raw, 'text/plain')).toContain('Note: Blue kurta');
  });

  it('alerts turned off, or an owner no longer the owner, get no more pushes', async () => {
    const tablet = pushService.subscribe('/priya-tablet');
    await call('/admin/api/alerts', 'priya', { subscription: tablet });
    expect((await call('/admin/api/alerts/off', 'priya', { endpoint: pushService.subscribe('/priya-phone').endpoint })).json()).toEqual({
      success: true,
      on: false,
    });
    const before = smtp.received.length;
    await placeOrder();
    await expect.poll(() => pushesTo('/priya-tablet').length).toBe(1);
    expect(pushesTo('/priya-phone')).toHaveLength(2);
    // the order's e-mail goes after the answer: counted once it has arrived
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    await shop.db.kysely.updateTable('users').set({ role: 'customer' }).where('id', '=', 'priya').execute();
    const mails = smtp.received.length;
    await placeOrder();
    // the e-mail to the shop's address still goes: it is the config's, not the account's
    await expect.poll(() => smtp.received.length).toBe(mails + 1);
    expect(pushesTo('/priya-tablet')).toHaveLength(1);
    await shop.db.kysely.updateTable('users').set({ role: 'owner' }).where('id', '=', 'priya').execute();
  });
});

describe("the owner's alert e-mail without a shop address", () => {
  it("goes to every owner's confirmed address", async () => {
    const smtp = await startFakeSmtp();
    const { db, dispose } = await testDatabases[0]!.open();
    const app = await buildTestApp(db, {
      config: shopConfig(),
      clock: () => NOW,
      ...mailingThrough(smtp),
    });
    try {
      for (const [id, verified] of [
        ['priya', 1],
        ['sunil', 1],
        ['unconfirmed', 0],
      ] as const) {
        await insertUser(db, { id, role: 'owner', emailVerified: verified === 1 });
      }
      const res = await placeOrder(app, checkoutOrder({ personalDetails: ashaWithPhone }));
      expect(res.statusCode).toBe(200);
      await expect.poll(() => smtp.received.length).toBe(2);
      expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(['priya@example.com', 'sunil@example.com']);
    } finally {
      await app.close();
      await dispose();
      await smtp.close();
    }
  });
});
