import { useQuery } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import type { CatalogResponse } from '../../domain/catalog.ts';

/**
 * Server data in the browser: one QueryClient per tab, and the whole catalog
 * (`GET /api/catalog`) fetched once and shared by every feature that needs all products
 * (search, the catalog page, cart stock). The browser revalidates it with the ETag, so a
 * repeat costs a 304. This module loads on first use, never with the first page: pages
 * render from their loaders. The answer is not re-validated with zod: our own server made
 * it from the same domain schema, and zod would be a fifth of the JavaScript budget.
 */
export type { CatalogResponse };

const catalogQueryKey = ['catalog'] as const;

async function fetchCatalog(signal?: AbortSignal): Promise<CatalogResponse> {
  const res = await fetch('/api/catalog', { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`catalog: HTTP ${res.status}`);
  return (await res.json()) as CatalogResponse;
}

const catalogQuery = { queryKey: catalogQueryKey, queryFn: ({ signal }: { signal: AbortSignal }) => fetchCatalog(signal), staleTime: 5 * 60_000 };

/** The catalog, from the tab's cache when it is fresh. */
export const loadCatalogOnce = () => queryClient.fetchQuery(catalogQuery);

export function useCatalogQuery(enabled = true) {
  return useQuery({ ...catalogQuery, enabled }, queryClient);
}
