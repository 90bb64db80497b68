import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S, createAccessTokens } from './access-tokens.ts';

const secret = randomBytes(32);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access tokens', () => {
  it('an issued token verifies with its user and role until it expires', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z');
    const tokens = createAccessTokens(secret, { clock: () => now });
    const token = await tokens.issue({ userId: 'u1', role: 'customer', sessionId: 's1' });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { userId: 'u1', role: 'customer', sessionId: 's1' } });
    now += (ACCESS_TOKEN_TTL_S - 1) * 1000;
    expect((await tokens.verify(token)).ok).toBe(true);
    now += 2000;
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses tampered tokens: no algorithm, another algorithm, another key, another type, edited claims', async () => {
    const tokens = createAccessTokens(secret);
    const good = await tokens.issue({ userId: 'u1', role: 'customer', sessionId: 's1' });
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const base = () =>
      new SignJWT({ role: 'customer' }).setSubject('u1').setIssuer('storefront').setAudience('storefront-api').setIssuedAt().setExpirationTime('10m');
    const forged = [
      // alg none
      new UnsecuredJWT({ ...claims }).setSubject('u1').encode(),
      `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.`,
      // the same key with another HMAC algorithm
      await base().setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).sign(secret),
      // another key
      await base().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(randomBytes(32)),
      // another token type (a refresh or id token is never an access token)
      await base().setProtectedHeader({ alg: 'HS256', typ: 'rt+jwt' }).sign(secret),
      await base().setProtectedHeader({ alg: 'HS256' }).sign(secret),
      // claims edited after signing: another user, the owner's role
      `${header}.${b64({ ...claims, sub: 'u2' })}.${signature}`,
      `${header}.${b64({ ...claims, role: 'owner' })}.${signature}`,
      'not a token',
      '',
    ];
    for (const token of forged) expect(await tokens.verify(token), token).toEqual({ ok: false, reason: 'invalid' });
  });

  it('an expired token with a bad signature is invalid, not expired (only a genuine one may be refreshed)', async () => {
    const tokens = createAccessTokens(secret);
    const old = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('u1')
      .setIssuer('storefront')
      .setAudience('storefront-api')
      .setIssuedAt(1)
      .setExpirationTime(2)
      .sign(randomBytes(32));
    expect(await tokens.verify(old)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is refused as soon as its session has ended; one from before tokens named their session is sent to refresh', async () => {
    const ended = new Set<string>();
    const tokens = createAccessTokens(secret, { sessionEnded: async (id) => ended.has(id) });
    const token = await tokens.issue({ userId: 'u1', role: 'customer', sessionId: 's1' });
    expect((await tokens.verify(token)).ok).toBe(true);
    ended.add('s1');
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });

    const unnamed = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('u1')
      .setIssuer('storefront')
      .setAudience('storefront-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    expect(await tokens.verify(unnamed)).toEqual({ ok: false, reason: 'expired' });
  });

  it('needs a secret of at least 32 bytes', () => {
    expect(() => createAccessTokens(randomBytes(16))).toThrow(/32 bytes/);
  });
});
