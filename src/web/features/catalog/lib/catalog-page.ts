import type { CatalogResponse, Category } from '../../../../domain/catalog.ts';
import { filterProducts, groupVariants, parseCatalogFilter } from '../../../../domain/catalog-view.ts';
import { toTile, type TileProduct } from '../components/product-tile.tsx';
import { FIRST_PAGE, VIRTUALISE_ABOVE } from './tile-layout.ts';

export type CatalogPage = {
  products: TileProduct[];
  categories: Category[];
  /** The category ids of the URL, for the chips. */
  active: string[];
  /** A category's own name, the tags or the search words; null means "All Products". */
  heading: string | null;
  /**
   * Set when `products` is only the start of the listing (firstScreen): how many tiles the
   * whole listing has. The browser then fetches the catalog for the rest.
   */
  tilesInAll?: number;
};

/**
 * What /catalog shows for its URL parameters. The server's loader and the browser's
 * clientLoader both call it, so a page looks the same however it was reached.
 */
export function catalogPage({ products, categories }: CatalogResponse, params: URLSearchParams): CatalogPage {
  const filter = parseCatalogFilter(params);
  const heading =
    filter.categories.length === 1
      ? (categories.find((c) => c.oId === filter.categories[0])?.name ?? null)
      : filter.tags.length > 0
        ? filter.tags.map((t) => `#${t}`).join(' ')
        : filter.q
          ? `“${filter.q}”`
          : null;
  return { products: filterProducts(products, filter).map(toTile), categories, active: filter.categories, heading };
}

/**
 * The page as the server sends it: a listing long enough to be virtualised (above
 * VIRTUALISE_ABOVE tiles) keeps only the products of its first FIRST_PAGE tiles — all that
 * its HTML shows — and says how many tiles it has in all, so the HTML does not carry the
 * whole catalog a second time (decision 012). With `grouped` (catalog.enableVariantGrouping)
 * a tile is an item, and every variant of the items kept comes along, so the tiles and
 * their variant counts are the whole page's.
 */
export function firstScreen(page: CatalogPage, grouped: boolean): CatalogPage {
  if (!grouped) {
    const tilesInAll = page.products.length;
    return tilesInAll > VIRTUALISE_ABOVE ? { ...page, products: page.products.slice(0, FIRST_PAGE), tilesInAll } : page;
  }
  const items = groupVariants(page.products);
  if (items.length <= VIRTUALISE_ABOVE) return page;
  const kept = new Set(items.slice(0, FIRST_PAGE).map((item) => item.product.itemId));
  return { ...page, products: page.products.filter((p) => kept.has(p.itemId)), tilesInAll: items.length };
}
