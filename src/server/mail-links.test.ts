import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from './services/mailer.ts';
import { testDatabases } from './testing/databases.ts';
import { mimePart, useFakeSmtp } from './testing/fake-smtp.ts';
import { testShopConfig } from './testing/fixtures.ts';
import { logCapture } from './testing/log-capture.ts';
import { checkoutOrder } from './testing/orders.ts';
import { buildTestApp } from './testing/test-app.ts';

/**
 * The links in e-mails never come from the Host header, which any client writes: a
 * sign-up, subscription or order for a victim's address sent with `Host: evil.example`
 * must not mail the victim a link (with their code or order token) to the attacker's site.
 */
const EVIL = 'evil.example';
const PUBLIC_URL = 'https://shop.example';

const shopConfig = () => ({
  ...testShopConfig(),
  // the owner's alerts go here, with a link to the order
  contact: { whatsappNumber: '+919800000000', email: 'owner@shop.example' },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

const orderBody = (email: string) =>
  checkoutOrder({
    deliveryMode: 'ship',
    personalDetails: { fullName: 'Asha Rao', email, phone: { number: '9800000001', dialCode: '+91' } },
    shippingDetails: { fullName: 'Asha Rao', streetName: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' },
  });

describe.each(testDatabases)('links in e-mails when the Host header is made up, on $name', (database) => {
  const smtp = useFakeSmtp();

  /** Every received message as its recipients and decoded text and HTML. */
  const mails = () => smtp.received.map((m) => ({ to: m.to, body: `${mimePart(m.raw, 'text/plain')}\n${mimePart(m.raw, 'text/html')}` }));
  const mentioningEvil = () => mails().filter((m) => m.body.includes(EVIL) || m.to.some((to) => to.includes(EVIL)));

  async function withShop(publicUrl: string | undefined, test: (app: FastifyInstance, log: ReturnType<typeof logCapture>) => Promise<void>) {
    smtp.received.length = 0;
    const { db, dispose } = await database.open();
    const log = logCapture();
    const app = await buildTestApp(db, {
      config: shopConfig(),
      mailer: createSmtpMailer({ url: smtp.url, from: 'shop@shop.example' }),
      publicUrl,
      logger: log.logger,
    });
    try {
      await test(app, log);
    } finally {
      await app.close();
      await dispose();
    }
  }
  const post = (app: FastifyInstance, url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { host: EVIL } });
  /** Waits until a message that names evil.example arrived or the log says this e-mail was not sent; then none may have arrived. */
  async function noEvilMail(log: ReturnType<typeof logCapture>, notSent: string) {
    await expect.poll(() => mentioningEvil().length > 0 || log.lines.some((l) => String(l.msg).startsWith(notSent))).toBe(true);
    expect(mentioningEvil()).toEqual([]);
    const line = log.lines.find((l) => String(l.msg).startsWith(notSent))!;
    expect(line.msg).toContain('PUBLIC_URL');
    expect(line.level).toBe(50);
  }

  it('without PUBLIC_URL, a sign-up, a subscription and an order sent with Host: evil.example mail no link to it', async () => {
    await withShop(undefined, async (app, log) => {
      const victim = `victim-${database.name}@example.com`;
      // no confirmation link can be made, so the sign-up says it cannot be done, and nothing is kept
      const signup = await post(app, '/api/auth/email/signup', { name: 'Asha Rao', email: victim, password: 'tamarind sunrise' });
      expect(signup.statusCode).toBe(503);
      expect(signup.json()).toMatchObject({
        success: false,
        errorCode: 'codes_unavailable',
        errorMessage: 'Signing up by e-mail is not available in this shop just now.',
      });
      await noEvilMail(log, 'sign-up e-mail not sent');

      const subscribe = await post(app, '/api/newsletter/subscribe', { email: victim });
      expect(subscribe.statusCode).toBe(200);
      await noEvilMail(log, 'newsletter-confirm e-mail not sent');

      const order = await post(app, '/fn/order/create', orderBody(victim));
      expect(order.statusCode).toBe(200);
      await noEvilMail(log, 'order e-mail not sent');
      await noEvilMail(log, 'owner alert e-mail not sent');
    });
  });

  it('with PUBLIC_URL, the links point at PUBLIC_URL whatever the Host header says', async () => {
    await withShop(PUBLIC_URL, async (app) => {
      const shopper = `shopper-${database.name}@example.com`;
      const to = (address: string) => mails().filter((m) => m.to.includes(address));
      expect((await post(app, '/api/auth/email/signup', { name: 'Asha Rao', email: shopper, password: 'tamarind sunrise' })).statusCode).toBe(200);
      expect((await post(app, '/api/newsletter/subscribe', { email: shopper })).statusCode).toBe(200);
      expect((await post(app, '/fn/order/create', orderBody(shopper))).statusCode).toBe(200);
      // the confirmation link, the subscription link and the order e-mail; and the owner's alert
      await expect.poll(() => to(shopper).length).toBe(3);
      await expect.poll(() => to('owner@shop.example').length).toBe(1);
      const bodies = [...to(shopper), ...to('owner@shop.example')].map((m) => m.body);
      expect(bodies.find((b) => b.includes('/email-confirmed#'))).toContain(`${PUBLIC_URL}/email-confirmed#`);
      expect(bodies.find((b) => b.includes('/newsletter-confirmed#'))).toContain(`${PUBLIC_URL}/newsletter-confirmed#`);
      expect(bodies.find((b) => b.includes('/guest/view-order#'))).toContain(`${PUBLIC_URL}/guest/view-order#`);
      expect(bodies.find((b) => b.includes('/admin/orders/'))).toContain(`${PUBLIC_URL}/admin/orders/`);
      expect(mentioningEvil()).toEqual([]);
    });
  });
});

describe('the sign-up link the demo writes to the log (DEMO_CODES_IN_LOG, no PUBLIC_URL, no mail server)', () => {
  /** A POST over a real connection with the Host header the client chooses; resolves to the status. */
  function postWithHost(url: string, host: string, payload: object): Promise<number> {
    const body = JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('points at the address the shop listens on, whatever the Host header says', async () => {
    const { db, dispose } = await testDatabases[0]!.open();
    const log = logCapture();
    const app = await buildTestApp(db, { config: shopConfig(), codesInLog: true, logger: log.logger });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const signup = { name: 'Asha Rao', email: 'asha@example.com', password: 'tamarind sunrise' };
      expect(await postWithHost(`http://127.0.0.1:${port}/api/auth/email/signup`, EVIL, signup)).toBe(200);
      const written = () => log.lines.find((l) => String(l.msg).includes('(DEMO_CODES_IN_LOG)'));
      await expect.poll(written).toBeTruthy();
      const text = String(written()!.text);
      expect(text).toContain(`http://127.0.0.1:${port}/email-confirmed#email=asha%40example.com&code=`);
      expect(text).not.toContain(EVIL);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
