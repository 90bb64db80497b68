import type { FastifyPluginAsync } from 'fastify';
import type { ShopConfigHolder } from '../../shop-config-holder.ts';

type Options = { holder: ShopConfigHolder };

/**
 * GET /admin/api/config (decision 048): whether the shop runs on its config file, and what
 * is wrong with the file, for the owner's banner. `state`: `ok` (the file is in use),
 * `last-good` (the file is invalid; the shop runs on the last valid config) or `none` (no
 * valid config since the start: shoppers see the error screen). Answers without a valid
 * config too, so the owner can read why.
 */
export const ownerConfigRoutes: FastifyPluginAsync<Options> = async (app, { holder }) => {
  app.get('/config', async (_req, reply) => {
    const problems = holder.problems();
    const state = !holder.config() ? 'none' : problems.length ? 'last-good' : 'ok';
    return reply.header('cache-control', 'no-store').send({ success: true, state, file: holder.file, problems });
  });
};
