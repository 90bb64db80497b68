import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { useNavigation, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isCatalogFetchError } from '../features/catalog/api/catalog-fetch-error.ts';
import { CategoryChips } from '../features/catalog/components/category-chips.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { ViewToggle } from '../features/catalog/components/view-toggle.tsx';
import { useCatalogView } from '../features/catalog/hooks/use-catalog-view.ts';
import { useWholeListing } from '../features/catalog/hooks/use-whole-listing.ts';
import { catalogPage, firstScreenPage } from '../features/catalog/lib/catalog-page.ts';
import { paths } from '../lib/paths.ts';
import { rememberTable } from '../lib/table-link.ts';
import { useShop } from '../lib/use-shop.ts';
import type { Route } from './+types/catalog';

/**
 * The first page: the server filters its catalog, so the HTML has the products (and works
 * without JavaScript). A long listing sends only its first screen of tiles, not the whole
 * catalog inlined in the HTML; the browser then fetches the rest (useWholeListing).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return firstScreenPage(await context.catalog(), new URL(request.url).searchParams, context.shop?.catalog.enableVariantGrouping ?? true);
}

/**
 * Every later visit: the whole catalog is fetched once (§4) and filtered here, so moving
 * between categories asks the server nothing. Hydration keeps the server's data
 * (`clientLoader.hydrate` is not set).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // loaded here, not with the page: the first page renders from the server's data and needs no query library
  const { loadCatalog } = await import('../features/catalog/api/catalog-query.ts');
  return catalogPage(await loadCatalog(), new URL(request.url).searchParams);
}

/** The page is its URL's filter of the catalog: a new filter loads, even when the link spares the other routes. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.search !== nextUrl.search || defaultShouldRevalidate;
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shop = useShop();
  const { products, tilesInAll, categories, active, heading } = useWholeListing(loaderData);
  const { view, chosen, choose } = useCatalogView(shop.id, shop.catalog.defaultView);
  const navigation = useNavigation();
  // §4 "waiting": the first category chosen in the browser waits for the catalog
  const waiting = navigation.state === 'loading' && navigation.location.pathname === paths.catalog();
  // a table's QR code opens the catalog with the table: checkout starts there
  useEffect(() => rememberTable(shop.id, window.location.search), [shop.id]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{heading === null ? t('nav.allProducts') : heading || t('catalog.unnamed')}</h1>
        <ViewToggle defaultView={shop.catalog.defaultView} chosen={chosen} onChoose={choose} />
      </div>
      <CategoryChips categories={categories} active={active} />
      <div aria-busy={waiting} className={`transition-opacity ${waiting ? 'opacity-60' : ''}`}>
        <ProductGrid products={products} tilesInAll={tilesInAll} view={view} />
      </div>
      <p role="status" className="sr-only">
        {waiting ? t('catalogView.loading') : ''}
      </p>
    </div>
  );
}

/** §8: the catalog could not be fetched. The shopper keeps the shop around it and can try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="text-slate-700">{isCatalogFetchError(error) ? t('error.catalogFetch') : t('error.text')}</p>
      <button
        type="button"
        onClick={() => void revalidator.revalidate()}
        disabled={retrying}
        className="rounded-md bg-primary px-5 py-2.5 font-medium text-on-primary hover:opacity-90 disabled:opacity-60"
      >
        {retrying ? t('nav.loading') : t('catalogView.tryAgain')}
      </button>
    </div>
  );
}
