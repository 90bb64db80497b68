import type { Redis } from 'ioredis';
import { memoryEndedSessions, type EndedSessions, type RecentlyEnded } from './sessions.ts';

type Log = { warn(obj: object, msg: string): void };

/**
 * Ended sessions in Redis (decisions 026 and 075, issues 20 and 37): one key per session,
 * kept as long as its last access token lives, so a logout through one instance is
 * refused by every other on the very next request.
 *
 * Redis may lose them: restarted without its data, flushed, or away while a session ended.
 * So the recently ended sessions are written again from the database each time the
 * connection is ready (the start, and every return), and a marker key written with them
 * says Redis holds them all: a Redis without it has lost them, and is not believed until
 * they are back. Meanwhile, and whenever Redis cannot answer, the caller asks the
 * database (services/sessions.ts). What this instance has seen ended (its own, those it
 * read from Redis and the recent ones) it also keeps in memory and refuses without asking.
 */
export function redisEndedSessions(redis: Redis, prefix: string, log: Log): EndedSessions {
  const key = (id: string) => `${prefix}session-ended:${id}`;
  const complete = `${prefix}sessions-ended-complete`;
  const seen = memoryEndedSessions();
  let recent: (() => Promise<RecentlyEnded>) | undefined;
  let filling: Promise<void> | undefined;
  let failed = false;

  // one MULTI: the marker never stands in Redis without the sessions it vouches for
  async function write(ids: readonly string[], until: number, marker = false) {
    const tx = redis.multi();
    for (const id of ids) tx.set(key(id), String(until), 'PX', Math.max(1, until - Date.now()));
    if (marker) tx.set(complete, '1');
    const results = await tx.exec();
    if (!results || results.some(([err]) => err)) throw new Error('Redis did not take the ended sessions');
  }

  function fill(): Promise<void> {
    if (!recent) return Promise.resolve();
    const source = recent;
    filling ??= (async () => {
      const { ids, until } = await source();
      await seen.add(ids, until);
      await write(ids, until, true);
      failed = false;
    })()
      .catch((err: Error) => {
        // once until it works: every request may try again
        if (!failed) log.warn({ err: err.message }, 'the ended sessions were not written to Redis: the database is asked until they are');
        failed = true;
      })
      .finally(() => (filling = undefined));
    return filling;
  }
  redis.on('ready', () => void fill());

  return {
    async add(ids, until) {
      await seen.add(ids, until);
      // a Redis that did not take them (full, say) is not believed until it has them: without its marker,
      // the others ask the database; one that is away gets them from the database when it is back
      await write(ids, until).catch(() => redis.del(complete).catch(() => {}));
    },
    async has(id) {
      if (await seen.has(id)) return true;
      const [ended, holdsAll] = await redis.mget(key(id), complete);
      if (!holdsAll) {
        void fill();
        throw new Error('Redis has lost the ended sessions');
      }
      if (ended) await seen.add([id], Number(ended));
      return ended !== null;
    },
    async fillFrom(source) {
      recent = source;
      // not connected yet: filled when it is ready
      if (redis.status === 'ready') await fill();
    },
  };
}
