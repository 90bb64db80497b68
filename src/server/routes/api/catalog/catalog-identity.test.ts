import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogCache, CatalogEntry } from '../../../services/catalog-cache.ts';
import { catalogRoutes } from './catalog-routes.ts';

// The identity JSON is 6 MB for 10k products: it is unpacked for each answer that asks for
// it, not kept beside the gzip and brotli forms for the catalog's whole version (decision 063).
describe('GET /api/catalog without compression', () => {
  const json = Buffer.from(JSON.stringify({ products: [{ variantId: 'tee-red-m' }], categories: [] }));
  const gzip = zlib.gzipSync(json);
  let unpacked = 0;
  const entry = {
    data: { version: 'v1', products: [], categories: [], banners: [] },
    get json() {
      unpacked++;
      return zlib.gunzipSync(gzip);
    },
    jsonLength: json.length,
    gzip,
    br: zlib.brotliCompressSync(json),
    etag: 'tag1',
    dbVersion: 'v1',
    changesAt: Infinity,
  } as unknown as CatalogEntry;
  const catalog = { get: async () => entry, invalidate: () => undefined } as CatalogCache;
  const app = Fastify();
  void app.register(catalogRoutes, { prefix: '/api', catalog });
  afterAll(() => app.close());

  it('sends the JSON with its length, unpacked per answer and not at all for brotli or gzip', async () => {
    for (const accept of ['br', 'gzip', 'gzip, deflate, br']) {
      const res = await app.inject({ url: '/api/catalog', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
    }
    expect(unpacked).toBe(0);
    for (let i = 1; i <= 2; i++) {
      const res = await app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'identity' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(json.length));
      expect(res.rawPayload.equals(json)).toBe(true);
      expect(unpacked).toBe(i);
    }
    // a 304 sends no body, so it unpacks none
    const notModified = await app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'identity', 'if-none-match': '"tag1"' } });
    expect(notModified.statusCode).toBe(304);
    expect(unpacked).toBe(2);
  });
});
