import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ConfigResult } from '../../domain/shop-config.ts';
import type { StorefrontContext } from '../../domain/storefront-context.ts';
import { publicOrigin } from '../public-origin.ts';
import { scriptNonce } from './security-headers.ts';
import type { CatalogCache } from '../services/catalog-cache.ts';
import type { StoreState } from '../services/store-state.ts';

type Options = { build: ServerBuild; config: ConfigResult; catalog: CatalogCache; storeState: StoreState; publicUrl?: string | undefined };

/**
 * Every path no other route claims goes to React Router, which renders the page on the
 * server (and answers its client-side data requests). Fastify speaks Node streams and
 * React Router speaks Fetch, so this plugin translates both ways.
 */
export const ssr: FastifyPluginAsync<Options> = async (app, { build, config, catalog, storeState, publicUrl }) => {
  const handle = createRequestHandler(build, 'production');

  // Form posts reach route actions as they came, so this scope parses no bodies itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      const context: StorefrontContext = {
        shop: config.ok ? config.config : null,
        configIssues: config.ok ? [] : config.issues,
        catalog: async () => (await catalog.get()).data,
        storeOpen: () => storeState.isOpen(),
        cspNonce: scriptNonce(reply),
        origin: publicOrigin(req, publicUrl),
      };
      const response = await handle(toFetchRequest(req, reply), context);
      return sendFetchResponse(reply, response);
    },
  });
};

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

function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
