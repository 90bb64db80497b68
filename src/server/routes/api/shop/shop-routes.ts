import type { FastifyPluginAsync } from 'fastify';
import type { ConfigResult } from '../../../../domain/shop-config.ts';

/** GET /api/shop: the public shop config. Secrets never enter the config file, so all of it is public. */
export const shopRoutes: FastifyPluginAsync<{ config: ConfigResult }> = async (app, { config }) => {
  app.get('/shop', async (_req, reply) => {
    if (!config.ok) return reply.code(503).send({ error: 'shop_config_invalid', messages: config.issues.map((i) => i.message) });
    return reply.header('cache-control', 'no-cache').send(config.config);
  });
};
