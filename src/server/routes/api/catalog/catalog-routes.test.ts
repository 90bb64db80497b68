import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/databases.ts';
import { useTestApp } from '../../../testing/test-app.ts';

const PRODUCT_FIELDS = ['id', 'itemId', 'variantId', 'variantName', 'title', 'description', 'categoryId', 'price', 'images', 'stock', 'isFraction', 'sku', 'type_id', 'errors'];

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
});
