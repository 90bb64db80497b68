import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { Db } from '../database.ts';

/**
 * Refresh tokens (issue 5): opaque, random, stored only as a SHA-256 hash. Each use
 * rotates the token; a family (one login) ends 30 days after it began, however often it
 * was refreshed. A token used again after a 30-second leeway means it was copied: the
 * whole family is revoked, the thief's copy and the shopper's alike.
 */

export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at once both present the same token; that is not theft. */
export const REUSE_LEEWAY_MS = 30 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type Issued = { token: string; userId: string; expiresAt: number };
export type Rotation = ({ ok: true } & Issued) | { ok: false; reason: 'invalid' | 'expired' | 'reused' };

export function createRefreshTokenRepository(db: Db) {
  const { kysely } = db;
  return {
    /** A new family for a fresh login. */
    async issue(userId: string, now = Date.now()): Promise<Issued> {
      const token = newToken();
      const expiresAt = now + REFRESH_FAMILY_TTL_MS;
      await kysely.insertInto('refresh_tokens').values({ id: ulid(now), user_id: userId, family_id: ulid(now), token_hash: hash(token), created_at: now, expires_at: expiresAt, used_at: null, revoked_at: null }).execute();
      return { token, userId, expiresAt };
    },

    /** Trades a refresh token for its successor in the same family. */
    async rotate(token: string, now = Date.now()): Promise<Rotation> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash(token)).executeTakeFirst();
        if (!row || row.revoked_at !== null) return { ok: false, reason: 'invalid' };
        if (row.expires_at <= now) return { ok: false, reason: 'expired' };
        let usedAt = row.used_at;
        if (usedAt === null) {
          const claimed = await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
          // another request used it a moment ago (the update waited for it): judge by its time
          if (Number(claimed.numUpdatedRows) !== 1) usedAt = (await trx.selectFrom('refresh_tokens').select('used_at').where('id', '=', row.id).executeTakeFirst())?.used_at ?? null;
        }
        if (usedAt !== null && now - usedAt > REUSE_LEEWAY_MS) {
          await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
          return { ok: false, reason: 'reused' };
        }
        const next = newToken();
        await trx
          .insertInto('refresh_tokens')
          .values({ id: ulid(now), user_id: row.user_id, family_id: row.family_id, token_hash: hash(next), created_at: now, expires_at: row.expires_at, used_at: null, revoked_at: null })
          .execute();
        return { ok: true, token: next, userId: row.user_id, expiresAt: row.expires_at };
      });
    },

    /** Logout: the token's whole family ends. Unknown tokens are ignored. */
    async revokeFamilyOf(token: string, now = Date.now()): Promise<void> {
      const row = await kysely.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hash(token)).executeTakeFirst();
      if (row) await kysely.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
    },

    /** Password reset: every session of the user ends. */
    async revokeUser(userId: string, now = Date.now()): Promise<void> {
      await kysely.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },
  };
}

export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
