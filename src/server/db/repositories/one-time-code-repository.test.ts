import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases.ts';
import type { Db } from '../database.ts';
import { createOneTimeCodeRepository, type OneTimeCodeRepository } from './one-time-code-repository.ts';

// the rules the repository keeps: a code lives 10 minutes, another may be sent after a minute, 5 an hour
const CODE_TTL_MS = 10 * 60 * 1000;
const RESEND_COOLDOWN_MS = 60 * 1000;
const CODES_PER_HOUR = 5;

describe.each(testDatabases)('one-time codes on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let codes: OneTimeCodeRepository;
  let n = 0;
  const someone = () => `shopper-${++n}@example.com`;
  const HOUR = 60 * 60 * 1000;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    codes = createOneTimeCodeRepository(db, randomBytes(32));
  });
  afterAll(async () => dispose?.());

  async function issued(purpose: 'login' | 'reset', target: string, now = Date.now()): Promise<string> {
    const res = await codes.issue(purpose, target, now);
    if (!res.ok) throw new Error(`no code: ${res.reason}`);
    return res.code;
  }

  it('codes sent over a day ago leave no rows once 100 more have been sent; those of the last day stay', async () => {
    const now = Date.parse('2026-12-20T10:00:00Z');
    const old = someone();
    const recent = someone();
    await issued('login', old, now - 25 * HOUR);
    await issued('login', recent, now - 23 * HOUR);
    const rowsFor = async (target: string) => (await db.kysely.selectFrom('one_time_codes').select('id').where('target', '=', target).execute()).length;
    expect(await rowsFor(old)).toBe(1);
    for (let i = 0; i < 100; i++) await issued('login', someone(), now);
    expect(await rowsFor(old)).toBe(0);
    expect(await rowsFor(recent)).toBe(1);
  });

  it('a code is 6 digits, works once, for its purpose and identifier only, for 10 minutes', async () => {
    const email = someone();
    const t0 = Date.now();
    const code = await issued('login', email, t0);
    expect(code).toMatch(/^\d{6}$/);
    expect(await codes.consume('reset', email, code, t0)).toEqual({ ok: false, reason: 'dead' });
    expect(await codes.consume('login', someone(), code, t0)).toEqual({ ok: false, reason: 'dead' });
    expect(await codes.consume('login', email.toUpperCase(), code, t0 + 1000)).toEqual({ ok: true });
    expect(await codes.consume('login', email, code, t0 + 2000)).toEqual({ ok: false, reason: 'dead' });

    const late = someone();
    const old = await issued('login', late, t0);
    expect(await codes.consume('login', late, old, t0 + CODE_TTL_MS)).toEqual({ ok: false, reason: 'dead' });
    // only an HMAC of the code is stored
    const rows = await db.kysely.selectFrom('one_time_codes').select('code_hash').execute();
    for (const r of rows) expect(r.code_hash).not.toContain(code);
  });

  it('20 wrong tries at once all fail, and the code is dead after 5 even with the right digits', async () => {
    const email = someone();
    const code = await issued('login', email);
    const tries = await Promise.all(Array.from({ length: 20 }, () => codes.consume('login', email, wrong(code))));
    expect(tries.every((t) => !t.ok)).toBe(true);
    expect(tries.filter((t) => !t.ok && t.reason === 'wrong')).toHaveLength(5);
    const row = await db.kysely.selectFrom('one_time_codes').select('attempts').where('target', '=', email).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(await codes.consume('login', email, code)).toEqual({ ok: false, reason: 'dead' });
  });

  it('two people using one right code at once: exactly one gets in', async () => {
    const email = someone();
    const code = await issued('login', email);
    const both = await Promise.all([codes.consume('login', email, code), codes.consume('login', email, code)]);
    expect(both.filter((b) => b.ok)).toHaveLength(1);
  });

  it('a new code at most once a minute and 5 an hour; a new code replaces the old one', async () => {
    const email = someone();
    const t0 = Date.parse('2026-11-21T09:00:00Z');
    const first = await issued('reset', email, t0);
    expect(await codes.issue('reset', email, t0 + 30_000)).toEqual({ ok: false, reason: 'cooldown', retryAfterMs: RESEND_COOLDOWN_MS - 30_000 });
    const second = await issued('reset', email, t0 + RESEND_COOLDOWN_MS);
    expect(await codes.consume('reset', email, first, t0 + RESEND_COOLDOWN_MS + 1)).toEqual({ ok: false, reason: 'wrong' });
    expect(await codes.consume('reset', email, second, t0 + RESEND_COOLDOWN_MS + 2)).toEqual({ ok: true });
    for (let i = 2; i < CODES_PER_HOUR; i++) await issued('reset', email, t0 + i * RESEND_COOLDOWN_MS);
    const capped = await codes.issue('reset', email, t0 + CODES_PER_HOUR * RESEND_COOLDOWN_MS);
    expect(capped).toMatchObject({ ok: false, reason: 'capped' });
    expect(!capped.ok && capped.retryAfterMs).toBe(60 * 60 * 1000 - CODES_PER_HOUR * RESEND_COOLDOWN_MS);
  });
});
