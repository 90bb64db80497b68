import { QueryClient } from '@tanstack/react-query';

/**
 * Server data in the browser: one QueryClient per tab (TanStack Query), loaded on first use, never with a shopper's first page.
 * Reads are queries, writes mutations (each in its feature's `api/`). A write is sent at once even when the browser
 * says it is offline (`networkMode: 'always'`, not paused until the network is back): it answers status 0 then, as
 * every call of lib/api.ts does, and the form says so. Never retried: a write sent twice could do its work twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1 }, mutations: { networkMode: 'always', retry: false } },
});

/**
 * A page part's own call, asked each time the part shows and never behind its back: no
 * retry (the calls answer an `ApiResult` and never throw, so a 4xx is an answer, shown as
 * such), no refetch when the tab regains focus or the network, and forgotten when the part
 * goes, so coming back shows the loading text and a fresh answer (decision 060).
 */
export const askedOnShow = { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 0, gcTime: 0 } as const;
