import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { Db } from '../database.ts';

/**
 * Refresh tokens (issue 5): opaque, random, stored only as a SHA-256 hash. Each use
 * rotates the token; a family (one login, the session that access tokens name) ends 30
 * days after it began, however often it was refreshed. A token used again after a
 * 30-second leeway means it was copied: the whole family is revoked, the thief's copy and
 * the shopper's alike.
 *
 * Within the leeway (two tabs refreshing at once) a token's successor is the same one
 * again: it is derived from the token with a server secret, so a copy replayed in time
 * gets no chain of its own that the reuse check would never see (issue 20). A family with
 * any revoked token is over, whichever of its tokens comes back.
 */

const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at once both present the same token; that is not theft. */
const REUSE_LEEWAY_MS = 30 * 1000;

/** Every this many logins, the rows of families over for a day are deleted (`sweepEnded`). */
const SWEEP_EVERY = 100;
let logins = 0;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** `sessionId` is the family's id: the session the access tokens of this login name. */
export type Issued = { token: string; userId: string; sessionId: string; expiresAt: number };
export type Rotation = ({ ok: true } & Issued) | { ok: false; reason: 'invalid' | 'expired' } | { ok: false; reason: 'reused'; sessionId: string };

export function createRefreshTokenRepository(db: Db, secret: Uint8Array) {
  const { kysely } = db;
  const successorOf = (token: string) => createHmac('sha256', secret).update(`refresh token successor\n${token}`).digest('base64url');
  const revokedIn = (trx: typeof kysely, familyId: string) =>
    trx.selectFrom('refresh_tokens').select('id').where('family_id', '=', familyId).where('revoked_at', 'is not', null).limit(1).executeTakeFirst();

  /**
   * Deletes the tokens of families that ended more than a day ago: each use leaves a row,
   * so a shop would otherwise keep every refresh of every login forever. Such a token
   * answers `invalid` instead of `expired`, and the browser sends its shopper to log in
   * either way; the sessions revoked lately (`revokedSince`) are all still there.
   */
  async function sweepEnded(now = Date.now()): Promise<number> {
    const gone = await kysely
      .deleteFrom('refresh_tokens')
      .where('expires_at', '<', now - 24 * 60 * 60 * 1000)
      .executeTakeFirst();
    return Number(gone.numDeletedRows);
  }

  return {
    /** A new family for a fresh login. */
    async issue(userId: string, now = Date.now()): Promise<Issued> {
      const token = newToken();
      const expiresAt = now + REFRESH_FAMILY_TTL_MS;
      const sessionId = ulid(now);
      await kysely
        .insertInto('refresh_tokens')
        .values({
          id: ulid(now),
          user_id: userId,
          family_id: sessionId,
          token_hash: hash(token),
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
          revoked_at: null,
        })
        .execute();
      if (++logins % SWEEP_EVERY === 0) await sweepEnded(now);
      return { token, userId, sessionId, expiresAt };
    },

    sweepEnded,

    /** Trades a refresh token for its successor in the same family. */
    async rotate(token: string, now = Date.now()): Promise<Rotation> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash(token)).executeTakeFirst();
        // the whole family, not the row alone: a successor made while the family was being revoked does not outlive it
        if (!row || row.revoked_at !== null || (await revokedIn(trx, row.family_id))) return { ok: false, reason: 'invalid' };
        if (row.expires_at <= now) return { ok: false, reason: 'expired' };
        let usedAt = row.used_at;
        if (usedAt === null) {
          const claimed = await trx
            .updateTable('refresh_tokens')
            .set({ used_at: now })
            .where('id', '=', row.id)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          // another request used it a moment ago (the update waited for it): judge by its time
          if (Number(claimed.numUpdatedRows) !== 1)
            usedAt = (await trx.selectFrom('refresh_tokens').select('used_at').where('id', '=', row.id).executeTakeFirst())?.used_at ?? null;
        }
        if (usedAt !== null && now - usedAt > REUSE_LEEWAY_MS) {
          await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
          return { ok: false, reason: 'reused', sessionId: row.family_id };
        }
        const next = successorOf(token);
        const issued = { ok: true as const, token: next, userId: row.user_id, sessionId: row.family_id, expiresAt: row.expires_at };
        if (usedAt === null) {
          await trx
            .insertInto('refresh_tokens')
            .values({
              id: ulid(now),
              user_id: row.user_id,
              family_id: row.family_id,
              token_hash: hash(next),
              created_at: now,
              expires_at: row.expires_at,
              used_at: null,
              revoked_at: null,
            })
            .execute();
          return issued;
        }
        // used within the leeway: the successor its first use made (none for a token rotated before successors were derived)
        const made = await trx.selectFrom('refresh_tokens').select('id').where('token_hash', '=', hash(next)).executeTakeFirst();
        return made ? issued : { ok: false, reason: 'invalid' };
      });
    },

    /** Logout: the token's whole family ends; its id, or null for an unknown token. */
    async revokeFamilyOf(token: string, now = Date.now()): Promise<string | null> {
      const row = await kysely.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hash(token)).executeTakeFirst();
      if (!row) return null;
      await kysely.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
      return row.family_id;
    },

    /** Password reset: every session of the user ends; their ids. */
    async revokeUser(userId: string, now = Date.now()): Promise<string[]> {
      const revoked = await kysely
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('family_id')
        .execute();
      return [...new Set(revoked.map((r) => r.family_id))];
    },

    /** Whether the session (family) was revoked: what the shared store says, read from the source. */
    async isRevoked(sessionId: string): Promise<boolean> {
      return (await revokedIn(kysely, sessionId)) !== undefined;
    },

    /** The sessions revoked since `since`, to fill the store of ended sessions at start. */
    async revokedSince(since: number): Promise<string[]> {
      const rows = await kysely.selectFrom('refresh_tokens').select('family_id').distinct().where('revoked_at', '>=', since).execute();
      return rows.map((r) => r.family_id);
    },
  };
}

export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
