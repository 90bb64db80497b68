import type { Redis } from 'ioredis';
import { memoryEndedSessions, type EndedSessions } from './sessions.ts';

type Log = { warn(obj: object, msg: string): void };

/**
 * Ended sessions in Redis (decision 026, issue 20): one key per session with the time to
 * live of its last access token, so a logout through one instance is refused by every
 * other on the very next request. What this instance ended itself it also keeps in
 * memory and answers without asking. A session that could not be written while Redis was
 * away is written when it is back; meanwhile the other instances, unable to ask Redis,
 * ask the database (services/sessions.ts).
 */
export function redisEndedSessions(redis: Redis, prefix: string, log: Log): EndedSessions {
  const key = (id: string) => `${prefix}session-ended:${id}`;
  const own = memoryEndedSessions();
  const unsaved = new Map<string, number>();

  async function save(entries: Iterable<[string, number]>) {
    const now = Date.now();
    await Promise.all([...entries].filter(([, until]) => until > now).map(([id, until]) => redis.set(key(id), '1', 'PX', until - now)));
  }
  redis.on('ready', () => {
    if (!unsaved.size) return;
    const entries = [...unsaved];
    unsaved.clear();
    save(entries).catch(() => entries.forEach(([id, until]) => unsaved.set(id, until)));
  });

  return {
    async add(ids, until) {
      await own.add(ids, until);
      try {
        await save(ids.map((id) => [id, until]));
      } catch (err) {
        for (const id of ids) unsaved.set(id, until);
        log.warn({ err: (err as Error).message }, 'an ended session is not yet known to the other instances: Redis is unreachable');
      }
    },
    has: async (id) => (await own.has(id)) || (await redis.exists(key(id))) === 1,
  };
}
