import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/databases.ts';
import { useTestApp } from '../../../testing/test-app.ts';
import { testCatalog } from '../../../testing/fixtures.ts';
import { createCatalogRepository } from '../../../db/repositories/catalog-repository.ts';

const PRODUCT_FIELDS = [
  'id',
  'itemId',
  'variantId',
  'variantName',
  'title',
  'description',
  'categoryId',
  'price',
  'images',
  'stock',
  'isFraction',
  'sku',
  'type_id',
  'errors',
];

describe.each(testDatabases)('GET /api/catalog on $name', (database) => {
  const t = useTestApp(database);

  it('answers products and categories with every field of the spec', async () => {
    const res = await t.app.inject({ url: '/api/catalog' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<{ products: Record<string, unknown>[]; categories: Record<string, unknown>[] }>();
    expect(body.products).toHaveLength(3);
    for (const p of body.products) for (const f of PRODUCT_FIELDS) expect(p).toHaveProperty(f);
    expect(body.products[0]).toMatchObject({ variantId: 'tee-red-m', price: { mrp: 799, regular: 599, special: 499.5 }, images: [{ id: 'i1', position: 0 }] });
    expect(Object.keys(body.categories[0]!).sort()).toEqual(['colour', 'image', 'name', 'oId', 'position']);
  });

  it('answers 304 to a client that has this version', async () => {
    const first = await t.app.inject({ url: '/api/catalog' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/api/catalog', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({ url: '/api/catalog', headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('sends brotli or gzip, whichever the browser accepts, with its own ETag', async () => {
    const plain = await t.app.inject({ url: '/api/catalog' });
    const br = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    // a cached brotli copy revalidates too
    const revalidated = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
  });

  // the answer's headers are made once per catalog version (decision 052): each
  // representation must still carry the page's protections, its own length and a request id
  it('sends the security headers, its length and a request id with every representation, and with a 304', async () => {
    const seen = new Set<string>();
    for (const accept of ['gzip, deflate, br', 'gzip', 'identity']) {
      const res = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-length'], accept).toBe(String(res.rawPayload.length));
      expect(res.headers['content-security-policy'], accept).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options'], accept).toBe('nosniff');
      expect(res.headers['x-frame-options'], accept).toBe('SAMEORIGIN');
      expect(res.headers['cache-control'], accept).toBe('no-cache');
      seen.add(String(res.headers['x-request-id']));
      const notModified = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': accept, 'if-none-match': res.headers.etag as string } });
      expect(notModified.statusCode, accept).toBe(304);
      expect(notModified.headers.etag, accept).toBe(res.headers.etag);
      expect(notModified.headers['content-encoding'], accept).toBeUndefined();
      expect(notModified.headers['content-security-policy'], accept).toBe(res.headers['content-security-policy']);
      seen.add(String(notModified.headers['x-request-id']));
    }
    // one id per request, not one made with the headers
    expect(seen.size).toBe(6);
  });

  it('answers a catalog changed elsewhere with its new bytes, length and tag, in every encoding', async () => {
    const before = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'gzip' } });
    const changed = testCatalog();
    changed.products[0]!.title = 'A much longer title than the tee had before';
    // as the owner CLI or another instance changes it: this instance sees it within a second
    await createCatalogRepository(t.db, 2).replace(changed);
    let after = before;
    for (const end = Date.now() + 5000; after.headers.etag === before.headers.etag && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 50));
      after = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'gzip' } });
    }
    expect(after.headers.etag).not.toBe(before.headers.etag);
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
      ['identity', (b: Buffer) => b],
    ] as const) {
      const res = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-length'], accept).toBe(String(res.rawPayload.length));
      expect(JSON.parse(decode(res.rawPayload).toString()).products[0].title, accept).toBe('A much longer title than the tee had before');
      // the old version's tag no longer matches
      const stale = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': accept, 'if-none-match': before.headers.etag as string } });
      expect(stale.statusCode, accept).toBe(200);
    }
  });
});
