import { EventEmitter } from 'node:events';

/**
 * What the owner's board hears of: something happened to an order (placed — with its
 * number, for the alert —, moved on, the shopper says it is paid, paid, asked to cancel,
 * refunded, a WhatsApp message to or from its customer), or a booking was made.
 */
export type OrderEvent =
  | {
      orderId: string;
      number?: number;
      status: string;
      /** `whatsapp`: a message of the shop's moved on (sent, read); `message`: the customer wrote on WhatsApp. */
      what: 'placed' | 'status' | 'payment_claimed' | 'paid' | 'cancel_requested' | 'refunded' | 'whatsapp' | 'message';
      at: number;
    }
  | { appointmentId: string; what: 'booked'; at: number };

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
