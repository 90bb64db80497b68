import type { RefreshTokenRepository, Rotation } from '../db/repositories/refresh-token-repository.ts';

/**
 * Sessions (decision 018, issue 20). A session is one login: a refresh-token family in
 * the database, whose id every access token of that login carries. Ending a session
 * (logout, a password reset, a copied refresh token) revokes the family and records its
 * id among the ended sessions that every request is checked against, so its access
 * tokens stop working at once instead of living out their 15 minutes.
 *
 * The ended sessions are kept only as long as an access token lives (plus a minute for
 * clocks that drift), in memory or, with REDIS_URL, in Redis where every instance sees
 * them (services/shared-state.ts). They are filled from the database, where every ended
 * session is revoked first: at start, and with Redis each time it comes back or is found
 * to have lost them, so a restart or a flushed Redis forgets nothing. When the store
 * cannot say, the database does (decision 075).
 */

export type EndedSessions = {
  /** Records sessions as ended, for every instance, until `until` (epoch ms). */
  add(ids: readonly string[], until: number): Promise<void>;
  /** Whether the session has ended; rejects when the store cannot say. */
  has(id: string): Promise<boolean>;
  /** Fills the store from `recent` now, and again whenever it has lost what it held. */
  fillFrom(recent: () => Promise<RecentlyEnded>): Promise<void>;
};

/** The sessions that ended lately, and until when each is to be kept. */
export type RecentlyEnded = { ids: readonly string[]; until: number };

/** Ended sessions of one process. */
export function memoryEndedSessions(clock: () => number = Date.now): EndedSessions {
  const ended = new Map<string, number>();
  let sweepAt = 1000;
  const store: EndedSessions = {
    async add(ids, until) {
      // what has expired goes before the map grows: it holds about one access-token lifetime of logouts
      if (ended.size >= sweepAt) {
        const now = clock();
        for (const [id, end] of ended) if (end <= now) ended.delete(id);
        sweepAt = Math.max(1000, ended.size * 2);
      }
      for (const id of ids) ended.set(id, Math.max(until, ended.get(id) ?? 0));
    },
    async has(id) {
      return (ended.get(id) ?? 0) > clock();
    },
    async fillFrom(recent) {
      const { ids, until } = await recent();
      await store.add(ids, until);
    },
  };
  return store;
}

/** Instances' clocks differ a little; an ended session is remembered this much longer than a token lives. */
const CLOCK_DRIFT_MS = 60_000;

export function createSessions({
  refreshTokens,
  ended,
  accessTokenTtlSeconds,
}: {
  refreshTokens: RefreshTokenRepository;
  ended: EndedSessions;
  accessTokenTtlSeconds: number;
}) {
  const keepMs = accessTokenTtlSeconds * 1000 + CLOCK_DRIFT_MS;
  const end = async (ids: readonly string[]) => {
    if (ids.length) await ended.add(ids, Date.now() + keepMs);
  };
  return {
    /** A new session for a login: its refresh token and id. */
    start: (userId: string) => refreshTokens.issue(userId),

    /** Refresh; a token copied and used late ends its session, for the access tokens too. */
    async rotate(token: string): Promise<Rotation> {
      const rotated = await refreshTokens.rotate(token);
      if (!rotated.ok && rotated.reason === 'reused') await end([rotated.sessionId]);
      return rotated;
    },

    /** Logout: the session of this refresh token ends (an unknown token is ignored). */
    async endSessionOf(token: string): Promise<void> {
      const id = await refreshTokens.revokeFamilyOf(token);
      if (id) await end([id]);
    },

    /** Password reset: every session of the user ends. */
    async endAllOf(userId: string): Promise<void> {
      await end(await refreshTokens.revokeUser(userId));
    },

    /** Asked on every request with an access token: a look in memory, or one Redis call; the database when Redis is away. */
    hasEnded: async (sessionId: string): Promise<boolean> => ended.has(sessionId).catch(() => refreshTokens.isRevoked(sessionId)),

    /** At start: the sessions ended within an access token's life, from the database (and again whenever Redis lost them). */
    async restore(): Promise<void> {
      await ended.fillFrom(async () => {
        const ids = await refreshTokens.revokedSince(Date.now() - keepMs);
        return { ids, until: Date.now() + keepMs };
      });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
