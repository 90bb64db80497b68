import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/**
 * The yardstick for the catalog route: the same framework serving the same bytes as a
 * plain file (STATIC_DIR holds catalog.json and its .br), so the difference left is
 * what the app does per request. Run as a child process by catalog-vs-static.ts.
 */
const root = process.env.STATIC_DIR;
if (!root) throw new Error('STATIC_DIR is required');

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root, preCompressed: true, index: false });
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
