import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases.ts';
import { insertUser } from '../../testing/users.ts';
import type { Db } from '../database.ts';
import { createRefreshTokenRepository, type RefreshTokenRepository } from './refresh-token-repository.ts';

// the rules the repository keeps: a login lasts 30 days; a refresh token used again within 30 s is a retry, not a theft
const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const REUSE_LEEWAY_MS = 30 * 1000;

describe.each(testDatabases)('refresh tokens on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let tokens: RefreshTokenRepository;
  let users = 0;
  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    tokens = createRefreshTokenRepository(db, randomBytes(32));
  });
  afterAll(async () => dispose?.());

  async function newUser(): Promise<string> {
    const id = `user-${++users}`;
    await insertUser(db, { id, role: 'customer', name: 'Asha' });
    return id;
  }

  it('each use gives a new token; the family ends 30 days after the login, however often it was used', async () => {
    const t0 = Date.parse('2026-11-01T00:00:00Z');
    const first = await tokens.issue(await newUser(), t0);
    const second = await tokens.rotate(first.token, t0 + 1000);
    expect(second).toMatchObject({ ok: true, userId: first.userId, sessionId: first.sessionId, expiresAt: t0 + REFRESH_FAMILY_TTL_MS });
    if (!second.ok) throw new Error('rotation failed');
    expect(second.token).not.toBe(first.token);
    const late = await tokens.rotate(second.token, t0 + REFRESH_FAMILY_TTL_MS);
    expect(late).toEqual({ ok: false, reason: 'expired' });
    // only a hash is stored
    const stored = await db.kysely.selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', first.userId).execute();
    for (const row of stored) expect([first.token, second.token]).not.toContain(row.token_hash);
  });

  it('a family over for more than a day leaves no rows once 100 more logins have come; a live one and one just ended are kept', async () => {
    const now = Date.parse('2026-12-20T10:00:00Z');
    const rowsOf = async (sessionId: string) => (await db.kysely.selectFrom('refresh_tokens').select('id').where('family_id', '=', sessionId).execute()).length;
    // a login 31 days ago, refreshed twice: over for a day; one 30 days and an hour ago: over for an hour
    const old = await tokens.issue(await newUser(), now - REFRESH_FAMILY_TTL_MS - 25 * 60 * 60 * 1000);
    const oldNext = await tokens.rotate(old.token, now - REFRESH_FAMILY_TTL_MS - 24 * 60 * 60 * 1000 - 1);
    if (!oldNext.ok) throw new Error('rotation failed');
    const ended = await tokens.issue(await newUser(), now - REFRESH_FAMILY_TTL_MS - 60 * 60 * 1000);
    const live = await tokens.issue(await newUser(), now - 1000);
    expect(await rowsOf(old.sessionId)).toBe(2);

    const shopper = await newUser();
    for (let i = 0; i < 100; i++) await tokens.issue(shopper, now);
    expect(await rowsOf(old.sessionId)).toBe(0);
    expect(await rowsOf(ended.sessionId)).toBe(1);
    // the swept token is refused as any unknown one; the live login goes on
    expect(await tokens.rotate(oldNext.token, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.rotate(ended.token, now)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.rotate(live.token, now)).toMatchObject({ ok: true, sessionId: live.sessionId });
  });

  it('two tabs refreshing with the same token at once both go on, with one and the same next token', async () => {
    const t0 = Date.now();
    const first = await tokens.issue(await newUser(), t0);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => tokens.rotate(first.token, t0 + 10 * i)));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true]);
    expect(new Set(answers.map((a) => a.ok && a.token)).size).toBe(1);
  });

  it('a copy replayed within the leeway gets no chain of its own: used again later, it ends the session', async () => {
    const t0 = Date.now();
    const first = await tokens.issue(await newUser(), t0);
    const shopper = await tokens.rotate(first.token, t0 + 1000);
    const thief = await tokens.rotate(first.token, t0 + 2000);
    if (!shopper.ok || !thief.ok) throw new Error('rotation failed');
    const later = await tokens.rotate(shopper.token, t0 + 60_000);
    expect(later.ok).toBe(true);
    expect(await tokens.rotate(thief.token, t0 + 120_000)).toEqual({ ok: false, reason: 'reused', sessionId: first.sessionId });
    if (later.ok) expect(await tokens.rotate(later.token, t0 + 121_000)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.isRevoked(first.sessionId)).toBe(true);
  });

  it('a token used again after the leeway revokes the whole family', async () => {
    const t0 = Date.now();
    const first = await tokens.issue(await newUser(), t0);
    const second = await tokens.rotate(first.token, t0 + 1000);
    if (!second.ok) throw new Error('rotation failed');
    // the stolen copy of the first token comes back later
    expect(await tokens.rotate(first.token, t0 + 1000 + REUSE_LEEWAY_MS + 1)).toEqual({ ok: false, reason: 'reused', sessionId: first.sessionId });
    // the shopper's own current token is dead too
    expect(await tokens.rotate(second.token, t0 + 2000 + REUSE_LEEWAY_MS)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('logout ends the family; a password reset ends every session of the user', async () => {
    const user = await newUser();
    const phone = await tokens.issue(user);
    const laptop = await tokens.issue(user);
    const since = Date.now();
    expect(await tokens.revokeFamilyOf(phone.token)).toBe(phone.sessionId);
    expect(await tokens.rotate(phone.token)).toEqual({ ok: false, reason: 'invalid' });
    expect((await tokens.rotate(laptop.token)).ok).toBe(true);
    const tablet = await tokens.issue(user);
    expect((await tokens.revokeUser(user)).sort()).toEqual([laptop.sessionId, tablet.sessionId].sort());
    expect(await tokens.rotate(tablet.token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.revokedSince(since)).toEqual(expect.arrayContaining([phone.sessionId, laptop.sessionId, tablet.sessionId]));
  });

  it('an unknown token is invalid', async () => {
    expect(await tokens.rotate('no-such-token')).toEqual({ ok: false, reason: 'invalid' });
  });
});
