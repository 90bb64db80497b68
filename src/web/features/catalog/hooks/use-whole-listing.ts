import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { catalogPage, type CatalogPage } from '../lib/catalog-page.ts';

type Whole = { of: CatalogPage; page: CatalogPage } | { of: CatalogPage; error: unknown };

/**
 * The whole listing of a page the server sent only the start of (firstScreenPage): once
 * hydrated, the catalog is taken from the tab's shared query (one `GET /api/catalog`, as
 * the clientLoader and search take it) and filtered for this URL. Until it is here, the
 * page is the server's, whose first tiles are already on screen. A failed fetch is thrown
 * to the route's error boundary, which says so and can try again, as on any later visit.
 */
export function useWholeListing(page: CatalogPage): CatalogPage {
  const { search } = useLocation();
  const [whole, setWhole] = useState<Whole | null>(null);
  const partial = page.tilesInAll !== undefined;
  useEffect(() => {
    if (!partial) return;
    let current = true;
    // loaded here, not with the page: the first screen renders from the server's data and needs no query library
    void import('../api/catalog-query.ts')
      .then(({ loadCatalog }) => loadCatalog())
      .then(
        (catalog) => current && setWhole({ of: page, page: catalogPage(catalog, new URLSearchParams(search)) }),
        (error: unknown) => current && setWhole({ of: page, error }),
      );
    return () => {
      current = false;
    };
  }, [page, partial, search]);
  if (whole?.of !== page) return page;
  if ('error' in whole) throw whole.error;
  return whole.page;
}
