/**
 * The meta of a page kept out of search engines (an order's, an invoice's, a confirmation
 * link's): `noindex`, and the shop's title as every page has, since a route's meta
 * replaces the root's.
 */
export function noIndex({ matches }: { matches: ReadonlyArray<{ data?: unknown } | undefined> }) {
  const title = (matches[0]?.data as { shop?: { title?: string } } | undefined)?.shop?.title || 'home';
  return [{ title }, { name: 'robots', content: 'noindex' }];
}
