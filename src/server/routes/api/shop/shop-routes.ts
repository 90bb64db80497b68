import type { FastifyPluginAsync } from 'fastify';
import type { ShopConfig } from '../../../../domain/shop-config.ts';

/**
 * GET /api/shop: the public shop config, as it is now (a reload changes it). Secrets never
 * enter the config file, so all of it is public. Without a valid config the guard answers 503.
 */
export const shopRoutes: FastifyPluginAsync<{ shop: () => ShopConfig }> = async (app, { shop }) => {
  app.get('/shop', async (_req, reply) => reply.header('cache-control', 'no-cache').send(shop()));
};
