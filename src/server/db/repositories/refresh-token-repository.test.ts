import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases.ts';
import type { Db } from '../database.ts';
import { createRefreshTokenRepository, REFRESH_FAMILY_TTL_MS, REUSE_LEEWAY_MS, type RefreshTokenRepository } from './refresh-token-repository.ts';

describe.each(testDatabases)('refresh tokens on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let tokens: RefreshTokenRepository;
  let users = 0;
  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    tokens = createRefreshTokenRepository(db);
  });
  afterAll(async () => dispose?.());

  async function newUser(): Promise<string> {
    const id = `user-${++users}`;
    await db.kysely.insertInto('users').values({ id, name: 'Asha', email: `${id}@example.com`, phone: null, password_hash: null, role: 'customer', email_verified: 1, phone_verified: 0, created_at: 0 }).execute();
    return id;
  }

  it('each use gives a new token; the family ends 30 days after the login, however often it was used', async () => {
    const t0 = Date.parse('2026-11-01T00:00:00Z');
    const first = await tokens.issue(await newUser(), t0);
    const second = await tokens.rotate(first.token, t0 + 1000);
    expect(second).toMatchObject({ ok: true, userId: first.userId, expiresAt: t0 + REFRESH_FAMILY_TTL_MS });
    if (!second.ok) throw new Error('rotation failed');
    expect(second.token).not.toBe(first.token);
    const late = await tokens.rotate(second.token, t0 + REFRESH_FAMILY_TTL_MS);
    expect(late).toEqual({ ok: false, reason: 'expired' });
    // only a hash is stored
    const stored = await db.kysely.selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', first.userId).execute();
    for (const row of stored) expect([first.token, second.token]).not.toContain(row.token_hash);
  });

  it('two tabs refreshing with the same token at once both go on', async () => {
    const t0 = Date.now();
    const first = await tokens.issue(await newUser(), t0);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => tokens.rotate(first.token, t0 + 10 * i)));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true]);
  });

  it('a token used again after the leeway revokes the whole family', async () => {
    const t0 = Date.now();
    const first = await tokens.issue(await newUser(), t0);
    const second = await tokens.rotate(first.token, t0 + 1000);
    if (!second.ok) throw new Error('rotation failed');
    // the stolen copy of the first token comes back later
    expect(await tokens.rotate(first.token, t0 + 1000 + REUSE_LEEWAY_MS + 1)).toEqual({ ok: false, reason: 'reused' });
    // the shopper's own current token is dead too
    expect(await tokens.rotate(second.token, t0 + 2000 + REUSE_LEEWAY_MS)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('logout ends the family; a password reset ends every session of the user', async () => {
    const user = await newUser();
    const phone = await tokens.issue(user);
    const laptop = await tokens.issue(user);
    await tokens.revokeFamilyOf(phone.token);
    expect(await tokens.rotate(phone.token)).toEqual({ ok: false, reason: 'invalid' });
    expect((await tokens.rotate(laptop.token)).ok).toBe(true);
    const tablet = await tokens.issue(user);
    await tokens.revokeUser(user);
    expect(await tokens.rotate(tablet.token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('an unknown token is invalid', async () => {
    expect(await tokens.rotate('no-such-token')).toEqual({ ok: false, reason: 'invalid' });
  });
});
