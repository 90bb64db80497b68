import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRepository } from '../db/repositories/user-repository.ts';
import { API_NOT_FOUND } from '../routes/not-found.ts';
import type { AccessTokens } from '../services/access-tokens.ts';
import { ACCESS_TOKEN_EXPIRED, sessionOf } from './user-session.ts';

/**
 * Only the shop's owner gets past: anyone else (a guest, a shopper) gets the same 404 as
 * a path that does not exist, so the owner's calls are not even seen. The role is read
 * from the database on every call (decision 024). An expired token still answers 401, so
 * the owner's page can refresh it. routes/admin/owner-api.ts runs it once for all of /admin/api, as an onRequest
 * hook: before the body is read and the schemas, so bad input (or a 10 MB upload) from anyone
 * else gets that 404 too, not a 400 naming the call's fields.
 */
export function requireOwner(tokens: AccessTokens, users: UserRepository) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionOf(req, tokens);
    if ('reply' in session && session.reply.body.errorCode === ACCESS_TOKEN_EXPIRED.errorCode) return reply.code(401).send(session.reply.body);
    const userId = 'userId' in session ? session.userId : null;
    if (!userId || !(await users.isOwner(userId))) return reply.code(404).send(API_NOT_FOUND);
    req.userId = userId;
    if ('sessionId' in session) req.sessionId = session.sessionId;
  };
}
