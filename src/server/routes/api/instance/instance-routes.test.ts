import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { createAnalyticsRepository } from '../../../db/repositories/analytics-repository.ts';
import { createAccessTokens } from '../../../services/access-tokens.ts';
import { shopConfigSchema } from '../../../../domain/shop-config.ts';
import { createDeviceRepository } from '../../../db/repositories/device-repository.ts';
import { createOrderRepository } from '../../../db/repositories/order-repository.ts';
import { tellShopper } from '../../../services/order-news.ts';
import { createPushSender, isPushEndpoint, loadVapidKeys, type PushSender } from '../../../services/push.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { checkoutOrder } from '../../../testing/orders.ts';
import { addUser } from '../../../testing/users.ts';
import { startFakePushService, type FakePushService } from '../../../testing/fake-push-service.ts';
import { testShopConfig } from '../../../testing/fixtures.ts';
import { buildTestApp } from '../../../testing/test-app.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

describe('VAPID keys and push endpoints', () => {
  it('are made once and kept in the data directory, readable by the owner only; given keys must be whole', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    const first = loadVapidKeys({}, dir, 'mailto:shop@example.com');
    expect(loadVapidKeys({}, dir, 'mailto:shop@example.com')).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path.join(dir, 'vapid.json'), 'utf8')).privateKey).toBe(first.privateKey);
    expect(() => loadVapidKeys({ publicKey: first.publicKey }, dir, 'mailto:x@example.com')).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });

  it("only the browsers' push services are sent to", () => {
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(isPushEndpoint('https://web.push.apple.com/abc')).toBe(true);
    expect(isPushEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isPushEndpoint('https://fcm.googleapis.com.evil.example/abc')).toBe(false);
    expect(isPushEndpoint('https://169.254.169.254/latest/meta-data')).toBe(false);
    expect(isPushEndpoint('https://fcm.googleapis.com:8443/x')).toBe(false);
    expect(isPushEndpoint('http://127.0.0.1:5000/push', 'http://127.0.0.1:5000')).toBe(true);
  });
});

describe.each(testDatabases)('devices, push and analytics on $name', (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  let pushService: FakePushService;
  let push: PushSender;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    pushService = await startFakePushService();
    ({ db, dispose } = await database.open());
    const keys = loadVapidKeys({}, mkdtempSync(path.join(os.tmpdir(), 'vapid-')), 'mailto:owner@shop.example');
    push = createPushSender(keys);
    app = await buildTestApp(db, { config: shopConfig(), authSecret: secret, push, pushServiceOrigin: pushService.origin });
    for (const id of ['asha', 'ravi']) {
      token[id] = await addUser(db, tokens, { id, role: 'customer' });
    }
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await pushService?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  /** What each browser keeps next to its device id: the secret it made before its first registration. */
  const secrets: Record<string, string> = {};
  const register = async (user: string | undefined, deviceId: string, subscription: object | null, userId: string | null = 'ravi') => {
    const res = await call('POST', '/api/instance/updateFcmToken', user, {
      fcmToken: subscription ? JSON.stringify(subscription) : null,
      deviceId,
      userId,
      deviceSecret: (secrets[deviceId] ??= randomBytes(32).toString('base64url')),
    });
    const issued = res.json<{ deviceSecret?: string }>().deviceSecret;
    if (issued) secrets[deviceId] = issued;
    return res;
  };
  /** The order a push is about (its notification's tag), so a test can tell which order's push came. */
  const tagOfPush = (push: { message: unknown }) => (push.message as { tag?: string }).tag;
  const order = (user?: string) =>
    call(
      'POST',
      '/fn/order/create',
      user,
      checkoutOrder({
        items: [{ id: 'mango', qty: 0.5 }],
        personalDetails: { fullName: 'Asha Rao', email: 'a@example.com', phone: { number: '9800000001', dialCode: '+91' } },
      }),
    );

  it("a logged-in shopper's subscription gets a VAPID-signed, encrypted push when they place an order", async () => {
    const subscription = pushService.subscribe('/asha-phone');
    expect((await register('asha', 'device-asha-1', subscription)).json()).toEqual({ success: true });
    expect((await register('asha', 'device-asha-1', subscription)).json()).toEqual({ success: true });
    const res = await order('asha');
    expect(res.statusCode).toBe(200);
    const placed = res.json();
    await expect.poll(() => pushService.received.length).toBe(1);
    const [push] = pushService.received;
    expect(push).toMatchObject({ path: '/asha-phone', ttl: '86400', vapid: { aud: pushService.origin, sub: 'mailto:owner@shop.example' } });
    expect(push!.message).toEqual({
      title: 'Test Shop',
      body: `Thank you! Your order #${placed.order.number} is placed.`,
      url: '/account?activePage=orders',
      tag: `order-${placed.orderId}`,
    });
    // a guest's order and another user's order push nothing: Asha's next order, placed after
    // them, is the next push there is, anywhere
    await order();
    await order('ravi');
    const next = (await order('asha')).json<{ orderId: string }>();
    await expect.poll(() => pushService.received.length).toBeGreaterThanOrEqual(2);
    expect(pushService.received.map((p) => [p.path, tagOfPush(p)])).toEqual([
      ['/asha-phone', `order-${placed.orderId}`],
      ['/asha-phone', `order-${next.orderId}`],
    ]);
  });

  it("the owner's status changes reach the shopper's devices as well", async () => {
    const subscription = pushService.subscribe('/asha-tablet');
    await register('asha', 'device-asha-2', subscription);
    const placed = (await order('asha')).json<{ orderId: string; order: { number: number } }>();
    // the order's own push goes after the answer: it arrives first here, as it would for a shopper
    await expect.poll(() => pushService.received.filter((p) => p.path === '/asha-tablet').length).toBe(1);
    const change = await createOrderRepository(db).setStatus(placed.orderId, 'confirmed', 'owner-1', 2);
    if (!change.ok) throw new Error(`not moved: ${change.reason}`);
    await tellShopper(
      {
        shop: shopConfigSchema.parse(shopConfig()),
        devices: createDeviceRepository(db),
        push,
        mailer: undefined,
        log: app.log,
        origin: 'https://shop.example',
      },
      change,
    );
    const toTablet = pushService.received.filter((p) => p.path === '/asha-tablet');
    expect(toTablet).toHaveLength(2);
    expect(toTablet[1]!.message).toEqual({
      title: 'Test Shop',
      body: `Your order #${placed.order.number} is confirmed.`,
      url: '/account?activePage=orders',
      tag: `order-${placed.orderId}`,
    });
    expect((await call('DELETE', '/api/user/devices/device-asha-2', 'asha')).statusCode).toBe(200);
  });

  it('the user comes from the token, never the body; logout attaches no user to the device', async () => {
    const subscription = pushService.subscribe('/shared-laptop');
    const toLaptop = () => pushService.received.filter((p) => p.path === '/shared-laptop').map((p) => tagOfPush(p));
    const tagOf = async (user: string) => `order-${(await order(user)).json<{ orderId: string }>().orderId}`;
    // a body naming Asha, without her token: her order pushes nothing here, so Ravi's, placed
    // after it once he has logged in on this device, is the first push the device gets
    await register(undefined, 'device-shared-1', subscription, 'asha');
    await order('asha');
    await register('ravi', 'device-shared-1', subscription);
    const first = await tagOf('ravi');
    await expect.poll(() => toLaptop().length).toBeGreaterThanOrEqual(1);
    expect(toLaptop()).toEqual([first]);
    // logout: the same device registered without a token; Ravi's order then pushes nothing
    // here, so after he logs in again his next order is the next push the device gets
    await register(undefined, 'device-shared-1', null, 'ravi');
    await order('ravi');
    await register('ravi', 'device-shared-1', subscription);
    const again = await tagOf('ravi');
    await expect.poll(() => toLaptop().length).toBeGreaterThanOrEqual(2);
    expect(toLaptop()).toEqual([first, again]);
  });

  it("a device id alone does not move a device: without the device's secret another account cannot take it or its pushes", async () => {
    const subscription = pushService.subscribe('/asha-watch');
    await register('asha', 'device-asha-watch', subscription);
    const owners = async () => ({
      device: (await db.kysely.selectFrom('devices').select('user_id').where('id', '=', 'device-asha-watch').executeTakeFirstOrThrow()).user_id,
      subscription: (await db.kysely.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', subscription.endpoint).executeTakeFirstOrThrow())
        .user_id,
    });
    // Ravi knows the id (it travels in every analytics event) but not the secret
    const attacker = pushService.subscribe('/ravi-laptop');
    for (const attempt of [{}, { deviceSecret: 'x'.repeat(43) }, { deviceSecret: secrets['device-asha-1'] }]) {
      for (const fcmToken of [null, JSON.stringify(attacker)]) {
        const res = await call('POST', '/api/instance/updateFcmToken', 'ravi', { fcmToken, deviceId: 'device-asha-watch', userId: 'ravi', ...attempt });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, error: 'device_secret' });
      }
      // nor may anyone detach it from Asha, as a logout would
      expect(
        (await call('POST', '/api/instance/updateFcmToken', undefined, { fcmToken: null, deviceId: 'device-asha-watch', userId: null, ...attempt })).statusCode,
      ).toBe(403);
    }
    expect(await owners()).toEqual({ device: 'asha', subscription: 'asha' });
    expect(await db.kysely.selectFrom('push_subscriptions').select('id').where('endpoint', '=', attacker.endpoint).execute()).toEqual([]);

    // the browser that holds the secret moves it: Ravi logs in on Asha's watch
    expect((await register('ravi', 'device-asha-watch', subscription)).statusCode).toBe(200);
    expect(await owners()).toEqual({ device: 'ravi', subscription: 'ravi' });
  });

  /** A registration from a browser of its own address: these tests send more than one address may in a minute. */
  const registerFrom = (remoteAddress: string, user: string | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/instance/updateFcmToken',
      payload,
      remoteAddress,
      headers: user ? { authorization: `Bearer ${token[user]}` } : {},
    });

  it("the browser's own secret binds a new device; the same registration again (its answer was lost) is the same device", async () => {
    const deviceSecret = randomBytes(32).toString('base64url');
    const body = { fcmToken: null, deviceId: 'device-asha-phone', userId: 'asha' };
    for (let i = 0; i < 2; i++) {
      const res = await registerFrom('10.0.0.1', 'asha', { ...body, deviceSecret });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    // logout brings the same secret; a browser without it (or with another) is refused
    expect((await registerFrom('10.0.0.1', undefined, { ...body, userId: null, deviceSecret })).statusCode).toBe(200);
    for (const other of [{}, { deviceSecret: randomBytes(32).toString('base64url') }]) {
      expect((await registerFrom('10.0.0.1', 'ravi', { ...body, userId: 'ravi', ...other })).statusCode).toBe(403);
    }
    expect(await db.kysely.selectFrom('devices').select('user_id').where('id', '=', 'device-asha-phone').executeTakeFirstOrThrow()).toEqual({ user_id: null });
  });

  it('a secret that is not 32 random bytes (base64url) is refused with the field, and binds nothing', async () => {
    for (const deviceSecret of ['', 'x', 'x'.repeat(42), `${'x'.repeat(42)}=`, 'x'.repeat(44)]) {
      const res = await registerFrom('10.0.0.2', 'asha', { fcmToken: null, deviceId: 'device-weak-secret', userId: 'asha', deviceSecret });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['deviceSecret']);
    }
    expect(await db.kysely.selectFrom('devices').select('id').where('id', '=', 'device-weak-secret').execute()).toEqual([]);
  });

  it('a browser that brings no secret (an older version) is given one at its first registration, and needs it after', async () => {
    const body = { fcmToken: null, deviceId: 'device-old-browser', userId: null };
    const first = await registerFrom('10.0.0.3', 'asha', { ...body, userId: 'asha' });
    const deviceSecret = first.json<{ deviceSecret: string }>().deviceSecret;
    expect(deviceSecret).toMatch(/^[\w-]{43}$/);
    expect((await registerFrom('10.0.0.3', undefined, body)).statusCode).toBe(403);
    expect((await registerFrom('10.0.0.3', undefined, { ...body, deviceSecret })).json()).toEqual({ success: true });
  });

  it('a device registered before devices had secrets is bound by its next registration, and needs that secret after', async () => {
    await db.kysely.insertInto('devices').values({ id: 'device-from-before', user_id: 'asha', record: '{}', created_at: 0, updated_at: 0 }).execute();
    const first = await register('asha', 'device-from-before', null, 'asha');
    expect(first.json()).toEqual({ success: true });
    expect((await call('POST', '/api/instance/updateFcmToken', 'ravi', { fcmToken: null, deviceId: 'device-from-before', userId: 'ravi' })).statusCode).toBe(
      403,
    );
    expect((await register(undefined, 'device-from-before', null, null)).statusCode).toBe(200);
  });

  it('a subscription the push service calls gone (410) is deleted', async () => {
    const subscription = pushService.subscribe('/gone');
    pushService.answer('/gone', 410);
    await register('ravi', 'device-ravi-gone', subscription);
    expect(await db.kysely.selectFrom('push_subscriptions').select('id').where('endpoint', '=', subscription.endpoint).execute()).toHaveLength(1);
    await order('ravi');
    await expect
      .poll(async () => (await db.kysely.selectFrom('push_subscriptions').select('id').where('endpoint', '=', subscription.endpoint).execute()).length)
      .toBe(0);
  });

  it('bad subscriptions and ids are refused with the field, and nothing is stored', async () => {
    const before = (await db.kysely.selectFrom('devices').select('id').execute()).length;
    const cases: Array<[object, string]> = [
      [{ fcmToken: '{"endpoint":"https://fcm.googleapis.com/x"}', deviceId: 'device-bad-1' }, 'fcmToken'],
      [{ fcmToken: 'not json', deviceId: 'device-bad-1' }, 'fcmToken'],
      [{ fcmToken: JSON.stringify({ endpoint: 'http://10.0.0.5/internal', keys: { p256dh: 'aa', auth: 'bb' } }), deviceId: 'device-bad-1' }, 'fcmToken'],
      [{ fcmToken: null, deviceId: 'x' }, 'deviceId'],
      [{ fcmToken: null, deviceId: 'has spaces in it' }, 'deviceId'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/instance/updateFcmToken', 'asha', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    expect((await db.kysely.selectFrom('devices').select('id').execute()).length).toBe(before);
  });

  it("a user lists and forgets their own devices; another user's device answers 404", async () => {
    const mine = (await call('GET', '/api/user/devices', 'asha')).json() as Array<{ id: string; push: boolean }>;
    expect(mine).toEqual([expect.objectContaining({ id: 'device-asha-1', push: true })]);
    expect((await call('DELETE', '/api/user/devices/device-asha-1', 'ravi')).statusCode).toBe(404);
    expect((await call('GET', '/api/user/devices', 'ravi')).json().map((d: { id: string }) => d.id)).not.toContain('device-asha-1');
    expect((await call('GET', '/api/user/devices')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/devices/device-asha-1', 'asha')).json()).toEqual({ success: true });
    expect((await call('GET', '/api/user/devices', 'asha')).json()).toEqual([]);
  });

  it('analytics events are stored with the device record and summarised; the user is the token’s, not the body’s', async () => {
    const record = {
      localTime: '2026-11-21T20:00:00+05:30',
      device_id: 'device-asha-1',
      session_id: 'session-1234',
      version: '0.8',
      os_name: 'Android',
      device_brand: 'Google',
      device_model: 'Pixel 8',
      device_type: 'mobile',
      user_id: 'ravi',
    };
    const res = await call('POST', '/fn/analytics/logEvent', 'asha', {
      event_type: 'new_session',
      value: 'https://shop.example/home',
      sf_id: 'test-shop',
      ...record,
    });
    expect(res.json()).toEqual({ success: true });
    await call('POST', '/fn/analytics/logEvent', undefined, {
      event_type: 'new_session',
      value: 'https://shop.example/',
      sf_id: 'test-shop',
      ...record,
      session_id: 'session-5678',
    });
    const rows = await db.kysely.selectFrom('analytics_events').selectAll().orderBy('created_at').execute();
    expect(rows.map((r) => r.user_id)).toEqual(['asha', null]);
    expect(JSON.parse(rows[0]!.record)).toMatchObject({ os_name: 'Android', device_model: 'Pixel 8', version: '0.8', user_id: 'asha' });
    const summary = await createAnalyticsRepository(db).summary(0, Date.now() + 1000);
    expect(summary.events).toEqual([{ eventType: 'new_session', count: 2, devices: 1, sessions: 2 }]);
    expect(summary.days).toEqual([{ day: new Date().toISOString().slice(0, 10), eventType: 'new_session', count: 2 }]);

    expect((await call('POST', '/fn/analytics/logEvent', undefined, { event_type: 'new_session', value: '/', sf_id: 'other-shop' })).json().message).toBe(
      'Store not specified',
    );
    expect((await call('POST', '/fn/analytics/logEvent', undefined, { event_type: 'DROP TABLE', value: '/', sf_id: 'test-shop' })).statusCode).toBe(400);
    expect((await call('POST', '/fn/analytics/logEvent', undefined, { event_type: 'x', value: 'v'.repeat(3000), sf_id: 'test-shop' })).statusCode).toBe(400);
    expect((await db.kysely.selectFrom('analytics_events').select('id').execute()).length).toBe(2);
  });
});
