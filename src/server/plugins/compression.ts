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
