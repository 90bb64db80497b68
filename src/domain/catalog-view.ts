import type { Category, Product } from './catalog.ts';

/** Rules for showing the catalog, shared by server rendering and the browser. */

export type CatalogFilter = { categories: string[]; tags: string[]; q: string };

/** Reads `categories` and `tags` parameters: comma-separated, also accepted repeated. */
export function parseCatalogFilter(params: URLSearchParams): CatalogFilter {
  const read = (name: string) => [...new Set(params.getAll(name).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))];
  return { categories: read('categories'), tags: read('tags'), q: (params.get('q') ?? '').trim().slice(0, 100) };
}

/**
 * Category and tag filters, and a plain word match for the no-JavaScript search form
 * (the search panel with typo tolerance is the search feature's).
 */
export function filterProducts(products: readonly Product[], filter: Partial<CatalogFilter>): Product[] {
  const { categories = [], tags = [], q = '' } = filter;
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return products.filter(
    (p) =>
      (categories.length === 0 || categories.includes(p.categoryId)) &&
      (tags.length === 0 || tags.some((t) => p.tags.includes(t))) &&
      words.every((w) => `${p.title} ${p.variantName}`.toLowerCase().includes(w)),
  );
}

/** Categories by position (then name), as the category list shows them after 'All'. */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/** One product per item for tiles when variant grouping is on: the first variant, with its siblings. */
export function groupVariants<T extends Pick<Product, 'itemId' | 'stock'>>(products: readonly T[]): { product: T; variants: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const p of products) {
    const group = groups.get(p.itemId);
    if (group) group.push(p);
    else groups.set(p.itemId, [p]);
  }
  return [...groups.values()].map((variants) => ({ product: variants.find((v) => !isOutOfStock(v)) ?? variants[0]!, variants }));
}

/** Out of stock: none left, unless it is made to order (issue 21). */
export const isOutOfStock = (p: Pick<Product, 'stock' | 'madeToOrder'>) => !p.madeToOrder && p.stock <= 0;
