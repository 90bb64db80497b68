import { QueryClient } from '@tanstack/react-query';

/** Server data in the browser: one QueryClient per tab (TanStack Query), loaded on first use, never with a shopper's first page. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } });
