import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database.ts';
import { NOT_CONFIGURED } from '../shop-config-holder.ts';

type Options = {
  db: Db;
  /** Whether the shop runs on a valid config; false while none has been valid since the start. */
  configured: () => boolean;
};

/**
 * GET /healthz: 200 when the database answers and the shop runs on a valid config, 503
 * otherwise (for load balancers, Docker and systemd), saying only which: what is wrong with
 * the config is the owner's to read, in the log and on /admin. A shop that keeps running on
 * its last valid config while the file is wrong is healthy: it serves (decision 048).
 */
export const healthRoutes: FastifyPluginAsync<Options> = async (app, { db, configured }) => {
  app.get('/healthz', { logLevel: 'warn' }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!configured()) return reply.code(503).send({ status: 'unavailable', database: db.dialect, ...NOT_CONFIGURED });
    try {
      await sql`select 1`.execute(db.kysely);
      return reply.send({ status: 'ok', database: db.dialect });
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: db.dialect });
    }
  });
};
