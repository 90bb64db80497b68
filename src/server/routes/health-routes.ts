import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigIssue } from '../../domain/shop-config.ts';
import type { Db } from '../db/database.ts';

type Options = {
  db: Db;
  /** What is wrong with the shop config when no valid one has been in use since the start; null while the shop runs on one. */
  configProblems: () => ConfigIssue[] | null;
};

/**
 * GET /healthz: 200 when the database answers and the shop runs on a valid config, 503
 * otherwise, with the reasons (for load balancers, Docker and systemd). A shop that keeps
 * running on its last valid config while the file is wrong is healthy: it serves (decision 048).
 */
export const healthRoutes: FastifyPluginAsync<Options> = async (app, { db, configProblems }) => {
  app.get('/healthz', { logLevel: 'warn' }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const issues = configProblems();
    if (issues) return reply.code(503).send({ status: 'unavailable', database: db.dialect, config: 'invalid', issues });
    try {
      await sql`select 1`.execute(db.kysely);
      return reply.send({ status: 'ok', database: db.dialect });
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: db.dialect });
    }
  });
};
