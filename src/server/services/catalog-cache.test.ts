import { describe, expect, it } from 'vitest';
import { testCatalog } from '../testing/fixtures.ts';
import { serialise } from './catalog-cache.ts';

describe('the catalog as /api/catalog sends it', () => {
  const { products, categories } = testCatalog();
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...products[i % products.length]!, id: `p${i}`, title: `Product ₹ “${i}”` }));

  it.each([0, 1, 499, 500, 501, 1234])('is exactly the JSON of %i products and the categories, made slice by slice', (n) => {
    const whole = { products: many(n), categories };
    const bytes = serialise(whole);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(whole));
  });
});
