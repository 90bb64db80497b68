import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A rendered page in both encodings, with the headers it was sent with. */
export type CachedPage = { headers: ReadonlyArray<readonly [string, string]>; br: Buffer; gzip: Buffer };

/**
 * Everything a server-rendered page depends on (decisions 028, 053): the loaders read the
 * catalog (its version without the stock, and `stock`: what this page shows of the stock,
 * see page-stock.ts), the shop config (its version: a reload changes it, decision 048), the
 * open switch, the ordering hours' notice (`ordering`: when ordering opens and the shop's
 * date, which its words depend on; '' while open), the language and the origin, and the URL
 * picks the page. Who is logged in is known only in the browser.
 */
export type PageKey = {
  catalogVersion: string;
  stock: string;
  configVersion: number;
  storeOpen: boolean;
  ordering: string;
  language: string;
  origin: string;
  url: string;
};

/** About 600 product pages (≈ 27 KB each in brotli and gzip together). */
const MAX_BYTES = 16 * 1024 * 1024;
/** Larger pages (a catalog page of a very big shop) would crowd out everything else. */
const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * Rendered pages, compressed once and kept while the catalog and config versions they were
 * made from are current: a repeat visit costs a lookup instead of a render (about 8 ms of
 * CPU) and a compression. The least recently used pages go first when the cache is full;
 * the first request of a newer catalog (without its stock) or config version empties it,
 * and a page rendered from an older one is not kept. Stock is checked page by page: a page
 * is served only while what it shows of the stock is still so, so an order makes again only
 * the pages whose stock it changed (decision 053).
 */
export function createPageCache({ maxBytes = MAX_BYTES, maxPageBytes = MAX_PAGE_BYTES } = {}) {
  const pages = new LRUCache<string, { page: CachedPage; stock: string }>({
    maxSize: maxBytes,
    maxEntrySize: maxPageBytes,
    sizeCalculation: ({ page, stock }, key) => page.br.length + page.gzip.length + stock.length + key.length,
  });
  let generation = '';
  const generationOf = (key: PageKey) => `${key.catalogVersion} ${key.configVersion}`;
  const keyOf = (key: PageKey) => `${key.storeOpen ? 'open' : 'closed'} ${key.ordering} ${key.language} ${key.origin}${key.url}`;
  // the renders under way, each by everything its page depends on: its stock too
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  const renderKeyOf = (key: PageKey) => `${generationOf(key)} ${key.stock} ${keyOf(key)}`;

  return {
    get(key: PageKey): CachedPage | undefined {
      if (generationOf(key) !== generation) {
        pages.clear();
        generation = generationOf(key);
        return undefined;
      }
      const kept = pages.get(keyOf(key));
      return kept?.stock === key.stock ? kept.page : undefined;
    },
    /**
     * The page being rendered for this key right now, when one is: many requests for a page
     * nobody has yet (a flood, or every shopper after a catalog change) wait for one render
     * instead of making it each. Undefined when that render is not kept (a 404, a cookie):
     * then each asker renders its own.
     */
    rendered(key: PageKey): Promise<CachedPage | undefined> | undefined {
      return rendering.get(renderKeyOf(key));
    },
    /** Notes the render of `key`'s page under way until it settles (see `rendered`). */
    rendering(key: PageKey, page: Promise<CachedPage | undefined>): void {
      const at = renderKeyOf(key);
      rendering.set(at, page);
      const done = () => void (rendering.get(at) === page && rendering.delete(at));
      page.then(done, done);
    },
    /** Compresses the page (off the main thread) and keeps it, unless it is too big to keep. */
    async put(key: PageKey, headers: CachedPage['headers'], body: Buffer): Promise<CachedPage> {
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 6 }),
      ]);
      const page = { headers, br, gzip: gz };
      if (generationOf(key) === generation) pages.set(keyOf(key), { page, stock: key.stock });
      return page;
    },
  };
}
