import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testCatalog } from '../testing/fixtures.ts';
import { compressCatalog, serialisedParts } from './catalog-cache.ts';

describe('the catalog as /api/catalog sends it', () => {
  const { products, categories } = testCatalog();
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...products[i % products.length]!, id: `p${i}`, title: `Product ₹ “${i}”` }));

  it.each([0, 1, 49, 50, 51, 499, 500, 501, 1234])('is exactly the JSON of %i products and the categories, made slice by slice', (n) => {
    const whole = { products: many(n), categories };
    const bytes = Buffer.concat([...serialisedParts(whole)]);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(whole));
  });

  it('is compressed part by part into the same bytes in gzip and brotli, with its length and hash', async () => {
    const whole = { products: many(1234), categories };
    const json = Buffer.from(JSON.stringify(whole));
    const made = await compressCatalog(serialisedParts(whole), 0);
    expect(zlib.gunzipSync(made.gzip).equals(json)).toBe(true);
    expect(zlib.brotliDecompressSync(made.br).equals(json)).toBe(true);
    expect(made.length).toBe(json.length);
    expect(made.hash.digest('hex')).toBe(createHash('sha256').update(json).digest('hex'));
  });
});
