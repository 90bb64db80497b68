import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogFileSchema } from '../../domain/catalog.ts';
import { PACKAGE_ROOT } from '../package-root.ts';

type SeedProduct = { variantId: string; title: string; images: Array<{ id: string }> } & Record<string, unknown>;

/**
 * The demo catalog grown to `count` products, as a seed file's contents (SEED_CATALOG):
 * the demo's own products first, then copies of them, each copy an item of its own with
 * its own ids, SKU, title and image ids. For the benchmarks and the journeys of a big shop.
 */
export function bigCatalog(count: number): string {
  const demo = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'demo/catalog.json'), 'utf8')) as { products: SeedProduct[] } & Record<string, unknown>;
  const products = Array.from({ length: count }, (_, i) => {
    const base = demo.products[i % demo.products.length]!;
    if (i < demo.products.length) return base;
    const variantId = `${base.variantId}-b${i}`;
    const images = base.images.map((img) => ({ ...img, id: `${img.id}-b${i}` }));
    return { ...base, id: variantId, itemId: variantId, variantId, sku: `${variantId}-sku`, title: `${base.title} ${i}`, images };
  });
  const file = { ...demo, products };
  catalogFileSchema.parse(file); // fail here, not as a silent empty seed in the server
  return JSON.stringify(file);
}
