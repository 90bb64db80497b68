import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema, productSchema } from '../../domain/catalog.ts';

/**
 * The whole catalog in the browser (`GET /api/catalog`), fetched once per tab and shared
 * by every feature that needs all products (search, the catalog page, cart stock). The
 * browser revalidates it with the ETag, so a repeat costs a 304.
 */
export const catalogResponseSchema = z.object({ products: z.array(productSchema), categories: z.array(categorySchema) });
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

export const catalogQueryKey = ['catalog'] as const;

export async function fetchCatalog(signal?: AbortSignal): Promise<CatalogResponse> {
  const res = await fetch('/api/catalog', { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`catalog: HTTP ${res.status}`);
  return catalogResponseSchema.parse(await res.json());
}

export function useCatalogQuery(enabled = true) {
  return useQuery({ queryKey: catalogQueryKey, queryFn: ({ signal }) => fetchCatalog(signal), enabled, staleTime: 5 * 60_000 });
}
