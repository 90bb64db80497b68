import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis as RedisClient } from 'ioredis';
import { lazyModule } from '../lazy-module.ts';
import { createOrderEvents, type OrderEvents } from './order-events.ts';
import { memoryCallerStore, type CallerStore } from './caller-verification.ts';
import { redisCallerStore } from './redis-caller-store.ts';
import { redisEndedSessions } from './redis-ended-sessions.ts';
import { redisRateLimitStore } from './redis-rate-limits.ts';
import { createRedisOrderEvents } from './redis-order-events.ts';
import { memoryEndedSessions, type EndedSessions } from './sessions.ts';

/**
 * What several instances of one shop must share (decision 026): with REDIS_URL, the rate
 * limits, the owners' live events and caller verification's nonces and tickets go
 * through Redis, and so do the sessions that ended (a logout is refused by every instance at
 * once); without it (one process), they stay in memory. Orders, one-time-code attempts and
 * idempotency keys live in the database already, which every instance shares.
 */
export type SharedState = {
  /** Spread into every `app.register(rateLimit, …)`: the counters every instance sees, and one answer. */
  rateLimits: Pick<RateLimitPluginOptions, 'store' | 'errorResponseBuilder'>;
  /** The owners' live events: through Redis pub/sub, or an in-memory emitter. */
  orderEvents: OrderEvents;
  /** The sessions that ended within an access token's life (services/sessions.ts). */
  endedSessions: EndedSessions;
  /** Caller verification's nonces and tickets (made on first use: most shops do not use it). */
  callerStore(): CallerStore;
  /** At start: settles once the first try to reach Redis has succeeded or failed (the shop starts either way). */
  connected(): Promise<void>;
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg: string): void; info(msg: string): void };

/** Every limiter answers alike: 429 with the API's error shape and when to try again. */
const tooMany: NonNullable<RateLimitPluginOptions['errorResponseBuilder']> = (_req, context) => ({
  statusCode: 429,
  code: 'too_many_requests',
  message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
});

/**
 * A Redis that is down or hung must cost a request nothing it would notice (decision 075):
 * a command is never queued while the connection is down (it fails at once, and the caller
 * falls back), one that is in flight when the connection drops fails then, and a Redis
 * that stops answering for a second is taken for gone: the connection is dropped, so
 * what follows fails at once too, until a new one is ready. Reconnecting goes on in the
 * background (ioredis's backoff, at most 2 s apart).
 */
const FAIL_FAST = { enableOfflineQueue: false, maxRetriesPerRequest: 0, socketTimeout: 1000, connectTimeout: 1000 } as const;
/** At most this long a start waits for its first try to reach Redis, so that a shop whose Redis is up serves its first requests with it. */
const START_WAIT_MS = 3000;

/** ioredis, loaded only for a shop with REDIS_URL. */
const loadIoredis = lazyModule<{ Redis: typeof RedisClient }>('ioredis');

/**
 * Connects to REDIS_URL. Every key and channel starts with `prefix` (`storefront:<shop id>:`),
 * so shops sharing one Redis never see each other's counters or events. A Redis that is
 * down, hung or restarting never fails a shopper's request nor holds it up: while it is
 * away each instance limits on its own, tells its live events to its own boards, and asks
 * the database whether a session has ended; when it is back, each writes the recently
 * ended sessions to it again. The log says once that it went and once that it is back.
 */
export function createSharedState(redisUrl: string | undefined, prefix: string, log: Log): SharedState {
  if (!redisUrl)
    return {
      rateLimits: { errorResponseBuilder: tooMany },
      orderEvents: createOrderEvents(),
      endedSessions: memoryEndedSessions(),
      callerStore: () => memoryCallerStore(),
      connected: async () => {},
      close: async () => {},
    };
  const { Redis } = loadIoredis();
  const redis = new Redis(redisUrl, FAIL_FAST);
  let away = false;
  let closing = false;
  const gone = (err?: Error) => {
    if (away || closing) return;
    away = true;
    log.warn(
      { err: err?.message },
      'Redis is unreachable: until it is back, rate limits count per instance, live events reach this instance only, and ended sessions are checked in the database',
    );
  };
  redis.on('error', gone);
  redis.on('close', () => gone());
  redis.on('ready', () => {
    if (away) log.info('Redis is back: rate limits and live events are shared again, and the recently ended sessions are written to it again');
    away = false;
  });
  // the first try's outcome, whichever it is: a Redis that refuses does not hold the start up
  const connected = new Promise<void>((resolve) => {
    for (const outcome of ['ready', 'error', 'close']) redis.once(outcome, () => resolve());
    setTimeout(resolve, START_WAIT_MS).unref();
  });
  const orderEvents = createRedisOrderEvents(redis, `${prefix}order-events`, log);
  let callers: ReturnType<typeof redisCallerStore> | undefined;
  return {
    rateLimits: { store: redisRateLimitStore(redis, `${prefix}rate:`), errorResponseBuilder: tooMany },
    orderEvents,
    endedSessions: redisEndedSessions(redis, prefix, log),
    callerStore: () => (callers ??= redisCallerStore(redis, prefix, log)),
    connected: () => connected,
    async close() {
      closing = true;
      await orderEvents.close();
      await callers?.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
