import type { FastifyPluginAsync } from 'fastify';
import { precompressedEncoding } from '../../../plugins/compression.ts';
import type { CatalogCache, CatalogEntry } from '../../../services/catalog-cache.ts';

type Encoding = 'br' | 'gzip' | 'identity';
/**
 * One representation of a catalog version: its bytes, and the headers of a 200 and of a 304.
 * The identity bytes are not kept (decision 063): 6 MB for 10k products, which nearly no
 * client asks for (every browser sends Accept-Encoding); `body` unpacks them per answer.
 */
type Representation = { body: () => Buffer; ok: Record<string, string>; notModified: Record<string, string> };

/**
 * GET /api/catalog → {products[], categories[]} (§7). Served from bytes made once per
 * catalog version, precompressed, with a strong ETag per representation and 304 on match.
 *
 * It is the call every shopper's browser makes, so its answer is made ahead too (decision
 * 052): the headers of each representation are worked out once per version, and the
 * route runs no compression hooks (its bytes are compressed already). The security
 * headers and the request id come from the app's hooks, as for every answer.
 */
export const catalogRoutes: FastifyPluginAsync<{ catalog: CatalogCache }> = async (app, { catalog }) => {
  const made = new WeakMap<CatalogEntry, Record<Encoding, Representation>>();
  const representations = (entry: CatalogEntry) => {
    let each = made.get(entry);
    if (!each) made.set(entry, (each = representationsOf(entry)));
    return each;
  };

  app.get('/catalog', { compress: false, decompress: false }, async (req, reply) => {
    const entry = await catalog.get();
    const representation = representations(entry)[precompressedEncoding(req.headers['accept-encoding']) ?? 'identity'];
    if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).headers(representation.notModified).send();
    return reply.headers(representation.ok).send(representation.body());
  });
};

function representationsOf(entry: CatalogEntry): Record<Encoding, Representation> {
  const of = (encoding: Encoding, length: number, body: () => Buffer): Representation => {
    const notModified = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      etag: `"${entry.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`,
    };
    const ok = { ...notModified, ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }), 'content-length': String(length) };
    return { body, ok, notModified };
  };
  return {
    br: of('br', entry.br.length, () => entry.br),
    gzip: of('gzip', entry.gzip.length, () => entry.gzip),
    identity: of('identity', entry.jsonLength, () => entry.json),
  };
}

/** True when If-None-Match names any representation of this version (weak or strong). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some(
    (t) =>
      t
        .trim()
        .replace(/^W\//, '')
        .replace(/"/g, '')
        .replace(/-(br|gzip)$/, '') === tag,
  );
}
