/**
 * What the service worker keeps and what it shows, as plain functions: the worker
 * (`sw.ts`) wires them to Workbox, and unit tests read them without a browser.
 */

/**
 * Pages a shopper browses and may open again without a connection (§2 routes): the cover,
 * home, the catalog, products and the static pages. Checkout, the account, booking and
 * order views always ask the server; offline they say they need a connection.
 */
const browsingPage = /^\/(?:|home|catalog|faqs|t-and-c|privacy|p\/[^/]+)$/;

/**
 * A page or its data (React Router asks `/p/123.data` when the browser navigates, and
 * `/_root.data` for the root alone) that the worker keeps: the network first, the copy
 * when the network fails.
 * @internal Exported for its unit test only (a test seam): the worker's routes cannot run in a unit test; its rules are tested one by one.
 */
export function isBrowsingRequest(url: URL): boolean {
  const path = url.pathname.endsWith('.data') ? url.pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : url.pathname;
  return browsingPage.test(path);
}

/** Images (the shop's media and their resized copies): kept once fetched, for 30 days. */
const isImageRequest = (url: URL): boolean => url.pathname.startsWith('/media/') || url.pathname.startsWith('/img/');

/** The whole catalog (search, the catalog's filters and the cart's stock run on it). */
const isCatalogRequest = (url: URL): boolean => url.pathname === '/api/catalog';

const IMAGE_CACHE_SECONDS = 30 * 24 * 3600;
const IMAGE_CACHE_ENTRIES = 400;
const PAGE_CACHE_ENTRIES = 60;
/** A network slower than this is treated as absent for pages kept offline: the copy shows instead. */
const PAGE_NETWORK_TIMEOUT_SECONDS = 5;

/**
 * How the worker answers a request, which `sw.ts` hands to the Workbox strategy of that name:
 * the cache it keeps copies in, how long it waits for the network before the copy, and how
 * many copies it keeps for how long.
 */
export type Caching = {
  strategy: 'network-first' | 'cache-first' | 'network-only';
  cacheName?: string;
  networkTimeoutSeconds?: number;
  maxEntries?: number;
  maxAgeSeconds?: number;
};

/**
 * The worker's rule per request (decision 023; the catalog's, decision 042), or null to leave
 * it to the browser. The catalog carries the stock the cart and checkout judge lines by, so a
 * copy is never trusted while the server answers: network first, with no timeout, and the copy
 * only when the network fails (offline). The server's ETag keeps the usual answer a 304.
 */
export function cachingFor(url: URL, request: { method: string; mode: string }, origin: string): Caching | null {
  if (url.origin !== origin) return null;
  if (request.method === 'GET' && isBrowsingRequest(url))
    return { strategy: 'network-first', cacheName: 'pages', networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS, maxEntries: PAGE_CACHE_ENTRIES };
  if (request.method === 'GET' && isCatalogRequest(url)) return { strategy: 'network-first', cacheName: 'catalog' };
  if (isImageRequest(url)) return { strategy: 'cache-first', cacheName: 'images', maxEntries: IMAGE_CACHE_ENTRIES, maxAgeSeconds: IMAGE_CACHE_SECONDS };
  // every other page asks the server, and offline says what needs a connection
  if (request.mode === 'navigate') return { strategy: 'network-only' };
  return null;
}

/** The notification a push message shows (decision 022): only a same-site address is opened on click. */
export type PushNotice = { title: string; body: string; url: string; tag?: string };

export function readPushMessage(data: unknown, origin: string): PushNotice | null {
  if (!data || typeof data !== 'object') return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || !title) return null;
  let target = '/';
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url, origin);
      if (parsed.origin === origin) target = parsed.pathname + parsed.search + parsed.hash;
    } catch {
      // not an address: the shop's front page
    }
  }
  return { title, body: typeof body === 'string' ? body : '', url: target, ...(typeof tag === 'string' && tag ? { tag } : {}) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a page needs a connection for, in the shopper's words. */
function offlineReason(path: string): string {
  if (path.startsWith('/checkout')) return 'Checkout needs a connection. Your cart is kept on this device and no order has been placed.';
  if (path.startsWith('/appointment')) return 'Booking an appointment needs a connection. Nothing has been booked.';
  if (path.startsWith('/account') || path.startsWith('/guest')) return 'Your account and orders need a connection.';
  return 'This page has not been opened on this device before, so it needs a connection.';
}

/**
 * The page shown for a navigation that neither the network nor the cache can answer:
 * it says what needs a connection and links back to what works offline. While the
 * browser is online the shop's server did not answer: it says that, not "offline".
 */
export function offlinePage(path: string, online = false): string {
  const again = escapeHtml(path);
  const title = online ? 'The shop cannot be reached' : "You're offline";
  const reason = online ? "The shop's server did not answer. Please try again in a moment." : offlineReason(path);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:28rem;padding:1.5rem;text-align:center}a{display:inline-block;margin:.5rem;padding:.6rem 1rem;border-radius:.5rem;text-decoration:none;font-weight:600}a.primary{background:#1d4ed8;color:#fff}a.plain{color:#0f172a;border:1px solid #cbd5e1}</style></head>
<body><main><h1>${title}</h1><p>${escapeHtml(reason)}</p><p>Pages you have opened before, the catalog and your cart still work.</p><a class="primary" href="${again}">Try again</a><a class="plain" href="/catalog">Catalog</a></main></body></html>`;
}
