import { loadCatalogOnce, type CatalogResponse } from '../../../lib/catalog-query.ts';
import { CatalogFetchError } from './catalog-fetch-error.ts';

/**
 * The whole catalog for the catalog page's clientLoader (§4: fetched once, then
 * filtered in the browser), from the tab's shared query cache, so search and the cart
 * never fetch it a second time. Any failure becomes a CatalogFetchError, which the page
 * shows with the §8 text. Import it on demand: it brings the query library along.
 */
export async function loadCatalog(): Promise<CatalogResponse> {
  try {
    return await loadCatalogOnce();
  } catch (error) {
    throw new CatalogFetchError(error);
  }
}
