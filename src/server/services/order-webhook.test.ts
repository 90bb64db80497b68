import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderRequestSchema } from '../../domain/order.ts';
import { shopConfigSchema } from '../../domain/shop-config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { webhookOutbox, type WebhookPayload } from '../db/repositories/order-outbox.ts';
import { createOrderRepository } from '../db/repositories/order-repository.ts';
import { createPaymentRepository } from '../db/repositories/payment-repository.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { startWebhookDeliverer, webhookSettingsFrom, type WebhookDeliverer } from './order-webhook.ts';

const secret = 'whsec-test-7c41e0';
/** A token in the receiver's path, as gateways put one: it must never reach a log line. */
const urlToken = 'tok-9d2c7e5b';
const shop = shopConfigSchema.parse({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});
/** Two tees at 499.50: 999 INR, picked up, pay on delivery. */
const twoTees = () =>
  orderRequestSchema.parse({
    sfId: 'test-shop',
    order: { items: [{ id: 'tee-red-m', qty: 2 }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao' }, paymentType: 'pof' },
  });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const morning = Date.UTC(2026, 10, 24, 9, 0);

type Received = { headers: IncomingHttpHeaders; raw: Buffer };
/** What the receiver does with each next request: answer at once, answer 200 a little later, or never answer. */
type Answer = 200 | 500 | 'slow' | 'hang';

async function startReceiver() {
  const received: Received[] = [];
  let answer: Answer = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      if (answer === 'slow') setTimeout(() => res.writeHead(200).end(), 15);
      else if (answer !== 'hang') res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${urlToken}`,
    received,
    ids: () => received.map((r) => r.headers['x-storefront-delivery']),
    answer: (next: Answer) => void (answer = next),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type LogLine = { level: number; msg: string } & Record<string, unknown>;

function capturedLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { log, lines, warnings: () => lines.filter((l) => l.level === 40), errors: () => lines.filter((l) => l.level === 50) };
}

const bodyOf = (r: Received) => JSON.parse(r.raw.toString('utf8')) as WebhookPayload;

describe.each(testDatabases)('order webhooks on $name', (database) => {
  let opened: OpenTestDatabase;
  let db: Db;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let logs: ReturnType<typeof capturedLog>;
  let now: number;
  const deliverers: WebhookDeliverer[] = [];
  const outbox = webhookOutbox(2);
  const orders = () => createOrderRepository(db, { outbox });
  const payments = () => createPaymentRepository(db, { outbox });

  beforeEach(async () => {
    opened = await database.open();
    db = opened.db;
    await createCatalogRepository(db, 2).replace(testCatalog());
    await db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).where('id', '=', 'tee-red-m').execute();
    receiver = await startReceiver();
    logs = capturedLog();
    now = morning;
  });
  afterEach(async () => {
    await Promise.all(deliverers.splice(0).map((d) => d.stop()));
    await receiver.close();
    await opened.dispose();
  });

  const deliverer = (options: { on?: Db; timeoutMs?: number } = {}) => {
    const started = startWebhookDeliverer({
      db: options.on ?? db,
      settings: { url: receiver.url, secret },
      log: logs.log,
      clock: () => now,
      autoStart: false,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    deliverers.push(started);
    return started;
  };
  const placeOrder = async () => {
    const placed = await orders().place(twoTees(), shop, { now });
    if (!placed.ok) throw new Error(`order refused: ${placed.reason}`);
    return placed.order;
  };
  const deliveryRow = (id: string) =>
    db.kysely
      .selectFrom('webhook_deliveries')
      .select(['attempts', 'delivered_at', 'last_error', 'claimed_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("the owner's receiver hears an order placed, confirmed and marked paid as three signed posts, in that order", async () => {
    const order = await placeOrder();
    now += MINUTE;
    expect((await orders().setStatus(order.id, 'confirmed', 'owner-1', now)).ok).toBe(true);
    now += MINUTE;
    expect((await payments().markPaid(order.id, 'owner-1', null, now)).ok).toBe(true);

    expect(await deliverer().deliverDue()).toBe(3);

    const { received } = receiver;
    expect(received).toHaveLength(3);
    for (const request of received) {
      const expected = `sha256=${createHmac('sha256', secret).update(request.raw).digest('hex')}`;
      expect(request.headers['x-storefront-signature']).toBe(expected);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toBe('storefront-webhook/1');
    }
    const bodies = received.map(bodyOf);
    const events = ['order.placed', 'order.status_changed', 'order.paid'];
    expect(received.map((r) => r.headers['x-storefront-event'])).toEqual(events);
    expect(bodies.map((b) => b.type)).toEqual(events);
    expect(bodies.map((b) => b.order.number)).toEqual([1001, 1001, 1001]);
    expect(bodies.map((b) => b.summary)).toEqual([
      'Order #1001 placed: 999.00 INR, pickup, Asha Rao',
      'Order #1001 is now confirmed: 999.00 INR, pickup, Asha Rao',
      'Order #1001 paid: 999.00 INR, pickup, Asha Rao',
    ]);
    expect(bodies[1]?.detail).toEqual({ from: 'placed', to: 'confirmed' });
    expect(bodies[2]?.order.paymentStatus).toBe('paid');
    // the header names the body's own id, and each event has its own
    expect(receiver.ids()).toEqual(bodies.map((b) => b.id));
    expect(new Set(receiver.ids()).size).toBe(3);
  });

  it('a receiver that answers 500 gets the same delivery again after the backoff, not before, and never again once it takes it', async () => {
    await placeOrder();
    const webhook = deliverer();
    receiver.answer(500);

    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    // first retry 10 s after the first failure
    now += 9_999;
    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    now += 1;
    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(2);
    // the next one 20 s after the second
    now += 19_999;
    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(2);
    receiver.answer(200);
    now += 1;
    expect(await webhook.deliverDue()).toBe(1);
    expect(receiver.received).toHaveLength(3);

    now += 2 * DAY;
    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(3);

    const [first, ...retries] = receiver.received;
    for (const retry of retries) {
      expect(retry.headers['x-storefront-delivery']).toBe(first?.headers['x-storefront-delivery']);
      expect(retry.raw.equals(first!.raw)).toBe(true);
    }
    expect(logs.warnings().map((l) => [l.msg, l.attempt, l.reason])).toEqual([
      ['webhook delivery failed; will retry', 1, 'HTTP 500'],
      ['webhook delivery failed; will retry', 2, 'HTTP 500'],
    ]);
    expect(await deliveryRow(bodyOf(first!).id)).toEqual({ attempts: 2, delivered_at: now - 2 * DAY, last_error: null, claimed_until: null });
  });

  it('a receiver that hangs costs one timed-out attempt, logged as a retry, and the delivery arrives on a later round', async () => {
    const order = await placeOrder();
    const webhook = deliverer({ timeoutMs: 200 });
    receiver.answer('hang');

    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const id = bodyOf(receiver.received[0]!).id;
    expect(logs.warnings()).toMatchObject([
      { msg: 'webhook delivery failed; will retry', deliveryId: id, event: 'order.placed', orderId: order.id, attempt: 1, reason: 'timeout' },
    ]);

    receiver.answer(200);
    now += 10 * SECOND;
    expect(await webhook.deliverDue()).toBe(1);
    expect(receiver.ids()).toEqual([id, id]);
    expect(await deliveryRow(id)).toMatchObject({ attempts: 1, delivered_at: now, last_error: null });
    // the URL may carry the gateway's token, and the secret signs: neither is logged
    const written = JSON.stringify(logs.lines);
    expect(written).not.toContain(urlToken);
    expect(written).not.toContain(secret);
  });

  it(`two instances${database.name === 'postgres' ? ', each with its own pool,' : ''} delivering at the same moment post each event exactly once`, async () => {
    // PostgreSQL: a second instance of the shop with its own pool. SQLite serves one
    // instance (decision 026), so there the two share the database's one connection.
    const other = database.name === 'postgres' ? openDatabase({ databaseUrl: opened.location.databaseUrl, dataDir: opened.location.dataDir }) : db;
    try {
      for (let i = 0; i < 4; i++) {
        const order = await placeOrder();
        now += SECOND;
        await orders().setStatus(order.id, 'confirmed', 'owner-1', now);
        now += SECOND;
      }
      const pending = (await db.kysely.selectFrom('webhook_deliveries').select('id').execute()).map((r) => r.id);
      expect(pending).toHaveLength(8);
      // answers that take a moment, so the two rounds overlap
      receiver.answer('slow');

      const [one, two] = await Promise.all([deliverer().deliverDue(), deliverer({ on: other }).deliverDue()]);

      expect(one + two).toBe(8);
      expect(receiver.ids().toSorted()).toEqual(pending.toSorted());
    } finally {
      if (other !== db) await other.close();
    }
  });

  it('a delivery that still fails 24 hours after its event is given up: one error in the log, and never posted again', async () => {
    const order = await placeOrder();
    const webhook = deliverer();
    receiver.answer(500);

    expect(await webhook.deliverDue()).toBe(0);
    // a second before the day is out: still a retry
    now = morning + DAY - SECOND;
    expect(await webhook.deliverDue()).toBe(0);
    expect(logs.errors()).toEqual([]);
    now += HOUR;
    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(3);

    const id = bodyOf(receiver.received[0]!).id;
    expect(logs.warnings().map((l) => l.attempt)).toEqual([1, 2]);
    expect(logs.errors()).toMatchObject([
      { msg: 'webhook delivery given up', deliveryId: id, event: 'order.placed', orderId: order.id, attempts: 3, lastError: 'HTTP 500' },
    ]);

    // not due again, even a month on with a receiver that would take it
    receiver.answer(200);
    now += 30 * DAY;
    expect(await webhook.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(3);
    expect(logs.errors()).toHaveLength(1);
    expect(await deliveryRow(id)).toEqual({ attempts: 3, delivered_at: null, last_error: 'HTTP 500', claimed_until: null });
  });

  it('left to its timer, the deliverer posts on its own, gets over a round the database failed, and stops when told', async () => {
    await placeOrder();
    let failures = 1;
    // the first round's read fails as if the database were away for a moment
    const kysely = new Proxy(db.kysely, {
      get(target, property) {
        if (property === 'selectFrom' && failures > 0) {
          failures -= 1;
          return () => {
            throw new Error('database unreachable');
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const webhook = startWebhookDeliverer({ db: { ...db, kysely }, settings: { url: receiver.url, secret }, log: logs.log, clock: () => now, pollMs: 10 });
    deliverers.push(webhook);

    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    await webhook.stop();
    expect(logs.errors()).toMatchObject([{ msg: 'webhook round failed; the next round tries again', err: { message: 'database unreachable' } }]);
    expect(bodyOf(receiver.received[0]!).type).toBe('order.placed');
  });
});

describe('the order webhook in the running shop', () => {
  it('an order placed through the shop reaches the receiver, and a receiver that fails never fails the order', async () => {
    const sqlite = testDatabases.find((d) => d.name === 'sqlite')!;
    const { db, dispose } = await sqlite.open();
    const receiver = await startReceiver();
    receiver.answer(500);
    const app = await buildTestApp(db, {
      config: {
        ...testShopConfig(),
        orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
        payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
      },
      orderWebhook: { url: receiver.url, secret },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/fn/order/create',
        payload: {
          sfId: 'test-shop',
          order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: { fullName: 'Asha Rao' }, paymentType: 'pof' },
        },
      });
      expect(res.statusCode).toBe(200);
      // the deliverer's own timer posts it (every 2 s); the receiver refuses the first attempt
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const first = bodyOf(receiver.received[0]!);
      expect(first).toMatchObject({ type: 'order.placed', order: { number: 1001 } });
      const row = await db.kysely.selectFrom('webhook_deliveries').select(['attempts', 'delivered_at']).where('id', '=', first.id).executeTakeFirstOrThrow();
      await expect
        .poll(async () => (await db.kysely.selectFrom('webhook_deliveries').select('attempts').where('id', '=', first.id).executeTakeFirstOrThrow()).attempts)
        .toBe(1);
      expect(row.delivered_at).toBeNull();
    } finally {
      await app.close();
      await receiver.close();
      await dispose();
    }
  });

  it('is off, with a reason, when its settings cannot work', () => {
    expect(webhookSettingsFrom({})).toBeNull();
    expect(webhookSettingsFrom({ url: 'https://gateway.example/hook?token=abc', secret: 'x'.repeat(16) })).toEqual({
      settings: { url: 'https://gateway.example/hook?token=abc', secret: 'x'.repeat(16) },
    });
    expect(webhookSettingsFrom({ url: 'https://gateway.example/hook' })).toEqual({ problem: expect.stringContaining('ORDER_WEBHOOK_SECRET must be set') });
    expect(webhookSettingsFrom({ url: 'https://gateway.example/hook', secret: 'short' })).toEqual({
      problem: expect.stringContaining('at least 16 characters'),
    });
    expect(webhookSettingsFrom({ url: 'https://user:pass@gateway.example/hook', secret: 'x'.repeat(16) })).toEqual({
      problem: expect.stringContaining('must not hold a user or password'),
    });
    expect(webhookSettingsFrom({ url: 'ftp://gateway.example/hook', secret: 'x'.repeat(16) })).toEqual({
      problem: 'ORDER_WEBHOOK_URL must be an http(s) address',
    });
    expect(webhookSettingsFrom({ secret: 'x'.repeat(16) })).toEqual({ problem: 'ORDER_WEBHOOK_SECRET is set but ORDER_WEBHOOK_URL is not' });
  });
});
