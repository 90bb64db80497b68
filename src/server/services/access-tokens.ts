import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens (issue 5): short-lived JWTs signed with HS256 and a server secret.
 * Verification allows only that algorithm, checks issuer, audience and the token type
 * (`at+jwt`, so a refresh token or any other JWT of ours is never taken for one), and
 * tells an expired token apart from a bad one: the browser refreshes only the first.
 */

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ALGORITHM = 'HS256';
const TYPE = 'at+jwt';
const ISSUER = 'storefront';
const AUDIENCE = 'storefront-api';

export type AccessClaims = { userId: string; role: 'customer' | 'owner' };
export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** `ttlSeconds`: how long a token lives (ACCESS_TOKEN_TTL_SECONDS; 15 minutes unless the owner shortens it). */
export function createAccessTokens(secret: Uint8Array, { clock = Date.now, ttlSeconds = ACCESS_TOKEN_TTL_S }: { clock?: () => number; ttlSeconds?: number } = {}) {
  if (secret.length < 32) throw new Error('The access-token secret must be at least 32 bytes');
  const nowSeconds = () => Math.floor(clock() / 1000);
  return {
    async issue(claims: AccessClaims): Promise<string> {
      const now = nowSeconds();
      return new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(secret);
    },

    async verify(token: string): Promise<AccessCheck> {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], typ: TYPE, issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(clock()), requiredClaims: ['sub', 'exp', 'iat'] });
        const role = payload.role === 'owner' ? 'owner' : payload.role === 'customer' ? 'customer' : null;
        if (!role || typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { userId: payload.sub, role } };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
