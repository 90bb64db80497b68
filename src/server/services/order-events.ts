import { EventEmitter } from 'node:events';

/** Something happened to an order: placed, moved on, paid, or its shopper asked to cancel. */
export type OrderEvent = { orderId: string; status: string; what: 'placed' | 'status' | 'paid' | 'cancel_requested' | 'refunded'; at: number };

/**
 * The owner's live board hears of orders through this (issue 8). In one process it is an
 * in-memory emitter; several instances share one through Redis (issue 9) behind the
 * same two calls.
 */
export interface OrderEvents {
  publish(event: OrderEvent): void;
  /** Calls `listener` with every event from now on; the returned function stops it. */
  subscribe(listener: (event: OrderEvent) => void): () => void;
}

export function createOrderEvents(): OrderEvents {
  const emitter = new EventEmitter();
  // every open owner board is one listener
  emitter.setMaxListeners(0);
  return {
    publish: (event) => void emitter.emit('order', event),
    subscribe(listener) {
      emitter.on('order', listener);
      return () => void emitter.off('order', listener);
    },
  };
}
