/// <reference lib="webworker" />
/**
 * The service worker (§1, §4; decision 023), built by vite-plugin-pwa (injectManifest)
 * into `build/client/sw.js`:
 * - the app's hashed scripts and styles are precached, so every screen's code is there offline;
 * - pages a shopper browses (and their navigation data) go to the network first and fall
 *   back to the copy; a page never opened offline gets a page saying what needs a connection;
 * - the catalog goes to the network first, its copy only when the network fails, so the stock
 *   a page judges the cart by is never an old copy's (decision 042; the server's ETag makes
 *   the usual answer a 304); images are kept once fetched, for 30 days;
 * - a new worker waits until the shopper clicks 'New version available! Click to update';
 * - push messages show a notification; clicking it opens the shop at the message's address.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, type Strategy } from 'workbox-strategies';
import { cachingFor, offlinePage, readPushMessage, type Caching } from './rules.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// the first worker takes the page that installed it, so that page's shop works offline at once;
// a later one waits for the shopper's click (SKIP_WAITING below)
clientsClaim();

const ok = new CacheableResponsePlugin({ statuses: [200] });
/** One Workbox strategy per rule `cachingFor` gives (one per cache), made on first use. */
const strategies = new Map<string, Strategy>();
function strategyFor(caching: Caching): Strategy {
  const key = `${caching.strategy}:${caching.cacheName ?? ''}`;
  let strategy = strategies.get(key);
  if (!strategy) {
    const { cacheName, networkTimeoutSeconds, maxEntries, maxAgeSeconds } = caching;
    const plugins = [ok, ...(maxEntries ? [new ExpirationPlugin({ maxEntries, ...(maxAgeSeconds ? { maxAgeSeconds } : {}), purgeOnQuotaError: true })] : [])];
    strategy =
      caching.strategy === 'network-only'
        ? new NetworkOnly()
        : caching.strategy === 'cache-first'
          ? new CacheFirst({ cacheName, plugins })
          : new NetworkFirst({ cacheName, plugins, ...(networkTimeoutSeconds ? { networkTimeoutSeconds } : {}) });
    strategies.set(key, strategy);
  }
  return strategy;
}
// pages and their data network first with a copy, the catalog network first (its copy only offline), images cache first,
// other pages the server only (offline: the page below)
registerRoute(
  ({ url, request }) => cachingFor(url, request, self.location.origin) !== null,
  ({ url, request, event }) => strategyFor(cachingFor(url, request, self.location.origin)!).handle({ request, event }),
);
// nothing answered a navigation (offline, or the server is down, and never kept): say so rather than show the browser's error
setCatchHandler(async ({ request, url }) => {
  if (request.destination !== 'document' || !url) return Response.error();
  return new Response(offlinePage(url.pathname + url.search, self.navigator.onLine), { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
});
// Workbox's router also takes { type: 'CACHE_URLS', payload: { urlsToCache } } from the page:
// what it loaded before this worker existed goes through the routes above

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // not JSON: nothing to show
  }
  const notice = readPushMessage(data, self.location.origin);
  if (!notice) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/icons/192.png',
      data: { url: notice.url },
      ...(notice.tag ? { tag: notice.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return void (await open.focus());
      await self.clients.openWindow(url);
    })(),
  );
});
