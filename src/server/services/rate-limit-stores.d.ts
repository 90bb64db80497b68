// @fastify/rate-limit's own two stores, which it ships without types of their own; both can
// also read a count without counting (`read`, for `{ increment: false }`), which its store type leaves out
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  type Read = (key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) => void;
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore & { read: Read };
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  type Read = (key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) => void;
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => FastifyRateLimitStore & { read: Read };
  export default RedisStore;
}
