import type { Redis } from 'ioredis';
import type { CallerEvent, CallerStore } from './caller-verification.ts';

type Log = { warn(obj: object, msg: string): void };

/**
 * Caller verification's nonces and tickets in Redis (decision 026): the browser waits on
 * one instance, Truecaller's callback may reach another, and the ticket may be redeemed
 * on a third. Keys expire by themselves; GETDEL and DEL make "once" hold across instances.
 * Events for a waiting browser go over a channel every instance listens to; the one that
 * holds the browser sends it.
 */
export function redisCallerStore(redis: Redis, prefix: string, log: Log): CallerStore & { close(): Promise<void> } {
  const nonceKey = (nonce: string) => `${prefix}caller:nonce:${nonce}`;
  const ticketKey = (nonce: string) => `${prefix}caller:ticket:${nonce}`;
  const channel = `${prefix}caller:events`;
  // its one command waits for the connection (as in redis-order-events.ts)
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => {}); // the main connection's handler reports outages
  let handler: (nonce: string, event: CallerEvent) => void = () => {};
  void subscriber.subscribe(channel).catch((err: Error) => log.warn({ err: err.message }, 'could not subscribe to caller verification events'));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const { nonce, event } = JSON.parse(message) as { nonce: string; event: CallerEvent };
      handler(nonce, event);
    } catch {
      log.warn({ channel }, 'a caller verification event that is not JSON was ignored');
    }
  });
  return {
    claim: async (nonce, ttlMs) => (await redis.set(nonceKey(nonce), '1', 'PX', ttlMs, 'NX')) === 'OK',
    isLive: async (nonce) => (await redis.exists(nonceKey(nonce))) === 1,
    take: async (nonce) => (await redis.del(nonceKey(nonce))) === 1,
    async putTicket(nonce, ticket, ttlMs) {
      await redis.set(ticketKey(nonce), JSON.stringify(ticket), 'PX', ttlMs);
    },
    async takeTicket(nonce) {
      const held = await redis.getdel(ticketKey(nonce));
      return held ? (JSON.parse(held) as { hash: string; userId: string }) : null;
    },
    async deliver(nonce, event) {
      await redis.publish(channel, JSON.stringify({ nonce, event }));
    },
    onDeliver: (h) => void (handler = h),
    // not QUIT: while Redis is away it would wait behind the SUBSCRIBE for good; a listener has nothing to finish
    close: async () => subscriber.disconnect(),
  };
}
