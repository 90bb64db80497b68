import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens (issue 5): short-lived JWTs signed with HS256 and a server secret.
 * Verification allows only that algorithm, checks issuer, audience and the token type
 * (`at+jwt`, so a refresh token or any other JWT of ours is never taken for one), and
 * tells an expired token apart from a bad one: the browser refreshes only the first.
 *
 * Each token names its session (`sid`, the refresh-token family of the login) and is
 * refused the moment that session ends (logout, password reset, a copied refresh token;
 * issue 20), not when it expires.
 */

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ALGORITHM = 'HS256';
const TYPE = 'at+jwt';
const ISSUER = 'storefront';
const AUDIENCE = 'storefront-api';

export type AccessClaims = { userId: string; role: 'customer' | 'owner'; sessionId: string };
export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

type Options = {
  clock?: () => number;
  /** How long a token lives (ACCESS_TOKEN_TTL_SECONDS; 15 minutes unless the owner shortens it). */
  ttlSeconds?: number | undefined;
  /** Whether the session has ended (services/sessions.ts); checked on every verification. */
  sessionEnded?: (sessionId: string) => Promise<boolean>;
};

export function createAccessTokens(secret: Uint8Array, { clock = Date.now, ttlSeconds = ACCESS_TOKEN_TTL_S, sessionEnded = async () => false }: Options = {}) {
  if (secret.length < 32) throw new Error('The access-token secret must be at least 32 bytes');
  const nowSeconds = () => Math.floor(clock() / 1000);
  return {
    async issue(claims: AccessClaims): Promise<string> {
      const now = nowSeconds();
      return new SignJWT({ role: claims.role, sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(secret);
    },

    async verify(token: string): Promise<AccessCheck> {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          typ: TYPE,
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(clock()),
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
      const role = payload.role === 'owner' ? 'owner' : payload.role === 'customer' ? 'customer' : null;
      if (!role || typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
      // a genuine token from before sessions were named: the browser refreshes it into one that names its session
      if (typeof payload.sid !== 'string') return { ok: false, reason: 'expired' };
      if (await sessionEnded(payload.sid)) return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { userId: payload.sub, role, sessionId: payload.sid } };
    },

    /** Whether a session has ended since its token was checked: for what outlives one request, like the owner's live feed. */
    sessionEnded,
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
