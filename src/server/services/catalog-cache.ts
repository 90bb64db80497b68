import { createHash, type Hash } from 'node:crypto';
import zlib from 'node:zlib';
import type { CatalogData } from '../../domain/storefront-context.ts';
import { shopperCatalog } from '../db/repositories/catalog-read.ts';
import type { CatalogRepository } from '../db/repositories/catalog-repository.ts';

/**
 * The catalog serialised once per version, with its compressed forms and a strong ETag.
 * Only the compressed forms are kept (decision 055): `json`, which nearly no client asks
 * for (every browser sends Accept-Encoding), is unpacked from `gzip` when it is read.
 */
export type CatalogEntry = {
  data: CatalogData;
  /** The JSON itself: a getter that unpacks `gzip` on every read (about 15 ms for 10k products, 6 MB), so read it once per response. */
  readonly json: Buffer;
  /** `json`'s length in bytes, without unpacking it. */
  jsonLength: number;
  gzip: Buffer;
  br: Buffer;
  /** Without quotes or encoding suffix; each representation gets its own strong tag. */
  etag: string;
  /** The database's catalog version it was built from. */
  dbVersion: string;
  /** When the shoppers' view of it changes by the clock alone (a "sold out today" ends, a banner's window opens or closes); Infinity if never. */
  changesAt: number;
};

/**
 * About 30 KB of JSON (60 KB as a UTF-16 string): below V8's large-object size, so each
 * slice's text dies young in the new space instead of waiting in the old one for a full
 * collection.
 */
const SLICE = 50;

/**
 * `JSON.stringify({ products, categories })` a slice of products at a time, as bytes. The
 * whole text as one string would be held twice over while it is made: a catalog with any
 * character beyond Latin-1 (₹) is a UTF-16 string, 12 MB for 10k products, on top of its
 * 6 MB of bytes.
 * @internal Exported for its unit test only (a test seam): the JSON is checked byte for byte at each slice boundary, without a catalog repository.
 */
export function* serialisedParts({ products, categories }: { products: readonly unknown[]; categories: readonly unknown[] }): Generator<Buffer> {
  yield Buffer.from('{"products":[');
  for (let i = 0; i < products.length; i += SLICE) {
    yield Buffer.from(`${i ? ',' : ''}${JSON.stringify(products.slice(i, i + SLICE)).slice(1, -1)}`);
  }
  yield Buffer.from(`],"categories":${JSON.stringify(categories)}}`);
}

/** A compressor fed part by part, and the bytes it made. */
function compressor(stream: zlib.Gzip | zlib.BrotliCompress) {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
  // a failed compression must not be an unhandled rejection while parts are still written
  done.catch(() => undefined);
  return {
    /** Resolves once the stream takes more: a part waits there instead of piling up in memory. */
    write: (part: Buffer) => (stream.write(part) ? null : new Promise<void>((resolve) => stream.once('drain', resolve))),
    end: () => {
      stream.end();
      return done;
    },
  };
}

/**
 * The catalog's JSON in gzip and brotli, and its length and SHA-256, made part by part: the
 * whole JSON (6 MB for 10k products) is never in memory at once, and is not kept.
 * Brotli quality 8, not 9: about as small (the demo's catalog 2 % larger, 10k products 142 KB
 * instead of 161 KB) in a fifth of the time and 60 % of the memory. Every order changes the
 * stock, so this runs after each one.
 * @internal Exported for its unit test only (a test seam): the part-by-part compression is checked against zlib, without a catalog repository.
 */
export async function compressCatalog(parts: Iterable<Buffer>, sizeHint: number): Promise<{ gzip: Buffer; br: Buffer; length: number; hash: Hash }> {
  const gz = compressor(zlib.createGzip({ level: 9 }));
  const br = compressor(zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 8, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } }));
  const hash = createHash('sha256');
  let length = 0;
  for (const part of parts) {
    hash.update(part);
    length += part.length;
    const waits = [gz.write(part), br.write(part)].filter((w) => w !== null);
    if (waits.length > 0) await Promise.all(waits);
  }
  const [gzip, brotli] = await Promise.all([gz.end(), br.end()]);
  return { gzip, br: brotli, length, hash };
}

/**
 * About how long a catalog's JSON is, from its first slice: brotli told the size makes the
 * 10k products' 161 KB instead of 169 KB; a rebuild is told the last build's exact length.
 */
function estimatedLength(products: readonly unknown[]): number {
  const first = products.slice(0, SLICE);
  return first.length === 0 ? 0 : Math.round((Buffer.byteLength(JSON.stringify(first)) * products.length) / first.length);
}

/**
 * An entry whose `json` is unpacked from `gzip` each time it is read: kept for no one, each
 * copy goes with the young generation once sent, where a cached one (even behind a WeakRef)
 * would stay until a full collection.
 */
function catalogEntry(fields: Omit<CatalogEntry, 'json'>): CatalogEntry {
  return Object.defineProperty(fields, 'json', { enumerable: true, get: (): Buffer => zlib.gunzipSync(fields.gzip) }) as CatalogEntry;
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
    const { gzip, br, length, hash } = await compressCatalog(serialisedParts(data), entry?.jsonLength ?? estimatedLength(data.products));
    // the banners too, though /api/catalog does not carry them: the page cache is keyed by
    // this tag, and the home page shows them (a banner edited or its window passed)
    const etag = hash.update(JSON.stringify(data.banners)).digest('base64url').slice(0, 27);
    // the shoppers' version is the database's with "~<instant>" when the clock will change the view
    const changesAt = data.version === snapshot.version ? Infinity : Number(data.version.slice(snapshot.version.length + 1));
    return catalogEntry({ data, jsonLength: length, gzip, br, etag, dbVersion: snapshot.version, changesAt });
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
