import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis as RedisClient } from 'ioredis';
import { lazyModule } from '../lazy-module.ts';
import { createOrderEvents, type OrderEvents } from './order-events.ts';
import { memoryCallerStore, type CallerStore } from './caller-verification.ts';
import { redisCallerStore } from './redis-caller-store.ts';
import { redisEndedSessions } from './redis-ended-sessions.ts';
import { createRedisOrderEvents } from './redis-order-events.ts';
import { memoryEndedSessions, type EndedSessions } from './sessions.ts';

/**
 * What several instances of one shop must share (decision 026): with REDIS_URL, the rate
 * limits, the owners' live events and caller verification's nonces and tickets go
 * through Redis, and so do the sessions that ended (a logout is refused by every instance at
 * once); without it (one process), they stay in memory. Orders, one-time-code attempts and idempotency keys live in the
 * database already, which every instance shares.
 */
export type SharedState = {
  /** Spread into every `app.register(rateLimit, …)`: the counters every instance sees, and one answer. */
  rateLimits: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError' | 'errorResponseBuilder'>;
  /** The owners' live events: through Redis pub/sub, or an in-memory emitter. */
  orderEvents: OrderEvents;
  /** The sessions that ended within an access token's life (services/sessions.ts). */
  endedSessions: EndedSessions;
  /** Caller verification's nonces and tickets (made on first use: most shops do not use it). */
  callerStore(): CallerStore;
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg: string): void };

/** Every limiter answers alike: 429 with the API's error shape and when to try again. */
const tooMany: NonNullable<RateLimitPluginOptions['errorResponseBuilder']> = (_req, context) => ({
  statusCode: 429,
  code: 'too_many_requests',
  message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
});

/**
 * Connects to REDIS_URL. Every key and channel starts with `prefix` (`storefront:<shop id>:`),
 * so shops sharing one Redis never see each other's counters or events. A Redis that is down or restarting never fails a shopper's
 * request: rate limits let requests through while it is away (`skipOnError`) and say so
 * in the log, and commands wait at most one retry instead of queueing without end.
 */
/** ioredis, loaded only for a shop with REDIS_URL. */
const loadIoredis = lazyModule<{ Redis: typeof RedisClient }>('ioredis');

export function createSharedState(redisUrl: string | undefined, prefix: string, log: Log): SharedState {
  if (!redisUrl)
    return {
      rateLimits: { errorResponseBuilder: tooMany },
      orderEvents: createOrderEvents(),
      endedSessions: memoryEndedSessions(),
      callerStore: () => memoryCallerStore(),
      close: async () => {},
    };
  const { Redis } = loadIoredis();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5000, lazyConnect: false });
  let reported = false;
  redis.on('error', (err: Error) => {
    // one line per outage, not one per reconnect attempt
    if (!reported) log.warn({ err: err.message }, 'Redis is unreachable: rate limits are not shared until it is back');
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  const orderEvents = createRedisOrderEvents(redis, `${prefix}order-events`, log);
  let callers: ReturnType<typeof redisCallerStore> | undefined;
  return {
    rateLimits: { redis, nameSpace: `${prefix}rate:`, skipOnError: true, errorResponseBuilder: tooMany },
    orderEvents,
    endedSessions: redisEndedSessions(redis, prefix, log),
    callerStore: () => (callers ??= redisCallerStore(redis, prefix, log)),
    async close() {
      await orderEvents.close();
      await callers?.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
