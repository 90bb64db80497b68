import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CatalogData } from '../../domain/storefront-context.ts';
import { shopperCatalog, type CatalogRepository } from '../db/repositories/catalog-repository.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The catalog serialised once per version, with its compressed forms and a strong ETag. */
export type CatalogEntry = {
  data: CatalogData;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Without quotes or encoding suffix; each representation gets its own strong tag. */
  etag: string;
  /** The database's catalog version it was built from. */
  dbVersion: string;
  /** When the shoppers' view of it changes by the clock alone (a "sold out today" ends, a banner's window opens or closes); Infinity if never. */
  changesAt: number;
};

const SLICE = 500;

/**
 * `JSON.stringify({ products, categories })` as bytes, made a slice of products at a time.
 * The whole text as one string would be held twice over while it is made: a catalog with
 * any character beyond Latin-1 (₹) is a UTF-16 string, 12 MB for 10k products, on top of
 * its 6 MB of bytes.
 */
export function serialise({ products, categories }: { products: readonly unknown[]; categories: readonly unknown[] }): Buffer {
  const parts = [Buffer.from('{"products":[')];
  for (let i = 0; i < products.length; i += SLICE) {
    parts.push(Buffer.from(`${i ? ',' : ''}${JSON.stringify(products.slice(i, i + SLICE)).slice(1, -1)}`));
  }
  parts.push(Buffer.from(`],"categories":${JSON.stringify(categories)}}`));
  return Buffer.concat(parts);
}

/**
 * Keeps the serialised catalog in memory. The database's version is looked up at most
 * once per `recheckMs`, so a change made elsewhere (the owner CLI, another instance)
 * shows within that time, while repeated requests cost no query and no serialisation.
 */
export function createCatalogCache(repo: CatalogRepository, options: { recheckMs?: number; clock?: (() => number) | undefined } = {}) {
  const recheckMs = options.recheckMs ?? 1000;
  const clock = options.clock ?? Date.now;
  let entry: CatalogEntry | null = null;
  let checkedAt = 0;
  let inFlight: Promise<CatalogEntry> | null = null;

  async function build(): Promise<CatalogEntry> {
    const snapshot = await repo.read();
    const data = shopperCatalog(snapshot, clock());
    const json = serialise(data);
    // Brotli quality 8, not 9: about as small (the demo's catalog 2 % larger, 10k products
    // 142 KB instead of 161 KB) in a fifth of the time and 60 % of the memory (+26 MB, not
    // +43 MB, while it runs). Every order changes the stock, so this runs after each one.
    const [gz, br] = await Promise.all([
      gzip(json, { level: 9 }),
      brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 8, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
    ]);
    // the banners too, though /api/catalog does not carry them: the page cache is keyed by
    // this tag, and the home page shows them (a banner edited or its window passed)
    const etag = createHash('sha256').update(json).update(JSON.stringify(data.banners)).digest('base64url').slice(0, 27);
    // the shoppers' version is the database's with "~<instant>" when the clock will change the view
    const changesAt = data.version === snapshot.version ? Infinity : Number(data.version.slice(snapshot.version.length + 1));
    return { data, json, gzip: gz, br, etag, dbVersion: snapshot.version, changesAt };
  }

  const ended = (e: CatalogEntry) => clock() >= e.changesAt;

  async function refresh(): Promise<CatalogEntry> {
    const version = await repo.version();
    checkedAt = Date.now();
    if (entry && entry.dbVersion === version && !ended(entry)) return entry;
    entry = await build();
    return entry;
  }

  return {
    async get(): Promise<CatalogEntry> {
      if (entry && Date.now() - checkedAt < recheckMs && !ended(entry)) return entry;
      // one rebuild at a time, however many requests arrive while it runs
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    /** Forget the cached version check, e.g. right after this process changed the catalog. */
    invalidate(): void {
      checkedAt = 0;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
