import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createDineTableRepository } from '../../db/repositories/dine-table-repository.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import type { TestDatabase } from '../../testing/databases.ts';
import { testPersonal, testShipping, testShopConfig } from '../../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../../testing/orders.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../../testing/fake-razorpay.ts';
import { GUIDE_TEMPLATES, startFakeWhatsApp, type FakeWhatsApp } from '../../testing/fake-whatsapp.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { insertUser } from '../../testing/users.ts';
import { problemWith, type Report } from './answers.ts';
import { pct, preview, type Auth, type Call } from './calls.ts';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi.ts';
import { ONLY, PASSWORD_RUNS, RUNS, SEED } from './settings.ts';
import type { Hints } from './valid-input.ts';

/** Table 4's code, as its card would print it (issue 41). */
const TABLE_4_CODE = '0427';

// The shop the fuzzer runs on: everything turned on, so every route has work to do

export const PAYU = { key: 'fuzzKey01', salt: 'fuzz-salt-never-sent', endpoint: 'https://payu.invalid/_payment' };
// Razorpay's keys; its API is a local fake started with the app
const RAZORPAY_KEYS = { keyId: 'rzp_test_FuzzShop000001', keySecret: 'fuzz-key-secret', webhookSecret: 'fuzz-webhook-secret' };
const WHATSAPP = { token: 'fuzz-whatsapp-token', phoneNumberId: '106540352242922', appSecret: 'fuzz-app-secret', verifyToken: 'fuzz-verify-token' };
const everyDay = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ from: '00:00', to: '23:30' }]]));
export const shopConfig = () => ({
  ...testShopConfig(),
  timeZone: 'Asia/Kolkata',
  orderConfig: {
    orderEnabled: true,
    pickupEnabled: true,
    deliveryCharge: { amount: 40, disableWhenTotalAbove: 1000 },
    deliverySlots: [
      { id: 'morning', label: 'Morning', from: '08:00', to: '11:00', capacity: 3, cutoffMinutes: 60 },
      { id: 'evening', label: 'Evening', from: '18:00', to: '21:00', capacity: 5, cutoffMinutes: 60 },
    ],
    deliveryDays: 3,
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
  },
  pricingConfig: { globalTaxPercentage: 5 },
  dineInConfig: { dineInEnabled: true },
  dineSpaces: [{ id: 'table-4', name: 'Table 4' }],
  payment: {
    providers: [
      { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
      { id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' },
      { id: 'payu', providerName: 'PayU', buttonText: 'Pay by card' },
      { id: 'razorpay', providerName: 'Razorpay', buttonText: 'Pay online' },
    ],
    upi: { vpa: 'test.shop@okbank', payeeName: 'Test Shop' },
    payu: { merchantKey: PAYU.key, mode: 'test' },
  },
  appointments: {
    enabled: true,
    slotMinutes: 30,
    minimumNoticeMinutes: 0,
    horizonDays: 14,
    changeNoticeMinutes: 0,
    openingHours: everyDay,
    services: [
      { id: 'fitting', name: 'Kurta fitting', durationMinutes: 30, price: 150 },
      { id: 'class', name: 'Cooking class', durationMinutes: 60, price: 799, capacity: 3 },
    ],
  },
  callerVerification: { provider: 'truecaller', partnerKey: 'partner-key', partnerName: 'Test Shop' },
});

/** A stable seed per operation, so adding a route does not change the others' runs. */
const seedOf = (op: Operation, kind: string) => {
  let h = SEED;
  for (const ch of `${kind} ${op.id}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

const usesPasswords = (op: Operation) => JSON.stringify(op.body?.schema ?? {}).includes('"password"');

/**
 * The app the fuzzer drives, on this database: a shopper, the owner, an order, a booking,
 * an address and a device for the ids in paths and bodies to find. `fuzz` runs a property
 * over every operation of the app's OpenAPI document and fails with every failing one.
 */
export function useFuzzedApi(database: TestDatabase) {
  const secret = randomBytes(32);
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;
  let razorpay: FakeRazorpay | undefined;
  let whatsapp: FakeWhatsApp | undefined;
  let ops: Operation[] = [];
  const tokens: Record<Auth, string | undefined> = {
    guest: undefined,
    shopper: undefined,
    owner: undefined,
    expired: undefined,
    'bad token': 'not-a-token',
    'order token': undefined,
  };
  const hints: Hints = {};
  /** Hints for one operation's path parameters: the id of something it can find. */
  const pathHints: Record<string, Hints> = {};
  const hintsFor = (op: Operation): Hints => ({ ...hints, ...pathHints[op.path] });
  const report: Report = { shapes: new Map(), statuses: new Map(), requests: 0 };

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    // codes to the (silent) log as in the demo: without a way to send them the code calls answer 503 by design
    razorpay = await startFakeRazorpay(RAZORPAY_KEYS);
    const razorpaySettings = { ...RAZORPAY_KEYS, apiUrl: razorpay.url, checkoutUrl: `${razorpay.url}/v1/checkout.js` };
    whatsapp = await startFakeWhatsApp({ ...WHATSAPP, templates: GUIDE_TEMPLATES });
    app = await buildTestApp(db, {
      config: shopConfig(),
      payu: PAYU,
      razorpay: razorpaySettings,
      bankAlertSecret: 'fuzz-bank-alert-secret-0001',
      whatsapp: { ...WHATSAPP, apiUrl: whatsapp.url },
      publicUrl: 'https://fuzz-shop.example',
      authSecret: secret,
      codesInLog: true,
    });
    const issuer = createAccessTokens(secret);
    await insertUser(db, { id: 'fuzz-shopper', role: 'customer' });
    await insertUser(db, { id: 'fuzz-owner', role: 'owner' });
    // the table's code a dine-in order carries (issue 41)
    await createDineTableRepository(db).changeCode('table-4', 'fuzz-owner', TABLE_4_CODE);
    tokens.shopper = await issuer.issue({ userId: 'fuzz-shopper', role: 'customer', sessionId: 'test-session' });
    tokens.owner = await issuer.issue({ userId: 'fuzz-owner', role: 'owner', sessionId: 'test-session' });
    tokens.expired = await createAccessTokens(secret, { clock: () => Date.now() - 3_600_000, ttlSeconds: 60 }).issue({
      userId: 'fuzz-owner',
      role: 'owner',
      sessionId: 'test-session',
    });
    const as = (auth: Auth) => (tokens[auth] ? { authorization: `Bearer ${tokens[auth]}` } : {});

    // something of each kind for the ids in paths and bodies to find
    const shop = await app.inject({ url: '/api/shop' });
    expect(shop.statusCode, 'the fuzz shop config is valid').toBe(200);
    const asha = { ...testPersonal(), email: '' };
    const placed = await placeOrder(app, checkoutOrder({ personalDetails: asha, paymentType: 'upi-manual' }), as('shopper'));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json<{ orderId: string; notificationToken: string }>();
    tokens['order token'] = order.notificationToken;
    const slots = (await app.inject({ url: '/api/appointments/slots?serviceId=fitting&days=3' })).json<{
      days: Array<{ slots: Array<{ start: string; remaining: number }> }>;
    }>();
    const starts = slots.days.flatMap((d) => d.slots.filter((s) => s.remaining > 0).map((s) => s.start));
    const booked = await app.inject({
      method: 'POST',
      url: '/fn/appointment/create',
      headers: as('shopper'),
      payload: { sfId: 'test-shop', appointment: { serviceId: 'fitting', start: starts[0], phone: '+91 98000 00001' } },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const address = await app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers: as('shopper'),
      payload: { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' },
    });
    expect(address.statusCode, address.body).toBe(200);
    const device = await app.inject({
      method: 'POST',
      url: '/api/instance/updateFcmToken',
      headers: as('shopper'),
      payload: { deviceId: 'fuzz-device-0001', fcmToken: null },
    });
    expect(device.statusCode, device.body).toBe(200);
    const deliverySlots = (await app.inject({ url: '/api/delivery/slots' })).json<{ slots: Array<{ id: string }> }>().slots.map((s) => s.id);

    const bookingId = booked.json<{ billId: string }>().billId;
    const ids = [order.orderId, bookingId, address.json<{ id: string }>().id, 'fuzz-device-0001', 'tee-red-m', 'mango'];
    const shipping = testShipping();
    Object.assign(pathHints, {
      '/admin/api/orders/{id}': { id: [order.orderId] },
      '/admin/api/orders/{id}/status': { id: [order.orderId] },
      '/admin/api/orders/{id}/paid': { id: [order.orderId] },
      '/admin/api/appointments/{id}/cancel': { id: [bookingId] },
      '/api/user/appointments/{id}/cancel': { id: [bookingId] },
      '/api/user/appointments/{id}/reschedule': { id: [bookingId] },
      '/api/user/addresses/{id}': { id: [address.json<{ id: string }>().id] },
      '/api/user/devices/{id}': { id: ['fuzz-device-0001'] },
      '/api/user/cart/{id}': { id: ['tee-red-m', 'mango', 'tee-red-l'] },
      '/fn/order/create': {
        '': [
          checkoutOrder({ personalDetails: asha }),
          checkoutOrder({
            items: [{ id: 'mango', qty: 0.5 }],
            deliveryMode: 'ship',
            personalDetails: asha,
            shippingDetails: shipping,
            shippingSlotId: deliverySlots[0] ?? null,
            paymentType: 'upi-manual',
          }),
          checkoutOrder({
            deliveryMode: 'dine',
            personalDetails: asha,
            dineInDetails: { spaceId: 'table-4', value: 'Table 4', code: TABLE_4_CODE },
            paymentType: 'payu',
          }),
        ],
      },
    });
    Object.assign(hints, {
      items: [
        [{ id: 'tee-red-m', qty: 1 }],
        [
          { id: 'mango', qty: 0.5 },
          { id: 'tee-red-m', qty: 2 },
        ],
        [{ id: 'tee-red-l', qty: 1 }],
      ],
      personalDetails: [{ fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } }],
      shippingDetails: [shipping],
      dineInDetails: [{ spaceId: 'table-4', value: 'Table 4', code: TABLE_4_CODE }],
      paymentType: ['pof', 'upi-manual', 'payu', 'razorpay', null],
      provider: ['pof', 'upi-manual', 'payu', 'razorpay'],
      sfId: ['test-shop'],
      sf_id: ['test-shop'],
      storeId: ['test-shop'],
      id: ids,
      orderId: [order.orderId],
      variantId: ['tee-red-m', 'mango', 'tee-red-l', 'no-such-product'],
      serviceId: ['fitting', 'class', 'no-such-service'],
      start: [...starts.slice(0, 8), '2026-11-23T10:30:00+05:30'],
      shippingSlotId: deliverySlots.slice(0, 4),
      qty: [1, 2, 0.5, 3],
      stock: [0, 5, 2.5],
      rating: [1, 5],
      email: ['asha@example.com', 'fuzz-shopper@example.com', ' Mixed.Case@Example.com '],
      newEmail: ['new.address@example.com'],
      phoneNumber: ['+919800000001', '98000 00002', '+14155550100'],
      newPhoneNumber: ['+919800000003'],
      phone: ['+919800000001'],
      password: ['a long enough passphrase 42', 'short'],
      name: ['Asha Rao', 'A'],
      newName: ['Asha R.'],
      fullName: ['Asha Rao'],
      otp: ['123456'],
      code: ['123456'],
      receivedOtp: ['123456'],
      utr: ['123456789012', 'UTR1234567890'],
      reference: ['UPI-REF-0001'],
      deviceId: ['fuzz-device-0001', 'fuzz-device-0002'],
      device_id: ['fuzz-device-0001'],
      event_type: ['page_view', 'add_to_cart'],
      status: ['placed', 'confirmed,preparing', 'cancelled'],
      date: [new Date().toISOString().slice(0, 10)],
      from: [new Date().toISOString().slice(0, 10)],
      q: ['tee', 'cotton red'],
      endpoint: ['https://fcm.googleapis.com/fcm/send/fuzz'],
      txnid: ['fuzztxn0001'],
      deliveryMode: ['pickup', 'ship', 'dine'],
      whatsappUpdates: [true, false],
      'hub.mode': ['subscribe'],
      'hub.verify_token': [WHATSAPP.verifyToken, 'a-guess'],
      'hub.challenge': ['1158201444'],
    });

    const doc = (await app.inject({ url: '/api/docs' })).json<OpenApiDocument>();
    ops = operationsOf(doc);
  });

  afterAll(async () => {
    if (process.env.FUZZ_REPORT) {
      const lines = [`${database.name}: ${ops.length} operations, ${report.requests} requests`];
      for (const [shape, where] of report.shapes) lines.push(`  error shape ${shape}: ${[...where].sort().join(', ')}`);
      for (const [op, statuses] of report.statuses) lines.push(`  ${op}: ${[...statuses].sort().join(' ')}`);
      lines.push(
        `  declared response schemas: ${ops
          .filter((o) => Object.keys(o.responses).length)
          .map((o) => `${o.id} (${Object.keys(o.responses).join(', ')})`)
          .join('; ')}`,
      );
      console.info(lines.join('\n'));
    }
    await app?.close();
    await dispose?.();
    await razorpay?.close();
    await whatsapp?.close();
  });

  /** Sends a call; the owner's calls, for anyone else, must answer as a call that does not exist. */
  async function send(op: Operation, call: Call): Promise<string | null> {
    const url = (path: string) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => pct(call.path[name] ?? ''));
      return call.query.length ? `${filled}?${call.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}` : filled;
    };
    const token = tokens[call.auth];
    const headers: Record<string, string> = { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    let payload: string | undefined;
    if (call.body && 'json' in call.body) {
      payload = JSON.stringify(call.body.json);
      headers['content-type'] = 'application/json';
    } else if (call.body) {
      payload = call.body.raw;
      if (call.body.contentType) headers['content-type'] = call.body.contentType;
    }
    const request = (path: string) => app.inject({ method: op.method as 'GET', url: url(path), headers, payload, remoteAddress: call.ip });
    const res = await request(op.path);
    const problem = problemWith(op, call, res, report);
    if (problem) return `${problem}: ${res.body.slice(0, 300)}`;
    if (op.owner && call.auth !== 'owner' && call.auth !== 'expired') {
      const twin = await request(op.path.replace('/admin/api/', '/admin/api/no-such-call/'));
      if (res.statusCode !== twin.statusCode || res.body !== twin.body)
        return `answered ${call.auth} with ${res.statusCode} ${res.body.slice(0, 200)}, not as a call that does not exist (${twin.statusCode} ${twin.body.slice(0, 200)})`;
    }
    if (op.id === 'POST /admin/api/store')
      await app.inject({ method: 'POST', url: '/admin/api/store', headers: { authorization: `Bearer ${tokens.owner}` }, payload: { open: true } });
    return null;
  }

  /** Runs the property over every operation and reports every failing one (with its seed), not just the first. */
  async function fuzz(kind: 'valid' | 'invalid', callsOf: (op: Operation) => fc.Arbitrary<Call> | null) {
    expect(ops.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let covered = 0;
    for (const op of ops) {
      if (ONLY && !ONLY.test(op.id)) continue;
      const calls = callsOf(op);
      if (!calls) continue;
      covered++;
      const seed = seedOf(op, kind);
      const property = fc.asyncProperty(calls, async (call) => {
        const problem = await send(op, call);
        if (problem) throw new Error(`${op.id} (${call.kind}, as ${call.auth}) ${problem}`);
      });
      const details = await fc.check(property, { numRuns: usesPasswords(op) ? PASSWORD_RUNS : RUNS, seed, endOnFailure: true });
      if (details.failed)
        failures.push(
          `${(details.errorInstance as Error | undefined)?.message ?? op.id}\n    replay: FUZZ_SEED=${SEED} (seed ${seed}, path ${details.counterexamplePath}) input ${preview(details.counterexample?.[0])}`,
        );
    }
    expect(failures, `${failures.length} of ${covered} operations failed`).toEqual([]);
    return covered;
  }

  return { fuzz, hintsFor, operations: () => ops };
}
