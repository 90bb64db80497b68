import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokens } from '../services/access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request, set by `requireUser`. */
    userId?: string;
    /** The session (login) the request's access token belongs to, set by `requireUser`. */
    sessionId?: string;
  }
}

/** §8: the browser refreshes its session on a 401 whose body says this, and logs out on any other 401. */
export const ACCESS_TOKEN_EXPIRED = 'access token expired';

/** The token of `Authorization: Bearer …` (an access token or an order's notification token), or undefined. */
export const bearerToken = (header: string | undefined) => /^Bearer\s+(\S{1,4096})$/i.exec(header ?? '')?.[1];

/**
 * Who is calling: the user and session of a valid access token, null without one, or the
 * 401 to answer (an expired token says so, for the one refresh §4 asks for; a token of a
 * session that ended is invalid).
 */
export async function sessionOf(req: FastifyRequest, tokens: AccessTokens): Promise<{ userId: string; sessionId: string } | { userId: null } | { reply: { status: 401; body: object } }> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return { userId: null };
  const check = await tokens.verify(token);
  if (check.ok) return { userId: check.claims.userId, sessionId: check.claims.sessionId };
  const body = check.reason === 'expired' ? { success: false, errorCode: 'access_token_expired', errorMessage: ACCESS_TOKEN_EXPIRED } : { success: false, errorCode: 'invalid_credentials', errorMessage: 'Invalid credentials' };
  return { reply: { status: 401, body } };
}

/** A preHandler for user-scoped routes: sets `req.userId`, or answers 401 (§8 'Invalid credentials' without a user). */
export function requireUser(tokens: AccessTokens) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionOf(req, tokens);
    if ('reply' in session) return reply.code(session.reply.status).send(session.reply.body);
    if (!session.userId) return reply.code(401).send({ success: false, errorCode: 'invalid_credentials', errorMessage: 'Invalid credentials' });
    req.userId = session.userId;
    req.sessionId = session.sessionId;
  };
}
