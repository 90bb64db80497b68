import type { CatalogResponse, Category } from '../../../../domain/catalog.ts';
import { filterProducts, parseCatalogFilter } from '../../../../domain/catalog-view.ts';
import { toTile, type TileProduct } from '../components/product-tile.tsx';

export type CatalogPage = {
  products: TileProduct[];
  categories: Category[];
  /** The category ids of the URL, for the chips. */
  active: string[];
  /** A category's own name, the tags or the search words; null means "All Products". */
  heading: string | null;
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
