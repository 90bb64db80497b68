import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/**
 * Compresses dynamic answers (HTML, JSON). Quality stays low because it runs per
 * response; the catalog and static assets are compressed once, ahead of time, at full strength.
 */
export const compression = fp(async (app) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});

/**
 * The encoding to send bytes compressed ahead of time in: brotli, else gzip, else none
 * (`null`). For answers that carry their own compressed forms (the catalog, cached pages).
 */
export function precompressedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepts = acceptEncoding ?? '';
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}
