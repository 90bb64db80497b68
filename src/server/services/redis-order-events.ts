import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { OrderEvent, OrderEvents } from './order-events.ts';

type Log = { warn(obj: object, msg: string): void };

/**
 * The owners' live events across instances (issue 9): each instance publishes to one
 * Redis channel and hears every instance's events, its own included, from it, so a board
 * connected to any instance sees an order placed through any other. If Redis cannot take
 * an event, this instance's boards still hear it (the others' miss it; the board refetches
 * its whole list on the next event anyway). The outage is logged once, by shared-state.ts,
 * not once an event.
 */
export function createRedisOrderEvents(publisher: Redis, channel: string, log: Log): OrderEvents & { close(): Promise<void> } {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  // a connection in subscriber mode can do nothing else: one of its own, whose one command waits for it to connect
  // (shared-state.ts fails other commands at once while Redis is away) and is sent again on every reconnection
  const subscriber = publisher.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => {}); // the publisher's handler reports outages
  void subscriber.subscribe(channel).catch((err: Error) => log.warn({ err: err.message }, 'could not subscribe to the order events'));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      local.emit('order', JSON.parse(message) as OrderEvent);
    } catch {
      log.warn({ channel }, 'an order event that is not JSON was ignored');
    }
  });
  return {
    publish(event) {
      publisher.publish(channel, JSON.stringify(event)).catch(() => local.emit('order', event));
    },
    subscribe(listener) {
      local.on('order', listener);
      return () => void local.off('order', listener);
    },
    // not QUIT: while Redis is away it would wait behind the SUBSCRIBE for good; a listener has nothing to finish
    close: async () => subscriber.disconnect(),
  };
}
