import { createHash } from 'node:crypto';
import { isOutOfStock, stockShown } from '../../domain/catalog-view.ts';
import type { CatalogData } from '../../domain/storefront-context.ts';
import { routePath } from './page-address.ts';

/**
 * The catalog as the page cache sees it (decision 053): a version of everything but the
 * stock, which only the owner changes (prices, titles, photos, an import, a banner's
 * window), and per page the part of the stock that page shows, which every order changes.
 */
export type PageCatalog = {
  /** Everything the pages read of the catalog but the stock. */
  version: string;
  /** What the page at `url` shows of the stock, as a key: equal keys, equal pages. */
  stockOf(url: string): string;
};

/**
 * Routes whose pages show stock only as "out of stock" or not: the tiles' badge and
 * disabled Add, which variant stands for an item, the cover's bestsellers (routes.ts:
 * the cover, home and the catalog, and their client data requests).
 */
const LISTS = new Set(['/', '/home', '/catalog']);
const PRODUCT = /^\/p\/([^/]+)$/;

const made = new WeakMap<CatalogData, PageCatalog>();

/** The page cache's view of one catalog version, worked out once per version. */
export function pageCatalog(data: CatalogData): PageCatalog {
  let catalog = made.get(data);
  if (!catalog) {
    catalog = summarise(data);
    made.set(data, catalog);
  }
  return catalog;
}

function summarise(data: CatalogData): PageCatalog {
  const content = createHash('sha256');
  const every = createHash('sha256');
  const out = createHash('sha256');
  // each item's variants and what each shows of its stock, joined at the end into one flat
  // string per item: appended to as it went, each would be a chain of 4 small strings per
  // variant, about 1.5 MB more for 10k products (decision 063)
  const itemParts = new Map<string, string[]>();
  const itemOf = new Map<string, string>();
  for (const product of data.products) {
    const { stock, ...rest } = product;
    // JSON has no raw line break, so the break keeps one product's text from running into the next
    content.update(`${JSON.stringify(rest)}\n`);
    every.update(`${product.variantId}=${stock}\n`);
    if (isOutOfStock(product)) out.update(`${product.variantId}\n`);
    const parts = itemParts.get(product.itemId);
    const part = `${product.variantId}=${stockShown(product)}\n`;
    if (parts) parts.push(part);
    else itemParts.set(product.itemId, ['item ', part]);
    // the product page shows the first product with the address's variantId, as `find` does
    if (!itemOf.has(product.variantId)) itemOf.set(product.variantId, product.itemId);
  }
  content.update(JSON.stringify(data.categories)).update('\n').update(JSON.stringify(data.banners));
  const itemStock = new Map<string, string>();
  for (const [item, parts] of itemParts) itemStock.set(item, parts.join(''));
  const version = content.digest('base64url').slice(0, 27);
  const allStock = `all ${every.digest('base64url').slice(0, 27)}`;
  const listStock = `out ${out.digest('base64url').slice(0, 27)}`;

  return {
    version,
    stockOf(url) {
      const pathname = routePath(url);
      if (pathname === null) return allStock;
      if (LISTS.has(pathname)) return listStock;
      const sku = PRODUCT.exec(pathname)?.[1];
      const item = sku === undefined ? undefined : itemOf.get(decoded(sku) ?? '');
      // a product page says of its own stock 'Out of stock', 'Only 3 left' or 'In stock', and strikes out the options out of stock
      if (item !== undefined) return itemStock.get(item)!;
      // any other page: every stock, so that a page nobody has thought about here is never wrong
      return allStock;
    },
  };
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
