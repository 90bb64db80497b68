import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';
import type { Db } from '../database.ts';

/**
 * One-time codes (issue 5): 6 digits from a CSPRNG, valid 10 minutes, single use, bound
 * to a purpose and an identifier (an e-mail address or a phone number). Stored as an
 * HMAC with a server secret, so a copy of the database alone does not reveal them. Five
 * wrong tries kill a code; a new one is sent at most once a minute and a few times an
 * hour per identifier. Counting and using are single UPDATEs, so parallel tries cannot
 * slip past the limits on either database.
 */

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const RESEND_COOLDOWN_MS = 60 * 1000;
const CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
/** Every this many codes sent, the codes sent over a day ago are deleted: dead, and past every limit that counts them. */
const SWEEP_EVERY = 100;
let sent = 0;

export type CodePurpose = 'signup' | 'login' | 'verify' | 'reset' | 'update' | 'newsletter';

export type Issue = { ok: true; code: string; expiresAt: number } | { ok: false; reason: 'cooldown' | 'capped'; retryAfterMs: number };
export type Check = { ok: true } | { ok: false; reason: 'wrong' | 'dead' };

/** The identifier as codes are bound to it: e-mail addresses in lower case, phone numbers as digits with a +. */
const normaliseTarget = (target: string) => (target.includes('@') ? target.trim().toLowerCase() : target.replace(/[^\d+]/g, ''));

export function createOneTimeCodeRepository(db: Db, secret: Uint8Array) {
  const { kysely } = db;
  const digest = (purpose: CodePurpose, target: string, code: string) => createHmac('sha256', secret).update(`${purpose}\n${target}\n${code}`).digest('hex');

  async function attempt(purpose: CodePurpose, rawTarget: string, code: string, use: boolean, now: number): Promise<Check> {
    const target = normaliseTarget(rawTarget);
    const live = await kysely
      .selectFrom('one_time_codes')
      .select(['id', 'code_hash'])
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!live) return { ok: false, reason: 'dead' };
    const counted = await kysely
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', live.id)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) return { ok: false, reason: 'dead' };
    const given = Buffer.from(digest(purpose, target, /^\d{6}$/.test(code) ? code : 'x'), 'hex');
    if (!timingSafeEqual(given, Buffer.from(live.code_hash, 'hex'))) return { ok: false, reason: 'wrong' };
    if (!use) return { ok: true };
    const used = await kysely
      .updateTable('one_time_codes')
      .set({ consumed_at: now })
      .where('id', '=', live.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? { ok: true } : { ok: false, reason: 'dead' };
  }

  return {
    async issue(purpose: CodePurpose, rawTarget: string, now = Date.now()): Promise<Issue> {
      const target = normaliseTarget(rawTarget);
      const recent = await kysely
        .selectFrom('one_time_codes')
        .select('created_at')
        .where('purpose', '=', purpose)
        .where('target', '=', target)
        .where('created_at', '>', now - HOUR_MS)
        .orderBy('created_at', 'desc')
        .execute();
      const latest = recent[0]?.created_at;
      if (latest !== undefined && now - latest < RESEND_COOLDOWN_MS)
        return { ok: false, reason: 'cooldown', retryAfterMs: RESEND_COOLDOWN_MS - (now - latest) };
      if (recent.length >= CODES_PER_HOUR) return { ok: false, reason: 'capped', retryAfterMs: recent[CODES_PER_HOUR - 1]!.created_at + HOUR_MS - now };
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await kysely.transaction().execute(async (trx) => {
        // a new code replaces the ones sent before
        await trx
          .updateTable('one_time_codes')
          .set({ consumed_at: now })
          .where('purpose', '=', purpose)
          .where('target', '=', target)
          .where('consumed_at', 'is', null)
          .execute();
        if (++sent % SWEEP_EVERY === 0)
          await trx
            .deleteFrom('one_time_codes')
            .where('created_at', '<', now - 24 * HOUR_MS)
            .execute();
        await trx
          .insertInto('one_time_codes')
          .values({
            id: ulid(now),
            purpose,
            target,
            code_hash: digest(purpose, target, code),
            attempts: 0,
            created_at: now,
            expires_at: now + CODE_TTL_MS,
            consumed_at: null,
          })
          .execute();
      });
      return { ok: true, code, expiresAt: now + CODE_TTL_MS };
    },

    /** Uses the code when it is right, live and not used up; every try counts, right or wrong. */
    consume: (purpose: CodePurpose, target: string, code: string, now = Date.now()) => attempt(purpose, target, code, true, now),

    /** Tells whether the code is right without using it (a reset's first step); the try counts all the same. */
    check: (purpose: CodePurpose, target: string, code: string, now = Date.now()) => attempt(purpose, target, code, false, now),
  };
}

export type OneTimeCodeRepository = ReturnType<typeof createOneTimeCodeRepository>;
