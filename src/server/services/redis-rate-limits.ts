import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Route = Parameters<FastifyRateLimitStore['child']>[0];

/** A store that can also read a count without counting (`{ increment: false }`), as the plugin's own two do. */
type ReadableStore = FastifyRateLimitStore & { read: NonNullable<InstanceType<typeof LocalStore>['read']> };

/** Counts in Redis while it answers, else in this instance's memory. */
class FailoverStore implements ReadableStore {
  readonly #redis: Redis;
  readonly #shared: ReadableStore;
  readonly #own: ReadableStore;

  constructor(redis: Redis, shared: ReadableStore, own: ReadableStore) {
    this.#redis = redis;
    this.#shared = shared;
    this.#own = own;
  }

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
    // a connection that is down or coming back is not asked: its answer would be an error after a wait
    if (this.#redis.status !== 'ready') return this.#own.incr(key, callback, timeWindow, max);
    this.#shared.incr(key, (err, result) => (err ? this.#own.incr(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
  }

  /** A count without counting (`{ increment: false }`), from where `incr` would count now. */
  read(...[key, callback, timeWindow, max]: Parameters<ReadableStore['read']>): void {
    if (this.#redis.status !== 'ready') return this.#own.read(key, callback, timeWindow, max);
    this.#shared.read(key, (err, result) => (err ? this.#own.read(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
  }

  child(route: Route): FastifyRateLimitStore {
    // the plugin's stores make children of their own kind
    return new FailoverStore(this.#redis, this.#shared.child(route) as ReadableStore, this.#own.child(route) as ReadableStore);
  }
}

/**
 * The rate limits' store with REDIS_URL (decisions 026, 075): the counters every instance
 * shares, in Redis under `nameSpace`, while Redis answers; while it does not, the plugin's
 * own in-memory counters of this instance, so logins, codes and orders stay limited (each
 * instance allowing the limit) instead of not at all. The instance's counts of an outage
 * are not carried into Redis: when it is back, the shared counts go on from what Redis holds.
 */
export function redisRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FailoverStore {
    constructor(options: object) {
      const { continueExceeding, exponentialBackoff } = options as { continueExceeding: boolean; exponentialBackoff: boolean };
      super(redis, new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff));
    }
  };
}
