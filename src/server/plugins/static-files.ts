import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const YEAR = 365 * 24 * 3600;

/**
 * Built assets (hashed names: cached for a year, immutable, precompressed at build time),
 * the other files of the client build (the service worker, revalidated on every check), and the shop's media (images,
 * not content-hashed, so cached for 30 days and revalidated by ETag after that).
 */
export const staticFiles: FastifyPluginAsync<{ clientDir?: string | undefined; mediaDir?: string | undefined }> = async (app, { clientDir, mediaDir }) => {
  let decorated = false;
  const decorateReply = () => {
    const first = !decorated;
    decorated = true;
    return first;
  };
  if (clientDir && existsSync(path.join(clientDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      immutable: true,
      maxAge: YEAR * 1000,
      decorateReply: decorateReply(),
      index: false,
    });
  }
  if (clientDir && existsSync(clientDir)) {
    // top-level files only (favicon, manifest, service worker): one route each, so the
    // page catch-all keeps every other path
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      globIgnore: ['*/**/*'],
      preCompressed: true,
      // the service worker names every other file: a browser checking for a new version must see the new one
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', path.basename(filePath) === 'sw.js' ? 'no-cache' : 'public, max-age=3600'),
      decorateReply: decorateReply(),
      index: false,
    });
  }
  if (mediaDir && existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      maxAge: 30 * 24 * 3600 * 1000,
      decorateReply: decorateReply(),
      index: false,
    });
  }
};
