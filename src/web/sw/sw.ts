/// <reference lib="webworker" />
/**
 * The service worker (§1, §4; decision 023), built by vite-plugin-pwa (injectManifest)
 * into `build/client/sw.js`:
 * - the app's hashed scripts and styles are precached, so every screen's code is there offline;
 * - pages a shopper browses (and their navigation data) go to the network first and fall
 *   back to the copy; a page never opened offline gets a page saying what needs a connection;
 * - the catalog is answered from the copy and refreshed behind it (the server's ETag makes
 *   the refresh a 304 when nothing changed); images are kept once fetched, for 30 days;
 * - a new worker waits until the shopper clicks 'New version available! Click to update';
 * - push messages show a notification; clicking it opens the shop at the message's address.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { IMAGE_CACHE_ENTRIES, IMAGE_CACHE_SECONDS, isBrowsingRequest, isCatalogRequest, isImageRequest, offlinePage, PAGE_CACHE_ENTRIES, PAGE_NETWORK_TIMEOUT_SECONDS, readPushMessage } from './rules.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// the first worker takes the page that installed it, so that page's shop works offline at once;
// a later one waits for the shopper's click (SKIP_WAITING below)
clientsClaim();

const ok = new CacheableResponsePlugin({ statuses: [200] });
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isBrowsingRequest(url),
  new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS, plugins: [ok, new ExpirationPlugin({ maxEntries: PAGE_CACHE_ENTRIES })] }),
);
registerRoute(({ url }) => url.origin === self.location.origin && isCatalogRequest(url), new StaleWhileRevalidate({ cacheName: 'catalog', plugins: [ok] }));
registerRoute(
  ({ url }) => url.origin === self.location.origin && isImageRequest(url),
  new CacheFirst({ cacheName: 'images', plugins: [ok, new ExpirationPlugin({ maxEntries: IMAGE_CACHE_ENTRIES, maxAgeSeconds: IMAGE_CACHE_SECONDS, purgeOnQuotaError: true })] }),
);
// every other page asks the server, and offline says what needs a connection (below)
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());
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
  event.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, icon: '/icons/192.png', data: { url: notice.url }, ...(notice.tag ? { tag: notice.tag } : {}) }));
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
