/**
 * The query parameters each page reads, in its loader or its components, by the route's path
 * (src/web/routes.ts; a client navigation's data request `/p/x.data` is its page's). The page
 * cache keys a page by its path and these alone, and the page is rendered from them alone
 * (decision 077): a campaign's `utm_*`, an ad's `fbclid` or `gclid`, or any parameter no page
 * reads gives the same page as the bare address, rendered once. A page that starts reading a
 * parameter must be given it here, or its server render never sees it.
 */
const READ_BY_PAGE = new Map<string, readonly string[]>([
  // the filters of the listing (catalog-view.ts `parseCatalogFilter`) and a table's QR code (table-link.ts)
  ['/catalog', ['categories', 'tags', 'q', 'dineInSpaceId', 'dineInValue']],
  // the order just placed, PayU's answer, and a table's link
  ['/checkout', ['orderId', 'payment', 'dineInSpaceId', 'dineInValue']],
  ['/checkout2', ['orderId', 'payment', 'dineInSpaceId', 'dineInValue']],
  ['/account', ['activePage']],
  ['/account-new', ['activePage']],
  ['/appointment', ['service', 'move']],
  ['/appointment/success', ['billId', 'moved']],
  // the owner's section and the bookings' day (owner-page.tsx, owner-bookings.tsx); the pages under /admin read none
  ['/admin', ['section', 'date']],
]);

/** React Router's own: which routes' loaders a data request runs, and whether an index route is meant. */
const READ_BY_ROUTER = ['_routes', 'index'];

/**
 * The address a page is rendered and kept under: the path as asked, and of the query only
 * the parameters its page reads, by name (the order of one name's values kept), so equal
 * pages have one address. The fragment never reaches a loader.
 */
export function pageAddress(url: string): string {
  const end = url.search(/[?#]/);
  if (end < 0) return url;
  const path = url.slice(0, end);
  if (url[end] === '#') return path;
  const fragment = url.indexOf('#', end);
  const page = routePath(path);
  const read = (page !== null && READ_BY_PAGE.get(page)) || [];
  const kept = [...new URLSearchParams(url.slice(end + 1, fragment < 0 ? undefined : fragment))]
    .filter(([name]) => read.includes(name) || READ_BY_ROUTER.includes(name))
    // a stable sort: the values of one name keep their order, which a list of categories has
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length > 0 ? `${path}?${new URLSearchParams(kept).toString()}` : path;
}

/** The path React Router matches for a page or its data request (`/p/x.data`, `/_root.data`); null when unreadable. */
export function routePath(url: string): string | null {
  const end = url.search(/[?#]/);
  let pathname = end < 0 ? url : url.slice(0, end);
  // what a URL parser would change (escapes, dot segments, backslashes, control characters) goes through one
  if (!pathname.startsWith('/') || pathname.startsWith('//') || /[%\\\t\n\r]|\/\./.test(pathname)) {
    try {
      pathname = new URL(url, 'http://localhost').pathname;
    } catch {
      return null;
    }
  }
  if (pathname === '/_root.data') return '/';
  pathname = pathname.replace(/\.data$/, '');
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}
