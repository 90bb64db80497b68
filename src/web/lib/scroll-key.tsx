import { useCallback, useEffect, useRef } from 'react';
import { ScrollRestoration, useLocation, type Location } from 'react-router';
import { paths } from './paths.ts';

const isCatalog = (pathname: string) => pathname === paths.catalog();
const isProduct = (pathname: string) => pathname.startsWith(paths.product(''));

/**
 * The key `<ScrollRestoration>` files a page's scroll position under. The router asks it
 * twice: for the page being left (to save where it was) and for the page arrived at (to
 * find where to go back to), while `shown` is still the page being left. Every page is
 * saved under its history entry; the catalog finds its position only when the shopper
 * comes back from a product (spec §2 /catalog): from anywhere else the key is one nothing
 * was saved under, so it starts at the top.
 * @internal Exported for its unit test only (a test seam): the keys are tested without rendering the router.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname'>, shown: Pick<Location, 'key' | 'pathname'> | null): string {
  const arriving = shown !== null && shown.key !== location.key;
  if (arriving && isCatalog(location.pathname) && !isProduct(shown.pathname)) return `${location.key}:top`;
  return location.key;
}

/** React Router's scroll restoration with the catalog's rule above. */
export function CatalogAwareScrollRestoration() {
  const location = useLocation();
  const shown = useRef<Location | null>(null);
  // after the router has restored the page's position (a layout effect), it becomes the shown one
  useEffect(() => {
    shown.current = location;
  }, [location]);
  const getKey = useCallback((next: Location) => scrollKey(next, shown.current), []);
  return <ScrollRestoration getKey={getKey} />;
}
