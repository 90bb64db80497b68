import { describe, expect, it } from 'vitest';
import { testDatabases } from './testing/databases.ts';
import { brokenConfigs, testShopConfig } from './testing/fixtures.ts';
import { buildTestApp, useTestApp } from './testing/test-app.ts';

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

  it('rejects malformed JSON with a 400, never a 500', async () => {
    const res = await t.app.inject({ url: '/api/catalog', method: 'POST', headers: { 'content-type': 'application/json' }, payload: '{"broken' });
    expect(res.statusCode).toBeLessThan(500);
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

  it.each(brokenConfigs)('with %s: the API answers 503 with the exact message', async (_name, breakIt, message) => {
    const { db, dispose } = await testDatabases[0]!.open();
    const config = testShopConfig() as Record<string, unknown>;
    breakIt(config);
    const app = await buildTestApp(db, { config, seed: false });
    try {
      for (const url of ['/api/catalog', '/api/shop', '/fn/order/create']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(503);
        expect(res.json().messages).toEqual([message]);
      }
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
