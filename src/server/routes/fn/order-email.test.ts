import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer, type MailMessage } from '../../services/mailer.ts';
import { testDatabases } from '../../testing/databases.ts';
import { mimePart, SMTP_PASSWORD, SMTP_USER, startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { logCapture } from '../../testing/log-capture.ts';
import { checkoutOrder } from '../../testing/orders.ts';

/**
 * The order e-mail end to end: the order call, nodemailer, and a real SMTP server on
 * 127.0.0.1. The e-mail does not depend on the database, so SQLite is enough.
 */
const database = testDatabases[0]!;
const PUBLIC_URL = 'https://shop.example';

/** Tax, delivery and packing as in order-routes.test.ts: 2 tees come to ₹1,098.95. E-mail optional. */
const shopConfig = () => ({
  ...testShopConfig(),
  orderConfig: {
    orderEnabled: true,
    deliveryCharge: { amount: 40, disableWhenTotalAbove: 1000 },
    packingCharge: { type: 'fixed', amount: 10 },
    detailsConfig: { personal: { fullName: true, email: false, phone: false } },
  },
  pricingConfig: { globalTaxPercentage: 5 },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

const orderBody = (email: string) =>
  checkoutOrder({
    items: [{ id: 'tee-red-m', qty: 2 }],
    deliveryMode: 'ship',
    personalDetails: { fullName: 'Asha Rao', email, phone: { number: '', dialCode: '' } },
    shippingDetails: { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' },
  });

/** The real SMTP mailer, with every send's outcome kept so a test can wait for it. */
function watched(mailer: Mailer) {
  const sends: Array<Promise<void>> = [];
  return {
    sends,
    mailer: {
      send(message: MailMessage) {
        const sent = mailer.send(message);
        sends.push(sent);
        return sent;
      },
      close: () => mailer.close(),
    } satisfies Mailer,
  };
}

async function waitFor(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A port nothing listens on: taken from the OS, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(`the order e-mail over SMTP (${database.name})`, () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** A fresh database and app per test, mailing through `mailer` (none: SMTP_URL unset). */
  async function withShop(mailer: Mailer | undefined, test: (t: { app: FastifyInstance; log: ReturnType<typeof logCapture> }) => Promise<void>): Promise<void> {
    const { db, dispose } = await database.open();
    const log = logCapture();
    const app = await buildTestApp(db, { config: shopConfig(), mailer, publicUrl: PUBLIC_URL, logger: log.logger });
    try {
      await test({ app, log });
    } finally {
      await app.close();
      await dispose();
    }
  }
  const place = (app: FastifyInstance, email: string) => app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody(email) });

  it('sends one message to the shopper with the order, its grand total and the guest link in the fragment', async () => {
    smtp.received.length = 0;
    const { mailer, sends } = watched(createSmtpMailer({ url: smtp.url, from: { name: 'Test Shop', address: 'orders@shop.example' } }));
    await withShop(mailer, async ({ app, log }) => {
      const res = await place(app, 'asha@example.com');
      expect(res.statusCode).toBe(200);
      const { orderId, notificationToken } = res.json();
      await Promise.all(sends);
      await waitFor(() => log.lines.some((l) => l.msg === 'order e-mail sent'), 'the sent log line');

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.user).toBe(SMTP_USER);
      expect(mail!.to).toEqual(['asha@example.com']);
      expect(mail!.from).toBe('orders@shop.example');
      expect(mail!.raw).toMatch(/^To: asha@example\.com\r?$/m);
      // the shop's first order: the number the shopper can say on the phone
      expect(mail!.raw).toMatch(/^Subject: Your order #1001 at Test Shop\r?$/m);
      const text = mimePart(mail!.raw, 'text/plain');
      const link = `${PUBLIC_URL}/guest/view-order#orderId=${orderId}&token=${notificationToken}`;
      expect(text).toContain('Order #1001');
      expect(text).toContain('2 × Cotton Tee (Red / M): ₹999.00');
      expect(text).toContain('Grand Total: ₹1,098.95');
      expect(text).toContain(link);
      expect(mimePart(mail!.raw, 'text/html')).toContain(`href="${link.replace('&', '&amp;')}"`);
      expect(mail!.raw).not.toMatch(/\?(orderId|token)=/);

      // the log names the order and nothing that opens it or reaches the shopper
      expect(log.lines.find((l) => l.msg === 'order e-mail sent')).toMatchObject({ orderId });
      expect(log.all()).not.toContain(notificationToken);
      expect(log.all()).not.toContain('asha@example.com');
      expect(log.all()).not.toContain(SMTP_PASSWORD);

      // a retry with the same Idempotency-Key is answered from the store: no second e-mail
      const key = { 'idempotency-key': 'checkout-attempt-mail-1' };
      const first = await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody('ravi@example.com'), headers: key });
      const again = await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody('ravi@example.com'), headers: key });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().orderId).toBe(first.json().orderId);
      await Promise.all(sends);
      expect(sends).toHaveLength(2);
      expect(smtp.received.map((m) => m.to)).toEqual([['asha@example.com'], ['ravi@example.com']]);
    });
  });

  it('sends nothing for an order without an e-mail address', async () => {
    smtp.received.length = 0;
    const { mailer, sends } = watched(createSmtpMailer({ url: smtp.url, from: 'orders@shop.example' }));
    await withShop(mailer, async ({ app, log }) => {
      const res = await place(app, '');
      expect(res.statusCode).toBe(200);
      expect(res.json().emailSent).toBe(false);
      // the send would have started before the answer: none did
      expect(sends).toHaveLength(0);
      // an order with an address after it: once its mail is in, one for the first would be too
      expect((await place(app, 'sentinel@example.com')).json().emailSent).toBe(true);
      await expect.poll(() => smtp.received.length).toBe(1);
      expect(smtp.received.map((m) => m.to)).toEqual([['sentinel@example.com']]);
      // nor a line about a mail to nowhere
      const { orderId } = res.json();
      expect(log.lines.filter((l) => l.orderId === orderId && typeof l.msg === 'string' && l.msg.includes('e-mail'))).toEqual([]);
    });
  });

  it('without SMTP_URL logs one line with the order id instead', async () => {
    await withShop(undefined, async ({ app, log }) => {
      const res = await place(app, 'asha@example.com');
      expect(res.statusCode).toBe(200);
      const { orderId, notificationToken } = res.json();
      // the order's news goes out just after the answer
      await waitFor(() => log.lines.some((l) => typeof l.msg === 'string' && l.msg.includes('e-mail')), 'the log line');
      const lines = log.lines.filter((l) => typeof l.msg === 'string' && l.msg.includes('e-mail'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 30, orderId, msg: 'order e-mail not sent: SMTP_URL is not set' });
      expect(log.all()).not.toContain(notificationToken);
      expect(log.all()).not.toContain('asha@example.com');
      // and an order without an address says nothing (its news goes out in the turn after its answer: the next immediate)
      await place(app, '');
      await new Promise((resolve) => setImmediate(resolve));
      expect(log.lines.filter((l) => typeof l.msg === 'string' && l.msg.includes('e-mail'))).toHaveLength(1);
    });
  });

  it("the order's answer says it is e-mailed only when it is: an address given, a mail server and PUBLIC_URL set", async () => {
    const { mailer, sends } = watched(createSmtpMailer({ url: smtp.url, from: 'orders@shop.example' }));
    await withShop(mailer, async ({ app }) => {
      expect((await place(app, 'asha@example.com')).json()).toMatchObject({ success: true, emailSent: true });
      // a retry answered from the store says the same as the first answer
      const key = { 'idempotency-key': 'checkout-attempt-mail-2' };
      await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody('ravi@example.com'), headers: key });
      const again = await app.inject({ method: 'POST', url: '/fn/order/create', payload: orderBody('ravi@example.com'), headers: key });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().emailSent).toBe(true);
      await Promise.all(sends);
    });
    // no SMTP_URL: nothing is sent, and the answer does not claim it
    await withShop(undefined, async ({ app }) => {
      expect((await place(app, 'asha@example.com')).json()).toMatchObject({ success: true, emailSent: false });
    });
    // a mail server but no PUBLIC_URL: the e-mail's link cannot be made, so none goes
    const { db, dispose } = await database.open();
    const app = await buildTestApp(db, { config: shopConfig(), mailer, logger: logCapture().logger });
    try {
      expect((await place(app, 'asha@example.com')).json()).toMatchObject({ success: true, emailSent: false });
    } finally {
      await app.close();
      await dispose();
    }
    await Promise.all(sends);
    smtp.received.length = 0;
  });

  it('a slow mail server does not hold up the order answer', async () => {
    smtp.received.length = 0;
    let release = () => {};
    smtp.hold = new Promise<void>((resolve) => (release = resolve));
    const { mailer, sends } = watched(createSmtpMailer({ url: smtp.url, from: 'orders@shop.example' }));
    try {
      await withShop(mailer, async ({ app }) => {
        const res = await place(app, 'asha@example.com');
        // answered while the server still sits on the message, which is sent after the answer
        expect(res.statusCode).toBe(200);
        await waitFor(() => sends.length === 1, 'the send to start');
        expect(smtp.received).toHaveLength(0);
        release();
        await Promise.all(sends);
        expect(smtp.received).toHaveLength(1);
      });
    } finally {
      release();
      smtp.hold = undefined;
    }
  });

  it('a mail server that refuses the message still gives the shopper the order, and logs why without secrets', async () => {
    smtp.received.length = 0;
    smtp.refuse = true;
    const { mailer, sends } = watched(createSmtpMailer({ url: smtp.url, from: 'orders@shop.example' }));
    try {
      await withShop(mailer, async ({ app, log }) => {
        const res = await place(app, 'asha@example.com');
        expect(res.statusCode).toBe(200);
        const { orderId, notificationToken } = res.json();
        await waitFor(() => sends.length === 1, 'the send to start');
        await expect(sends[0]).rejects.toMatchObject({ responseCode: 550 });
        await waitFor(() => log.lines.some((l) => l.msg === 'order e-mail not sent'), 'the failure log line');
        expect(log.lines.find((l) => l.msg === 'order e-mail not sent')).toMatchObject({
          level: 40,
          orderId,
          mailError: { code: 'EMESSAGE', responseCode: 550, command: 'DATA' },
        });
        for (const secret of [notificationToken, SMTP_PASSWORD, 'asha@example.com']) expect(log.all()).not.toContain(secret);
        // the app goes on serving
        expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
        expect(smtp.received).toHaveLength(0);
      });
    } finally {
      smtp.refuse = false;
    }
  });

  it('a mail server that is not there still gives the shopper the order', async () => {
    const url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${await closedPort()}`;
    const { mailer, sends } = watched(createSmtpMailer({ url, from: 'orders@shop.example' }));
    await withShop(mailer, async ({ app, log }) => {
      const res = await place(app, 'asha@example.com');
      expect(res.statusCode).toBe(200);
      await waitFor(() => sends.length === 1, 'the send to start');
      await expect(sends[0]).rejects.toMatchObject({ code: 'ESOCKET' });
      await waitFor(() => log.lines.some((l) => l.msg === 'order e-mail not sent'), 'the failure log line');
      expect(log.lines.find((l) => l.msg === 'order e-mail not sent')).toMatchObject({
        level: 40,
        orderId: res.json().orderId,
        mailError: { code: 'ESOCKET' },
      });
      expect(log.all()).not.toContain(SMTP_PASSWORD);
      expect((await place(app, 'asha@example.com')).statusCode).toBe(200);
      await Promise.allSettled(sends);
    });
  });
});
