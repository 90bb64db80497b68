import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { callerMessages } from '../../../services/caller-verification.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { testShopConfig } from '../../../testing/fixtures.ts';
import { buildTestApp } from '../../../testing/test-app.ts';
import { freePort } from '../../../reliability/server-process.ts';
import { REFRESH_COOKIE } from './auth-kit.ts';

/** A local stand-in for Truecaller's profile endpoint: one good access token, one number. */
async function startFakeProfiles() {
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.headers.authorization ?? '');
    if (req.url !== '/profile' || req.headers.authorization !== 'Bearer tc-good-token') return void res.writeHead(401).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ phoneNumbers: [919812345678], name: { first: 'Sunita', last: 'Rao' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Event = { event: string; data?: Record<string, unknown> };

describe.each(testDatabases)('caller verification on $name', (database) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let profiles: Awaited<ReturnType<typeof startFakeProfiles>>;
  let base = '';
  const config = { ...testShopConfig(), callerVerification: { provider: 'truecaller', partnerKey: 'partner-key', partnerName: 'Test Shop' } };

  beforeAll(async () => {
    profiles = await startFakeProfiles();
    const opened = await database.open();
    dispose = opened.dispose;
    app = await buildTestApp(opened.db, { config, callerProfileOrigin: profiles.origin });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    await profiles?.close();
  });

  /** A browser's socket: its events in order, and a way to wait for the next. */
  async function browser(origin = base) {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/auth/caller/socket`, { headers: { origin } });
    const events: Event[] = [];
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (raw) => events.push(JSON.parse(String(raw)) as Event));
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    const next = async (event: string) => {
      await expect.poll(() => events.find((e) => e.event === event)).toBeTruthy();
      return events.find((e) => e.event === event)!;
    };
    return {
      ws,
      events,
      next,
      closed,
      say: (nonce: string, storeId = config.id) => ws.send(JSON.stringify({ event: 'set_truecaller_nonce', data: { nonce, storeId } })),
    };
  }
  const callback = (body: object) => app.inject({ method: 'POST', url: '/api/auth/caller/callback', payload: body });
  const nonce = () => `n-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  it('a verified caller: the waiting browser gets a ticket and trades it, once, for a session of that number', async () => {
    const b = await browser();
    const n = nonce();
    b.say(n);
    await b.next('truecaller_nonce_received');
    const called = await callback({ requestId: n, accessToken: 'tc-good-token', endpoint: `${profiles.origin}/profile` });
    expect(called.json()).toEqual({ ok: true });
    const verified = await b.next('truecaller_verified');
    const ticket = verified.data!.authToken as string;
    expect(ticket).toMatch(/^[\w-]{40,}$/);

    const session = await app.inject({ method: 'POST', url: '/api/auth/caller/exchange', payload: { nonce: n, authToken: ticket } });
    expect(session.json()).toMatchObject({ success: true, authToken: expect.any(String), user: { phoneNumber: '+919812345678', name: 'Sunita Rao' } });
    expect(session.cookies.some((c) => c.name === REFRESH_COOKIE)).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/auth/caller/exchange', payload: { nonce: n, authToken: ticket } })).statusCode).toBe(400);
    b.ws.close();
  });

  it('a profile the token does not open: the browser hears the error and is sent to another login', async () => {
    const b = await browser();
    const n = nonce();
    b.say(n);
    await b.next('truecaller_nonce_received');
    await callback({ requestId: n, accessToken: 'stolen-or-expired', endpoint: `${profiles.origin}/profile` });
    expect((await b.next('truecaller_verification_error')).data).toEqual({ message: callerMessages.notVerified, backoffToOtherLogin: true });
    b.ws.close();
  });

  it('a callback naming an endpoint off Truecaller is refused without asking it; unknown nonces get 404', async () => {
    const b = await browser();
    const n = nonce();
    b.say(n);
    await b.next('truecaller_nonce_received');
    const before = profiles.asked.length;
    const res = await callback({ requestId: n, accessToken: 'tc-good-token', endpoint: 'http://169.254.169.254/latest/meta-data' });
    expect(res.statusCode).toBe(400);
    expect(profiles.asked.length).toBe(before);
    await b.next('truecaller_verification_error');
    expect((await callback({ requestId: nonce(), accessToken: 'tc-good-token', endpoint: `${profiles.origin}/profile` })).statusCode).toBe(404);
    b.ws.close();
  });

  it("another site's page, another shop's id or a second nonce closes the socket", async () => {
    const foreign = await browser('https://evil.example');
    expect(await foreign.closed).toBe(1008);
    const wrongShop = await browser();
    wrongShop.say(nonce(), 'another-shop');
    expect(await wrongShop.closed).toBe(1008);
    const twice = await browser();
    twice.say(nonce());
    await twice.next('truecaller_nonce_received');
    twice.say(nonce());
    expect(await twice.closed).toBe(1008);
  });
});

describe('caller verification switched off (the default)', () => {
  it('has no callback', async () => {
    const { db, dispose } = await testDatabases[0]!.open();
    const app = await buildTestApp(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/caller/callback',
      payload: { requestId: 'abcdefgh', accessToken: 'x', endpoint: 'https://x.truecaller.com/p' },
    });
    expect(res.statusCode).toBe(404);
    await app.close();
    await dispose();
  });
});

describe('caller verification while the shared Redis is unreachable', () => {
  it('answers 503 with Retry-After, not 500: the nonces and tickets live in Redis', async () => {
    const { db, dispose } = await testDatabases[0]!.open();
    // a port nothing listens on: the Redis of several instances, down
    const redisUrl = `redis://127.0.0.1:${await freePort()}`;
    const config = { ...testShopConfig(), callerVerification: { provider: 'truecaller', partnerKey: 'partner-key', partnerName: 'Test Shop' } };
    const app = await buildTestApp(db, { config, redisUrl });
    try {
      const calls = [
        app.inject({ method: 'POST', url: '/api/auth/caller/exchange', payload: { nonce: 'n-abcdefgh-1', authToken: 'some-ticket' } }),
        app.inject({
          method: 'POST',
          url: '/api/auth/caller/callback',
          payload: { requestId: 'n-abcdefgh-2', accessToken: 'tc-good-token', endpoint: 'https://profile4-noneu.truecaller.com/v1/default' },
        }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
      await dispose();
    }
  });
});
