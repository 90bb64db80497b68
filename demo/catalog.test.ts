import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogFileSchema, completeProduct } from '../src/domain/catalog.ts';
import { validateShopConfig } from '../src/domain/shop-config.ts';

const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

describe('demo catalog', () => {
  const catalog = catalogFileSchema.parse(readJson('./catalog.json'));
  const products = catalog.products.map(completeProduct);

  it('has enough products and categories', () => {
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(catalog.categories.length).toBeGreaterThanOrEqual(6);
  });

  it('puts every product in an existing category', () => {
    const ids = new Set(catalog.categories.map((c) => c.oId));
    expect(products.filter((p) => !ids.has(p.categoryId)).map((p) => p.variantId)).toEqual([]);
  });

  it('has unique variant ids and skus', () => {
    expect(new Set(products.map((p) => p.variantId)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
  });

  it('has items whose variants share an itemId', () => {
    const byItem = new Map<string, Set<string>>();
    for (const p of products) byItem.set(p.itemId, (byItem.get(p.itemId) ?? new Set()).add(p.variantName));
    const grouped = [...byItem.values()].filter((names) => names.size > 1);
    expect(grouped.length).toBeGreaterThanOrEqual(3);
  });

  it('covers fractional, out-of-stock, low-stock and zero-price products', () => {
    expect(products.filter((p) => p.isFraction).length).toBeGreaterThanOrEqual(5);
    expect(products.some((p) => p.isFraction && !Number.isInteger(p.stock))).toBe(true);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => p.stock >= 1 && p.stock <= 3)).toBe(true);
    expect(products.filter((p) => p.price.regular === 0 && p.price.special === null && p.price.mrp === null)).toHaveLength(1);
  });

  it('has sensible prices', () => {
    for (const p of products) {
      if (p.price.special !== null) expect(p.price.special, p.variantId).toBeLessThan(p.price.regular);
      if (p.price.mrp !== null) expect(p.price.mrp, p.variantId).toBeGreaterThanOrEqual(p.price.regular);
    }
    expect(products.filter((p) => p.price.special !== null).length).toBeGreaterThanOrEqual(products.length / 4);
  });

  it('uses the bundle, virtual and downloadable types', () => {
    const types = new Set(products.map((p) => p.type_id));
    for (const t of ['bundle', 'virtual', 'downloadable'] as const) expect(types).toContain(t);
  });

  it('gives every product one or two local images', () => {
    for (const p of products) {
      expect(p.images.length, p.variantId).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.variantId).toBeLessThanOrEqual(2);
      for (const img of p.images) expect(img.url).toMatch(/^\/media\/p\/[A-Za-z0-9._~-]+\.webp$/);
    }
  });

  it('has tags used by several products', () => {
    const counts = new Map<string, number>();
    for (const t of products.flatMap((p) => p.tags)) counts.set(t, (counts.get(t) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n >= 4).length).toBeGreaterThanOrEqual(4);
  });

  it('has hero and slider banners using all three link types', () => {
    expect(catalog.banners.filter((b) => b.kind === 'hero')).toHaveLength(2);
    expect(catalog.banners.filter((b) => b.kind === 'slider')).toHaveLength(4);
    expect(new Set(catalog.banners.map((b) => b.link.type))).toEqual(new Set(['categories', 'tags', 'url']));
    const ids = new Set(catalog.categories.map((c) => c.oId));
    for (const b of catalog.banners) if (b.link.type === 'categories') for (const id of b.link.value) expect(ids).toContain(id);
  });
});

describe('demo shop config', () => {
  it('passes validateShopConfig', () => {
    const result = validateShopConfig(readJson('./shop.config.json'));
    expect(result.ok ? [] : result.issues).toEqual([]);
  });
});
