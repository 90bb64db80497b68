import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database.ts';

/** GET /healthz: 200 when the database answers, 503 otherwise (for load balancers and systemd). */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/healthz', { logLevel: 'warn' }, async (req, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: db.dialect });
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: db.dialect });
    }
  });
};
