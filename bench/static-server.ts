import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/**
 * The yardstick for the app's routes: the same framework serving the same bytes as a
 * plain file (STATIC_DIR holds e.g. catalog.json and its .br), so the difference left is
 * what the app does per request. STATIC_HEADERS (a JSON object) adds headers to every
 * answer, so a page is served with the headers the app sent with it. Run as a child
 * process by catalog-vs-static.ts and ssr.ts.
 */
const root = process.env.STATIC_DIR;
if (!root) throw new Error('STATIC_DIR is required');
const extra = JSON.parse(process.env.STATIC_HEADERS || '{}') as Record<string, string>;

const app = Fastify({ logger: false });
if (Object.keys(extra).length) {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(extra);
    return payload;
  });
}
await app.register(fastifyStatic, { root, preCompressed: true, index: false });
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
