import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PACKAGE_ROOT } from '../package-root.ts';

/** The paths the document describes: the shop's API, the serverless calls, the owner's calls and the health check. */
const DOCUMENTED = /^\/(api|fn|admin\/api)\/|^\/healthz$/;

/** Where the document is served (both give the same JSON). */
const OPENAPI_PATHS = ['/api/docs', '/api/docs/openapi.json'] as const;

const version = (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const tagOf = (url: string) => (url.startsWith('/admin/api/') ? 'owner' : url.startsWith('/fn/') ? 'serverless' : url === '/healthz' ? 'health' : 'shop');

/**
 * The API described in OpenAPI 3.1 (issue 9), made from the routes' own zod schemas by
 * @fastify/swagger and fastify-type-provider-zod, and served as JSON at `GET /api/docs`.
 *
 * Registered before the routes: @fastify/swagger collects them as they are added. It
 * describes every call under /api, /fn and /admin/api, the owner's too (tagged `owner`):
 * the /admin page's public script names every one of them already, and what keeps them
 * the owner's is the role check on each call (decision 024), not their names. The
 * catch-all 404s, the page routes, static files and WebSockets are left out.
 */
export const openapi = fp<{ title?: string | undefined }>(async (app, { title }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${title ?? 'Storefront'} API`,
        version,
        description:
          'A refusal answers 4xx with `{success: false, error, message}` and what else it says (`fields[]` for bad input); bad input a schema caught, an unknown call and too many requests answer `{error, message}` alike, without `success`. ' +
          'The auth calls, and a 401 for an expired or ended session, answer `{success: false, errorCode, errorMessage}`: errorCode `access_token_expired` asks for one refresh and a retry (decision 057). ' +
          'Calls for a logged-in user take `Authorization: Bearer <access token>`; the owner’s calls (tag `owner`) answer anyone else 404, like a call that does not exist.',
      },
      tags: [
        { name: 'shop', description: 'The storefront’s calls (/api)' },
        { name: 'serverless', description: 'The order, payment, booking and analytics calls of the spec’s {serverless} origin (/fn)' },
        { name: 'owner', description: 'The shop owner’s calls (/admin/api): 404 for anyone but the owner' },
        { name: 'health', description: 'For load balancers' },
      ],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      // the token is optional for most calls, and required by the user's and the owner's
      security: [{}, { bearer: [] }],
    },
    transform: (document) => {
      const { url, route } = document;
      const wildcard = url.includes('*');
      const websocket = (route as { websocket?: boolean }).websocket === true;
      if (!DOCUMENTED.test(url) || wildcard || websocket || (OPENAPI_PATHS as readonly string[]).includes(url)) return { schema: { hide: true }, url };
      const transformed = jsonSchemaTransform(document);
      return { url: transformed.url, schema: { ...transformed.schema, tags: [tagOf(url)] } };
    },
  });

  for (const path of OPENAPI_PATHS) {
    app.get(path, { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));
  }
});
