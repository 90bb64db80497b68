import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthErrorCode } from '../../domain/auth-messages.ts';
import type { AccessTokens } from '../services/access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request, set by `requireUser`. */
    userId?: string;
    /** The session (login) the request's access token belongs to, set by `requireUser`. */
    sessionId?: string;
  }
}

/**
 * The 401s in the auth calls' shape (spec §7 and §8). The browser tells an expired token by
 * its `errorCode` (decision 057), refreshes once and asks again; the words stay §8's.
 */
export const ACCESS_TOKEN_EXPIRED = {
  success: false,
  errorCode: 'access_token_expired',
  errorMessage: 'access token expired',
} as const satisfies SessionRefusal;
/** §8 'Invalid credentials': no user, or a token of a session that ended; the browser logs out. */
export const INVALID_CREDENTIALS = { success: false, errorCode: 'invalid_credentials', errorMessage: 'Invalid credentials' } as const satisfies SessionRefusal;
type SessionRefusal = { success: false; errorCode: AuthErrorCode; errorMessage: string };

/** The token of `Authorization: Bearer …` (an access token or an order's notification token), or undefined. */
export const bearerToken = (header: string | undefined) => /^Bearer\s+(\S{1,4096})$/i.exec(header ?? '')?.[1];

/**
 * Who is calling: the user and session of a valid access token, null without one, or the
 * 401 to answer (an expired token says so, for the one refresh §4 asks for; a token of a
 * session that ended is invalid).
 */
export async function sessionOf(
  req: FastifyRequest,
  tokens: AccessTokens,
): Promise<
  { userId: string; sessionId: string } | { userId: null } | { reply: { status: 401; body: typeof ACCESS_TOKEN_EXPIRED | typeof INVALID_CREDENTIALS } }
> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return { userId: null };
  const check = await tokens.verify(token);
  if (check.ok) return { userId: check.claims.userId, sessionId: check.claims.sessionId };
  return { reply: { status: 401, body: check.reason === 'expired' ? ACCESS_TOKEN_EXPIRED : INVALID_CREDENTIALS } };
}

/** A preHandler for user-scoped routes: sets `req.userId`, or answers 401 (§8 'Invalid credentials' without a user). */
export function requireUser(tokens: AccessTokens) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionOf(req, tokens);
    if ('reply' in session) return reply.code(session.reply.status).send(session.reply.body);
    if (!session.userId) return reply.code(401).send(INVALID_CREDENTIALS);
    req.userId = session.userId;
    req.sessionId = session.sessionId;
  };
}
