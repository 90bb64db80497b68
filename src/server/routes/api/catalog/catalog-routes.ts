import type { FastifyPluginAsync } from 'fastify';
import { precompressedEncoding } from '../../../plugins/compression.ts';
import type { CatalogCache } from '../../../services/catalog-cache.ts';

/**
 * GET /api/catalog → {products[], categories[]} (§7). Served from bytes made once per
 * catalog version, precompressed, with a strong ETag per representation and 304 on match.
 */
export const catalogRoutes: FastifyPluginAsync<{ catalog: CatalogCache }> = async (app, { catalog }) => {
  app.get('/catalog', { config: { compress: false } }, async (req, reply) => {
    const entry = await catalog.get();
    const encoding = precompressedEncoding(req.headers['accept-encoding']);
    const etag = `"${entry.etag}${encoding ? `-${encoding}` : ''}"`;
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', etag);
    if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.json);
  });
};

/** True when If-None-Match names any representation of this version (weak or strong). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '').replace(/"/g, '').replace(/-(br|gzip)$/, '') === tag);
}
