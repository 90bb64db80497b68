import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ShopConfig } from '../../domain/shop-config.ts';
import { localDate } from '../../domain/booking.ts';
import { resolveLanguage } from '../../domain/language.ts';
import { orderingClosed } from '../../domain/ordering-hours.ts';
import type { StorefrontContext } from '../../domain/storefront-context.ts';
import { clientAddress } from '../client-address.ts';
import { publicOrigin } from '../public-origin.ts';
import { precompressedEncoding } from './compression.ts';
import { PAYING_PAGES } from '../../domain/payment-types.ts';
import { allowPageScripts, withSources, type ExtraSources } from './security-headers.ts';
import type { CatalogCache } from '../services/catalog-cache.ts';
import { pageAddress } from '../services/page-address.ts';
import { createPageCache, type CachedPage, type PageKey } from '../services/page-cache.ts';
import { pageCatalog } from '../services/page-stock.ts';
import type { SharedState } from '../services/shared-state.ts';
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
  whatsappUpdates: boolean;
  clock?: (() => number) | undefined;
  rateLimits: SharedState['rateLimits'];
  /** How many pages the cache does not have one client may have rendered in a window; 0: no limit. */
  renderLimit: RenderLimit;
  /** What a gateway's checkout needs on the pages a shopper pays on (Razorpay's script and frames), when the shop takes it. */
  paymentSources?: ExtraSources | undefined;
};

export type RenderLimit = { max: number; windowMs: number };

/**
 * A render of /home costs 40–70 ms of CPU (decision 077), a kept page a lookup: one client
 * may cause 20 renders in 10 s, 2 a second, about a tenth of a core at the dearest page — a
 * shopper clicking through pages nobody has asked for since the last catalog change is far
 * below it.
 */
export const RENDER_LIMIT: RenderLimit = { max: 20, windowMs: 10_000 };

/**
 * Every path no other route claims goes to React Router, which renders the page on the
 * server (and answers its client-side data requests). Fastify speaks Node streams and
 * React Router speaks Fetch, so this plugin translates both ways.
 *
 * The inputs of a render are read once, up front, so that a page and its cache key agree:
 * a GET answered 200 without cookies is kept, compressed, and served to the next asker of
 * the same key without rendering (decision 028). The config is one of those inputs: a
 * reload makes every page afresh (decision 048). The catalog's stock is keyed per page, by
 * what that page shows of it: an order makes only those pages again (decision 053). A page
 * is asked for by its path and the query parameters it reads (`pageAddress`), so unknown
 * ones (utm_*, fbclid …) neither make it again nor reach it; what a client may have
 * rendered that no cache had is limited, what is kept never (decision 077).
 *
 * With no valid config since the start, shoppers' pages are the error screen, but /admin
 * is drawn with a stand-in shop so the owner can log in and read what is wrong.
 */
export const ssr: FastifyPluginAsync<Options> = async (
  app,
  { build, running, catalog, storeState, publicUrl, codes, whatsappUpdates, clock = Date.now, rateLimits, renderLimit, paymentSources },
) => {
  const handle = createRequestHandler(build, 'production');
  const pages = createPageCache();

  await app.register(rateLimit, { ...rateLimits, global: false });
  const renders =
    renderLimit.max > 0
      ? app.createRateLimit({ max: renderLimit.max, timeWindow: renderLimit.windowMs, keyGenerator: (req) => `page-renders:${clientAddress(req.ip)}` })
      : null;
  /** Refuses a render past the client's limit: 429 with when to try again. */
  const mayRender = async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await renders?.(req);
    if (result && !result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw rateLimits.errorResponseBuilder!(req, { statusCode: 429, ban: false, max: result.max, ttl: result.ttl, after: `${result.ttlInSeconds} seconds` });
    }
  };

  /** Renders the page at `url` (the client's limit allowing), keeping it when it may be kept. */
  const render = async (req: FastifyRequest, reply: FastifyReply, url: string, context: StorefrontContext, key: PageKey | null) => {
    await mayRender(req, reply);
    const response = await handle(toFetchRequest(req, reply, url), context);
    const headers = responseHeaders(response);
    let body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    if (body && /^text\/html/.test(response.headers.get('content-type') ?? '')) {
      const header = reply.getHeader('content-security-policy');
      // Razorpay's Checkout runs only on the pages that pay
      const csp = typeof header === 'string' && paymentSources && PAYING_PAGES.test(url) ? withSources(header, paymentSources) : header;
      const page = allowPageScripts(typeof csp === 'string' ? csp : '', body.toString('utf8'), context.scriptMarker);
      body = Buffer.from(page.html);
      if (typeof csp === 'string') headers.push(['content-security-policy', page.csp]);
    }
    const kept = key && body && response.status === 200 && !response.headers.has('set-cookie') ? await pages.put(key, headers, body) : undefined;
    return { response, headers, body, kept };
  };

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
      // a form's post goes to its action as it came
      const url = req.method === 'GET' || req.method === 'HEAD' ? pageAddress(req.url) : req.url;
      const key: PageKey | null =
        req.method === 'GET'
          ? {
              catalogVersion: forPages.version,
              stock: forPages.stockOf(url),
              configVersion,
              storeOpen,
              ordering: orderingKey(running.current(), ordering),
              language,
              origin,
              url,
            }
          : null;
      if (key) {
        const rendered = pages.rendered(key);
        const kept = pages.get(key) ?? (rendered && (await rendered));
        if (kept) return sendPage(req, reply, kept);
      }

      const context: StorefrontContext = {
        shop,
        catalog: async () => entry.data,
        storeOpen: async () => storeOpen,
        ordering,
        locale,
        language,
        origin,
        codes,
        whatsappUpdates,
        scriptMarker: randomBytes(18).toString('base64url'),
      };
      const made = render(req, reply, url, context, key);
      // askers of the same page meanwhile wait for this render; a refused or failed one leaves them to render their own
      if (key)
        pages.rendering(
          key,
          made.then(
            (m) => m.kept,
            () => undefined,
          ),
        );
      const { response, headers, body, kept } = await made;
      if (kept) return sendPage(req, reply, kept);
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

/** The request as React Router takes it, for `url` (the page's address: see pageAddress). */
function toFetchRequest(req: FastifyRequest, reply: FastifyReply, address: string): Request {
  const url = new URL(address, `${req.protocol}://${req.host}`);
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
