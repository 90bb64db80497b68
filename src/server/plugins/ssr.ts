import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ShopConfig } from '../../domain/shop-config.ts';
import { localDate } from '../../domain/booking.ts';
import { resolveLanguage } from '../../domain/language.ts';
import { orderingClosed } from '../../domain/ordering-hours.ts';
import type { StorefrontContext } from '../../domain/storefront-context.ts';
import { publicOrigin } from '../public-origin.ts';
import { precompressedEncoding } from './compression.ts';
import { allowPageScripts } from './security-headers.ts';
import type { CatalogCache } from '../services/catalog-cache.ts';
import { createPageCache, type CachedPage, type PageKey } from '../services/page-cache.ts';
import { pageCatalog } from '../services/page-stock.ts';
import type { StoreState } from '../services/store-state.ts';
import type { RunningShop } from '../running-shop.ts';
import { STAND_IN_SHOP } from '../shop-config-holder.ts';

type Options = {
  build: ServerBuild;
  running: RunningShop;
  catalog: CatalogCache;
  storeState: StoreState;
  publicUrl?: string | undefined;
  codes: StorefrontContext['codes'];
  clock?: (() => number) | undefined;
};

/**
 * Every path no other route claims goes to React Router, which renders the page on the
 * server (and answers its client-side data requests). Fastify speaks Node streams and
 * React Router speaks Fetch, so this plugin translates both ways.
 *
 * The inputs of a render are read once, up front, so that a page and its cache key agree:
 * a GET answered 200 without cookies is kept, compressed, and served to the next asker of
 * the same key without rendering (decision 028). The config is one of those inputs: a
 * reload makes every page afresh (decision 048). The catalog's stock is keyed per page, by
 * what that page shows of it: an order makes only those pages again (decision 053).
 *
 * With no valid config since the start, shoppers' pages are the error screen, but /admin
 * is drawn with a stand-in shop so the owner can log in and read what is wrong.
 */
export const ssr: FastifyPluginAsync<Options> = async (app, { build, running, catalog, storeState, publicUrl, codes, clock = Date.now }) => {
  const handle = createRequestHandler(build, 'production');
  const pages = createPageCache();

  // Form posts reach route actions as they came, so this scope parses no bodies itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      const [entry, storeOpen] = await Promise.all([catalog.get(), storeState.isOpen()]);
      const configVersion = running.version();
      const shop = running.current() ?? (isOwnerPage(req.url) ? STAND_IN_SHOP : null);
      const { locale, language } = resolveLanguage(req.headers.cookie, shop?.localeConfig.defaultLocale ?? 'en-US');
      const origin = publicOrigin(req, publicUrl);
      const ordering = orderingNotice(running.current(), clock());
      const forPages = pageCatalog(entry.data);
      const key: PageKey | null =
        req.method === 'GET'
          ? {
              catalogVersion: forPages.version,
              stock: forPages.stockOf(req.url),
              configVersion,
              storeOpen,
              ordering: orderingKey(running.current(), ordering),
              language,
              origin,
              url: req.url,
            }
          : null;
      const cached = key && pages.get(key);
      if (cached) return sendPage(req, reply, cached);

      const context: StorefrontContext = {
        shop,
        catalog: async () => entry.data,
        storeOpen: async () => storeOpen,
        ordering,
        locale,
        language,
        origin,
        codes,
        scriptMarker: randomBytes(18).toString('base64url'),
      };
      const response = await handle(toFetchRequest(req, reply), context);
      const headers = responseHeaders(response);
      let body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      if (body && /^text\/html/.test(response.headers.get('content-type') ?? '')) {
        const csp = reply.getHeader('content-security-policy');
        const page = allowPageScripts(typeof csp === 'string' ? csp : '', body.toString('utf8'), context.scriptMarker);
        body = Buffer.from(page.html);
        if (typeof csp === 'string') headers.push(['content-security-policy', page.csp]);
      }
      if (key && body && response.status === 200 && !response.headers.has('set-cookie')) {
        return sendPage(req, reply, await pages.put(key, headers, body));
      }
      reply.status(response.status);
      for (const [name, value] of headers) reply.header(name, value);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.send(body);
    },
  });
};

/** The ordering hours' side of a render: null while the shop takes orders by its hours. */
function orderingNotice(shop: ShopConfig | null, now: number): StorefrontContext['ordering'] {
  const closed = shop ? orderingClosed(shop, now) : null;
  return closed && { opensAt: closed.opensAt, at: now };
}

/** What the notice's words depend on: when ordering opens, and the shop's date ("today", "tomorrow", a weekday). */
function orderingKey(shop: ShopConfig | null, ordering: StorefrontContext['ordering']): string {
  if (!ordering || !shop) return '';
  return `${ordering.opensAt ?? 'never'}@${localDate(ordering.at, shop.timeZone)}`;
}

const isOwnerPage = (url: string) => url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?') || url.startsWith('/admin.data');

/** The response's headers but its cookies, which are never cached and go out one by one. */
function responseHeaders(response: Response): Array<[string, string]> {
  return [...response.headers].filter(([name]) => name !== 'set-cookie');
}

function sendPage(req: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('vary', 'Accept-Encoding');
  const encoding = precompressedEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(gunzipSync(page.gzip));
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

function toFetchRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.body instanceof Readable) {
    init.body = Readable.toWeb(req.body) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}
