import type { Category, Product } from './catalog.ts';

/** Rules for showing the catalog, shared by server rendering and the browser. */

export type CatalogFilter = { categories: string[]; tags: string[]; q: string };

/** Reads `categories` and `tags` parameters: comma-separated, also accepted repeated. */
export function parseCatalogFilter(params: URLSearchParams): CatalogFilter {
  const read = (name: string) => [
    ...new Set(
      params
        .getAll(name)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
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

/**
 * The products of a listing's first `count` tiles, in the listing's order. With grouping
 * (catalog.enableVariantGrouping) a tile is an item: the first `count` items are chosen and
 * every one of their variants comes along, so each tile counts all of its item's options and
 * eight tiles show eight items, not eight sizes of one shirt. Without grouping a tile is a
 * product.
 */
export function firstTiles<T extends Pick<Product, 'itemId'>>(products: readonly T[], count: number, grouped: boolean): T[] {
  if (!grouped) return products.slice(0, Math.max(0, count));
  const chosen = new Set<string>();
  for (const p of products) {
    if (chosen.size >= count) break;
    chosen.add(p.itemId);
  }
  return products.filter((p) => chosen.has(p.itemId));
}

/** How many tiles a listing makes: items with grouping, else products. */
export function tileCount(products: readonly Pick<Product, 'itemId'>[], grouped: boolean): number {
  return grouped ? new Set(products.map((p) => p.itemId)).size : products.length;
}

/** §5 "product error messages are also listed": the owner's messages on a product (why it cannot be ordered now), blank ones left out. */
export const productErrors = (p: Pick<Product, 'errors'>): string[] =>
  Object.values(p.errors)
    .map((m) => m.trim())
    .filter(Boolean);

/** The size guide a product page offers: the product's own, else its category's (the config's catalog.sizeGuides), else none. */
export const sizeGuideFor = (p: Pick<Product, 'sizeGuide' | 'categoryId'>, byCategory: Readonly<Record<string, string>>): string | null =>
  p.sizeGuide || byCategory[p.categoryId] || null;

/** Out of stock: none left, unless it is made to order (issue 21). */
export const isOutOfStock = (p: Pick<Product, 'stock' | 'madeToOrder'>) => !p.madeToOrder && p.stock <= 0;

/** At or below this stock the product page says how many are left. */
const LOW_STOCK = 5;

/**
 * What the product page says of a product's stock: 'Out of stock', 'Only N left' (the
 * stock, at or below LOW_STOCK) or 'In stock'. The page cache keys product pages by it
 * (decision 053), so a page is made again when what it says changes, and only then.
 */
export function stockShown(p: Pick<Product, 'stock' | 'madeToOrder'>): 'out' | 'in' | number {
  if (isOutOfStock(p)) return 'out';
  return !p.madeToOrder && p.stock <= LOW_STOCK ? p.stock : 'in';
}
