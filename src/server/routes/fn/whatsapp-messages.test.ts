import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { GUIDE_TEMPLATES, startFakeWhatsApp, webhookSignature, type FakeWhatsApp } from '../../testing/fake-whatsapp.ts';
import { fittingAppointments, pickupOrUpiShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { addOwnerAndCustomer } from '../../testing/users.ts';

const SETTINGS = { token: 'EAAG-system-user-token', phoneNumberId: '106540352242922', appSecret: 'app-secret-never-sent', verifyToken: 'a-verify-token' };
const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Asha's number as she types it at checkout, and as WhatsApp knows it. */
const ASHA = { number: '98450 67890', dialCode: '+91' };
const ASHA_WA = '919845067890';
const SHOP_WA = '919800000000';

/**
 * Order updates on WhatsApp through the Cloud API (issue 40), against a local Cloud API that speaks
 * the protocol: only after the shopper opts in, each message once, tried again when WhatsApp
 * fails or times out, the webhook's handshake and signature, statuses into the order's history, STOP.
 */
describe.each(testDatabases)('WhatsApp order updates on $name', (database) => {
  const secret = randomBytes(32);
  const tokens = createAccessTokens(secret);
  let fake: FakeWhatsApp;
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  let owner: string;
  let asha: string;
  // the owner's calls take the time of day as it is; the shop's clock starts there and the test moves it on
  let now = Date.now();

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ ...SETTINGS, templates: GUIDE_TEMPLATES });
    const opened = await database.open();
    db = opened.db;
    dispose = opened.dispose;
    app = await buildTestApp(db, {
      config: {
        ...pickupOrUpiShopConfig(),
        orderConfig: { ...pickupOrUpiShopConfig().orderConfig, unpaidHoldMinutes: 30 },
        appointments: fittingAppointments(),
      },
      whatsapp: { ...SETTINGS, apiUrl: fake.url },
      // a send that takes longer than this has timed out; the queue is looked at when the test says so
      whatsappTiming: { timeoutMs: 300, everyMs: 3_600_000 },
      publicUrl: 'https://shop.example',
      authSecret: secret,
      clock: () => now,
      unpaidSweepMs: 60 * MINUTE,
    });
    fake.deliverWith(async (raw, headers) => (await app.inject({ method: 'POST', url: '/fn/whatsapp/webhook', payload: raw, headers })).statusCode);
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
    const users = await addOwnerAndCustomer(db, tokens, (id) => ({ priya: 'Priya Shah', asha: 'Asha Rao' })[id] ?? id);
    owner = users.priya!;
    asha = users.asha!;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await fake?.close();
  });
  beforeEach(() => {
    fake.sent.length = 0;
  });

  const place = async (order: Record<string, unknown>, user?: string) => {
    // a shopper's orders are placed at moments apart
    now += SECOND;
    const res = await app.inject({
      method: 'POST',
      url: '/fn/order/create',
      headers: user ? { authorization: `Bearer ${user}` } : {},
      payload: {
        sfId: 'test-shop',
        order: {
          items: [{ id: 'tee-red-m', qty: 1 }],
          deliveryMode: 'pickup',
          paymentType: 'pof',
          personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: ASHA },
          ...order,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orderId: string; notificationToken: string }>();
  };
  const move = async (orderId: string, status: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/status`,
      headers: { authorization: `Bearer ${owner}` },
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const send = () => app.sendWhatsAppMessages!();
  const toAsha = () => fake.sent.filter((m) => m.to === ASHA_WA);
  const history = async (orderId: string) =>
    (await app.inject({ method: 'GET', url: `/admin/api/orders/${orderId}`, headers: { authorization: `Bearer ${owner}` } })).json<{
      order: { history: Array<{ action: string; by: string; detail: Record<string, unknown> }> };
    }>().order.history;

  it('sends the shopper nothing without the tick; the shop hears of the order on its own number', async () => {
    const { orderId } = await place({});
    await move(orderId, 'confirmed');
    await send();
    expect(toAsha()).toEqual([]);
    const alert = fake.sent.find((m) => m.to === SHOP_WA);
    expect(alert).toMatchObject({ template: 'owner_new_order', language: 'en' });
    expect(alert!.params.slice(1)).toEqual(['₹499.50', 'Pickup', 'Asha Rao', `https://shop.example/admin/orders/${orderId}`]);
  });

  it('tells an opted-in shopper each step once: placed with the link to the order, accepted, ready, picked up', async () => {
    const { orderId, notificationToken } = await place({ whatsappUpdates: true });
    expect(await send()).toBe(2);
    const [placed] = toAsha();
    expect(placed).toMatchObject({ template: 'order_placed', language: 'en', callbackData: expect.any(String) });
    const number = placed!.params[0]!;
    expect(number).toMatch(/^#\d+$/);
    expect(placed!.params).toEqual([number, 'Test Shop', '₹499.50', `https://shop.example/guest/view-order#orderId=${orderId}&token=${notificationToken}`]);

    await move(orderId, 'confirmed');
    await move(orderId, 'preparing');
    await move(orderId, 'ready');
    // two rounds at once, as two instances would: each message goes once
    await Promise.all([send(), send()]);
    await move(orderId, 'picked_up');
    await send();
    await send();
    expect(toAsha().map((m) => [m.template, ...m.params])).toEqual([
      ['order_placed', number, 'Test Shop', '₹499.50', expect.any(String)],
      ['order_confirmed', number, 'Test Shop'],
      ['order_ready', number, 'Test Shop'],
      ['order_delivered', number, 'Test Shop'],
    ]);
  });

  it('tries again after WhatsApp fails (500) and after no answer comes, never sending a message WhatsApp took twice', async () => {
    const { orderId } = await place({ whatsappUpdates: true });
    fake.failNext(2, { status: 500, code: 131000 });
    await send();
    expect(fake.sent).toEqual([]);
    // not before its time: 10 seconds after the first failure
    now += 5 * SECOND;
    await send();
    expect(fake.sent).toEqual([]);
    now += 6 * SECOND;
    await send();
    expect(toAsha().map((m) => m.template)).toEqual(['order_placed']);

    // WhatsApp takes the next one but its answer never comes: the shop times out
    fake.sent.length = 0;
    fake.failNext(1, 'timeout');
    await move(orderId, 'confirmed');
    await send();
    expect(toAsha().map((m) => m.template)).toEqual(['order_confirmed']);
    // its status names the shop's message (biz_opaque_callback_data): the retry does not send it again
    expect(await fake.status(toAsha()[0]!, 'sent')).toBe(200);
    now += 11 * SECOND;
    await send();
    expect(toAsha().map((m) => m.template)).toEqual(['order_confirmed']);
    expect((await history(orderId)).filter((h) => h.action === 'whatsapp.message').map((h) => h.detail)).toContainEqual({
      kind: 'order_confirmed',
      status: 'sent',
    });

    // a timeout with no word from WhatsApp: tried again, as a lost message costs more than a rare second one
    fake.sent.length = 0;
    fake.failNext(1, 'timeout');
    await move(orderId, 'ready');
    await send();
    now += 11 * SECOND;
    await send();
    expect(toAsha().map((m) => m.template)).toEqual(['order_ready', 'order_ready']);
  });

  it('ends a message WhatsApp refuses for good (a template it does not know) as failed, with why, and tries no more', async () => {
    const { orderId } = await place({ whatsappUpdates: true });
    await send();
    fake.sent.length = 0;
    await move(orderId, 'confirmed');
    await move(orderId, 'cancelled');
    // the first of the two, 'order_confirmed', is refused as an unknown template; the second goes
    fake.failNext(1, { status: 404, code: 132001 });
    await send();
    now += 2 * 3600 * SECOND;
    await send();
    expect(toAsha().map((m) => m.template)).toEqual(['order_cancelled']);
    const failed = (await history(orderId)).find((h) => h.action === 'whatsapp.message' && h.detail.status === 'failed');
    expect(failed?.detail).toMatchObject({ kind: 'order_confirmed', error: expect.stringContaining('132001') });
  });

  it("answers WhatsApp's handshake only with the verify token", async () => {
    const ask = (query: string) => app.inject({ method: 'GET', url: `/fn/whatsapp/webhook?${query}` });
    const right = await ask('hub.mode=subscribe&hub.verify_token=a-verify-token&hub.challenge=1158201444');
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=a-guess&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=a-verify-token&hub.challenge=1',
      '',
    ]) {
      const wrong = await ask(query);
      expect(wrong.statusCode, query).toBe(403);
      expect(wrong.body).not.toContain('a-verify-token');
    }
  });

  it('takes only notifications signed with the app secret, and a clear 400 for a body that is not one; nothing changes', async () => {
    const { orderId } = await place({ whatsappUpdates: true });
    await send();
    const [placed] = toAsha();
    const read = {
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses: [{ id: placed!.wamid, status: 'read', timestamp: '1795000000' }] } }] }],
    };
    expect(await fake.post(read, webhookSignature('another-secret', JSON.stringify(read)))).toBe(401);
    const unsigned = await app.inject({ method: 'POST', url: '/fn/whatsapp/webhook', payload: read });
    expect(unsigned.statusCode).toBe(401);
    for (const body of ['{"object":', '{"object":"page","entry":[]}', '[]', 'read']) {
      const res = await app.inject({
        method: 'POST',
        url: '/fn/whatsapp/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(SETTINGS.appSecret, body) },
      });
      expect(res.statusCode, body).toBe(400);
    }
    const statuses = (await history(orderId)).filter((h) => h.action === 'whatsapp.message' && h.detail.kind === 'order_placed');
    expect(statuses.map((h) => h.detail.status)).toEqual(['accepted']);
  });

  it("shows the owner how far each message got: sent, delivered, read, and a late 'delivered' does not undo 'read'", async () => {
    const { orderId } = await place({ whatsappUpdates: true });
    await send();
    const [placed] = toAsha();
    const statusOf = async () => (await history(orderId)).find((h) => h.action === 'whatsapp.message' && h.detail.kind === 'order_placed')?.detail.status;
    expect(await fake.status(placed!, 'sent')).toBe(200);
    expect(await statusOf()).toBe('sent');
    await fake.status(placed!, 'read');
    await fake.status(placed!, 'delivered');
    // WhatsApp posts again what it is not sure arrived
    await fake.status(placed!, 'read');
    expect(await statusOf()).toBe('read');
  });

  it('ends the updates of a number that writes STOP (START brings them back); anything else it writes is kept with its order', async () => {
    const { orderId } = await place({ whatsappUpdates: true });
    await send();
    expect(await fake.incoming(ASHA_WA, 'Can you add candles?')).toBe(200);
    expect(await fake.incoming(ASHA_WA, ' Stop ')).toBe(200);
    await move(orderId, 'confirmed');
    await send();
    expect(toAsha().map((m) => m.template)).toEqual(['order_placed']);
    const entries = await history(orderId);
    expect(entries.filter((h) => h.action === 'whatsapp.received').map((h) => [h.by, h.detail.text])).toEqual([
      ['shopper', 'Can you add candles?'],
      ['shopper', ' Stop '],
    ]);

    await fake.incoming(ASHA_WA, 'START');
    await move(orderId, 'ready');
    await send();
    expect(toAsha().map((m) => m.template)).toEqual(['order_placed', 'order_ready']);
  });

  it('reminds an opted-in UPI shopper to pay once, with the amount, the time and the link', async () => {
    now = Date.UTC(2026, 10, 28, 6, 0);
    const { orderId, notificationToken } = await place({ whatsappUpdates: true, paymentType: 'upi-manual' });
    await send();
    // the hold is 30 minutes; the reminder goes 10 minutes before it ends, at 12:00 in Kolkata
    now += 21 * MINUTE;
    await app.expireUnpaidOrders!();
    await app.expireUnpaidOrders!();
    await send();
    const reminders = toAsha().filter((m) => m.template === 'payment_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.params.slice(1)).toEqual([
      'Test Shop',
      expect.stringMatching(/^₹499\.5\d$/),
      '12:00 pm',
      `https://shop.example/guest/view-order#orderId=${orderId}&token=${notificationToken}`,
    ]);
  });

  it("keeps a logged-in shopper's answer for their next checkout", async () => {
    await place({ whatsappUpdates: true }, asha);
    const refreshed = await db.kysely.selectFrom('users').select('whatsapp_updates').where('id', '=', 'asha').executeTakeFirstOrThrow();
    expect(refreshed.whatsapp_updates).toBe(1);
    await place({ whatsappUpdates: false }, asha);
    expect((await db.kysely.selectFrom('users').select('whatsapp_updates').where('id', '=', 'asha').executeTakeFirstOrThrow()).whatsapp_updates).toBe(0);
    // a checkout that did not ask leaves it as it was
    await place({ whatsappUpdates: true }, asha);
    await place({}, asha);
    expect((await db.kysely.selectFrom('users').select('whatsapp_updates').where('id', '=', 'asha').executeTakeFirstOrThrow()).whatsapp_updates).toBe(1);
  });

  it("lets the owner reply from the order within 24 hours of the customer's last message, and only then", async () => {
    // Meera's number: her message is about her order alone
    const meera = '919845011111';
    const { orderId } = await place({ personalDetails: { fullName: 'Meera Iyer', phone: { number: '98450 11111', dialCode: '+91' } } });
    const replyTo = (text: string) =>
      app.inject({ method: 'POST', url: `/admin/api/orders/${orderId}/whatsapp-reply`, headers: { authorization: `Bearer ${owner}` }, payload: { text } });
    const closed = await replyTo('Yes, we can add candles.');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ error: 'window_closed' });

    await fake.incoming(meera, 'Can you add candles?', 'Meera');
    const sent = await replyTo('Yes, we can add candles.');
    expect(sent.statusCode, sent.body).toBe(200);
    const reply = fake.sent.at(-1)!;
    expect(reply).toMatchObject({ to: meera, type: 'text', text: 'Yes, we can add candles.' });
    await fake.status(reply, 'read');
    expect((await history(orderId)).filter((h) => h.action === 'whatsapp.reply').map((h) => [h.by, h.detail])).toEqual([
      ['Priya Shah', { text: 'Yes, we can add candles.', status: 'read' }],
    ]);

    fake.failNext(1, { status: 500, code: 131000 });
    expect((await replyTo('And a card?')).statusCode).toBe(502);
    // a day and an hour after she wrote the window has closed
    now = Date.now() + 25 * 3600 * SECOND;
    expect((await replyTo('Is everything fine?')).statusCode).toBe(409);
    expect((await history(orderId)).filter((h) => h.action === 'whatsapp.reply')).toHaveLength(1);
  });

  it('tells the shop of a new booking on its own WhatsApp, and an opted-in shopper the booking and, two hours before, a reminder', async () => {
    // Saturday 28 November 2026, 11:30 in the shop; the fitting is on Monday morning
    now = Date.UTC(2026, 10, 28, 6, 0);
    const book = (start: string, whatsappUpdates: boolean) =>
      app.inject({
        method: 'POST',
        url: '/fn/appointment/create',
        headers: { authorization: `Bearer ${asha}` },
        payload: { sfId: 'test-shop', appointment: { serviceId: 'fitting', start, phone: '+91 98450 67890', whatsappUpdates } },
      });
    // what Asha hears of her bookings (earlier orders' messages may still go meanwhile)
    const bookingNews = () => toAsha().filter((m) => m.template?.startsWith('booking_'));
    const booked = await book('2026-11-30T10:00:00+05:30', true);
    expect(booked.statusCode, booked.body).toBe(200);
    await send();
    const monday = 'Monday, 30 November 2026 at 10:00 am';
    expect(fake.sent.find((m) => m.template === 'owner_new_booking')).toMatchObject({
      to: SHOP_WA,
      params: ['Kurta fitting', monday, 'Asha Rao', '+91 98450 67890'],
    });
    expect(bookingNews().map((m) => [m.template, ...m.params])).toEqual([['booking_confirmed', 'Kurta fitting', monday, 'Test Shop']]);

    // Monday, 07:59 in the shop: not yet; 08:00, two hours before: the reminder, once
    now = Date.UTC(2026, 10, 30, 2, 29);
    await send();
    expect(bookingNews()).toHaveLength(1);
    now += 61 * SECOND;
    await send();
    now += 61 * SECOND;
    await send();
    expect(bookingNews().map((m) => [m.template, ...m.params])).toEqual([
      ['booking_confirmed', 'Kurta fitting', monday, 'Test Shop'],
      ['booking_reminder', 'Kurta fitting', monday, 'Test Shop'],
    ]);

    // booked at 09:00 for 10:30 (less than two hours ahead), and one for noon without the tick: a confirmation for the first, no reminder for either
    fake.sent.length = 0;
    now = Date.UTC(2026, 10, 30, 3, 30);
    expect((await book('2026-11-30T10:30:00+05:30', true)).statusCode).toBe(200);
    expect((await book('2026-11-30T12:00:00+05:30', false)).statusCode).toBe(200);
    for (let minute = 0; minute < 3; minute++) {
      now += 61 * SECOND;
      await send();
    }
    now = Date.UTC(2026, 10, 30, 4, 31);
    await send();
    expect(bookingNews().map((m) => m.template)).toEqual(['booking_confirmed']);
  });

  it('lists what customers wrote for the owner, and lets the owner answer a message about no order within its 24 hours', async () => {
    now = Date.now();
    const stranger = '919900011122';
    await fake.incoming(stranger, 'Are you open on Sunday?', 'Ravi');
    const asOwner = { authorization: `Bearer ${owner}` };
    const listed = (await app.inject({ url: '/admin/api/whatsapp/messages', headers: asOwner })).json<{
      messages: Array<{ id: string; from: string; name: string | null; text: string; orderId: string | null; replyUntil: number | null }>;
    }>().messages;
    const asked = listed.find((m) => m.from === stranger)!;
    expect(asked).toMatchObject({ name: 'Ravi', text: 'Are you open on Sunday?', orderId: null, replyUntil: expect.any(Number) });
    // an earlier message about an order is listed with that order
    expect(listed.find((m) => m.text === 'Can you add candles?')?.orderId).toEqual(expect.any(String));

    const answer = (id: string, text: string) =>
      app.inject({ method: 'POST', url: `/admin/api/whatsapp/messages/${id}/reply`, headers: asOwner, payload: { text } });
    expect((await answer(asked.id, 'Yes, 8 am to 1 pm.')).statusCode).toBe(200);
    expect(fake.sent.at(-1)).toMatchObject({ to: stranger, type: 'text', text: 'Yes, 8 am to 1 pm.' });
    expect((await answer('wamid.none', 'Hello')).statusCode).toBe(404);
    expect((await app.inject({ url: '/admin/api/whatsapp/messages' })).statusCode).toBe(404);
    now = Date.now() + 25 * 3600 * SECOND;
    expect((await answer(asked.id, 'Still there?')).statusCode).toBe(409);
  });
});
