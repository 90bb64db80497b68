import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './services/access-tokens.ts';
import { testDatabases } from './testing/databases.ts';
import { brokenConfigs, testShopConfig } from './testing/fixtures.ts';
import { buildTestApp, useTestApp } from './testing/test-app.ts';
import { addOwnerPriya } from './testing/users.ts';

describe.each(testDatabases)('the API on $name', (database) => {
  const t = useTestApp(database);

  it('GET /healthz says the shop and its database are up', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.name });
  });

  it('GET /api/shop gives the public config with the spec defaults filled in', async () => {
    const res = await t.app.inject({ url: '/api/shop' });
    expect(res.statusCode).toBe(200);
    const shop = res.json();
    expect(shop).toMatchObject({ id: 'test-shop', title: 'Test Shop', country: 'IN', themeConfig: { primaryColor: '#2874f0' } });
    expect(shop.orderConfig.detailsConfig.personal).toEqual({ email: true, phone: true, fullName: true });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api/user/x/y', '/fn/unknown']) {
      const res = await t.app.inject({ url, method: 'POST', payload: { a: 1 } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('rejects malformed JSON with a 400 that says so, never a 500, on the calls that take JSON', async () => {
    for (const url of ['/api/auth/email/login', '/fn/order/create', '/fn/order/quote']) {
      const res = await t.app.inject({ url, method: 'POST', headers: { 'content-type': 'application/json' }, payload: '{"broken' });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toMatch(/JSON/i);
    }
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await t.app.inject({ url: '/api/shop' });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('a shop with an invalid config', () => {
  it.each(brokenConfigs)(
    'with %s: the API and /healthz answer 503 that the shop is not configured; the owner reads the exact problem',
    async (_name, breakIt, message) => {
      const { db, dispose } = await testDatabases[0]!.open();
      const config = testShopConfig() as Record<string, unknown>;
      breakIt(config);
      const secret = randomBytes(32);
      const app = await buildTestApp(db, { config, seed: false, authSecret: secret });
      try {
        // the problems are the owner's: the public hears only that the shop cannot serve
        for (const url of ['/api/catalog', '/api/shop', '/fn/order/create', '/admin/api/orders']) {
          const res = await app.inject({ url });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ error: 'shop_config_invalid', message: 'The shop is not configured correctly.' });
        }
        // load balancers, Docker and systemd are told the shop cannot serve
        const health = await app.inject({ url: '/healthz' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({
          status: 'unavailable',
          database: 'sqlite',
          error: 'shop_config_invalid',
          message: 'The shop is not configured correctly.',
        });
        const owner = await addOwnerPriya(db, createAccessTokens(secret));
        const status = await app.inject({ url: '/admin/api/config', headers: { authorization: `Bearer ${owner}` } });
        expect(status.json()).toMatchObject({ state: 'none', problems: [{ message }] });
      } finally {
        await app.close();
        await dispose();
      }
    },
  );
});

describe('behind a proxy (TRUST_PROXY)', () => {
  /** 61 token refreshes from `first` (60 a minute are allowed), then one from `second`. */
  async function limitedAfterAnother(trustProxy: string[] | undefined): Promise<number> {
    const { db, dispose } = await testDatabases[0]!.open();
    const app = await buildTestApp(db, { trustProxy });
    try {
      const from = (ip: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 60; i++) await from('203.0.113.7');
      expect((await from('203.0.113.7')).statusCode).toBe(429);
      return (await from('198.51.100.9')).statusCode;
    } finally {
      await app.close();
      await dispose();
    }
  }

  it("limits each shopper by the address the trusted proxy names, not the proxy's own", async () => {
    expect(await limitedAfterAnother(['loopback'])).not.toBe(429);
  });

  it('believes no forwarded address by default: every request through the proxy counts as the proxy', async () => {
    expect(await limitedAfterAnother(undefined)).toBe(429);
  });
});
