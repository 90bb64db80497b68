import type { CatalogResponse, Category, Product } from '../../../../domain/catalog.ts';
import { filterProducts, firstTiles, parseCatalogFilter, sortCategories, tileCount } from '../../../../domain/catalog-view.ts';
import { toTile, type TileProduct } from '../components/product-tile.tsx';
import { FIRST_PAGE, VIRTUALISE_ABOVE } from './tile-layout.ts';

export type CatalogPage = {
  products: TileProduct[];
  categories: Category[];
  /** The category ids of the URL, for the chips. */
  active: string[];
  /**
   * The chosen categories' names, the tags or the search words; null means "All Products", and ''
   * a category whose name is blank, headed 'Unnamed' in the shopper's language (§3 fallback).
   */
  heading: string | null;
  /**
   * Set when `products` is only the start of the listing (firstScreenPage): how many tiles
   * the whole listing has. The browser then fetches the catalog for the rest.
   */
  tilesInAll?: number;
};

/**
 * The names of the chosen categories in the category list's order ("Fresh Fruits, Vegetables &
 * Herbs" for a banner linking to both); '' when the one chosen has a blank name, null when
 * none is known.
 */
function categoriesHeading(categories: Category[], chosen: string[]): string | null {
  const known = sortCategories(categories.filter((c) => chosen.includes(c.oId)));
  if (known.length === 0) return null;
  return known
    .map((c) => c.name.trim())
    .filter(Boolean)
    .join(', ');
}

/** The URL's filter of the catalog and its heading: what both forms of the page below start from. */
function listing({ products, categories }: CatalogResponse, params: URLSearchParams) {
  const filter = parseCatalogFilter(params);
  const heading =
    filter.categories.length > 0
      ? categoriesHeading(categories, filter.categories)
      : filter.tags.length > 0
        ? filter.tags.map((t) => `#${t}`).join(' ')
        : filter.q
          ? `“${filter.q}”`
          : null;
  return { products: filterProducts(products, filter), categories, active: filter.categories, heading };
}

/**
 * What /catalog shows for its URL parameters. The browser's clientLoader calls it, and
 * firstScreenPage starts from the same listing, so a page looks the same however it was reached.
 */
export function catalogPage(catalog: CatalogResponse, params: URLSearchParams): CatalogPage {
  const { products, ...page } = listing(catalog, params);
  return { ...page, products: products.map(toTile) };
}

/**
 * The page as the server sends it: a listing long enough to be virtualised (above
 * VIRTUALISE_ABOVE tiles) keeps only the products of its first FIRST_PAGE tiles — all that
 * its HTML shows — and says how many tiles it has in all, so the HTML does not carry the
 * whole catalog a second time (decision 012). With `grouped` (catalog.enableVariantGrouping)
 * a tile is an item, and every variant of the items kept comes along, so the tiles and
 * their variant counts are the whole page's. Only what is kept becomes tiles: a request
 * for a 10,000-product listing makes 24 or so objects, not 10,000.
 */
export function firstScreenPage(catalog: CatalogResponse, params: URLSearchParams, grouped: boolean): CatalogPage {
  const { products, ...page } = listing(catalog, params);
  const { kept, tilesInAll } = firstScreenOf(products, grouped);
  return { ...page, products: kept.map(toTile), ...(tilesInAll === undefined ? {} : { tilesInAll }) };
}

function firstScreenOf<T extends Pick<Product, 'itemId'>>(products: T[], grouped: boolean): { kept: T[]; tilesInAll?: number } {
  const tiles = tileCount(products, grouped);
  return tiles > VIRTUALISE_ABOVE ? { kept: firstTiles(products, FIRST_PAGE, grouped), tilesInAll: tiles } : { kept: products };
}
