import type { FastifyBaseLogger } from 'fastify';
import type { Minor } from '../../domain/money.ts';
import type { RefundRepository } from '../db/repositories/refund-repository.ts';
import type { OrderEvents } from './order-events.ts';
import type { RazorpayPayments } from './razorpay-payments.ts';
import { startSweeper } from './sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks Razorpay for the refunds owed now (the timer does it every minute, and an order's end at once); resolves to how many it took. */
    sendRazorpayRefunds?: () => Promise<number>;
  }
}

/** How often each instance looks for Razorpay refunds not yet asked for (one that failed is asked again then). */
const REFUND_SWEEP_MS = 60_000;

type Options = {
  refunds: RefundRepository;
  razorpay: RazorpayPayments;
  orderEvents: OrderEvents;
  log: FastifyBaseLogger;
  everyMs?: number;
};

/**
 * A paid Razorpay order that ends unfulfilled (the owner cancels or rejects it, or the
 * shopper paid after it expired) is refunded through Razorpay's API, in full, without
 * the owner opening Razorpay's dashboard: asked as soon as the order ends, and again each
 * minute until Razorpay takes it (it may be away). Asking twice cannot pay twice: Razorpay
 * refuses a refund above what is left of the payment. refund.processed completes it.
 */
export function startRazorpayRefunds({ refunds, razorpay, orderEvents, log, everyMs = REFUND_SWEEP_MS }: Options) {
  async function sweep(): Promise<number> {
    let asked = 0;
    for (const due of await refunds.razorpayRefundsDue()) {
      try {
        const refund = await razorpay.api.refund(due.paymentId, { amount: razorpay.toPaise(due.amountMinor) as Minor, receipt: `Refund #${due.number}` });
        await refunds.razorpayRefundAsked(due.orderId, refund.id);
        log.info({ orderId: due.orderId, refundId: refund.id }, 'Razorpay refund asked for');
        asked += 1;
      } catch (err) {
        log.warn({ err, orderId: due.orderId }, 'Razorpay refund not taken yet: asked again in a minute');
      }
    }
    return asked;
  }
  const sweeper = startSweeper(sweep, { everyMs, log, failure: 'Razorpay refunds could not be read' });
  // an order that ends, or is paid after it ended, may owe one: asked at once rather than within the minute
  const unsubscribe = orderEvents.subscribe((event) => {
    if ((event.what === 'status' && (event.status === 'cancelled' || event.status === 'rejected')) || event.what === 'paid') void sweeper.sweep();
  });
  return {
    sweep: sweeper.sweep,
    async stop() {
      unsubscribe();
      await sweeper.stop();
    },
  };
}
