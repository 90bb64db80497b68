import type { FastifyBaseLogger } from 'fastify';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { OrderRepository } from '../db/repositories/order-repository.ts';
import type { CatalogCache } from './catalog-cache.ts';
import type { OrderEvents } from './order-events.ts';
import { remindToPay, tellShopper, type OrderNewsDeps } from './order-news.ts';
import { startSweeper } from './sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Expires the unpaid orders due now (the timer does it every minute); resolves to how many. */
    expireUnpaidOrders?: () => Promise<number>;
  }
}

/** How long before a UPI order's hold ends its shopper is reminded to pay. */
const REMIND_BEFORE_MINUTES = 10;

/** How often each instance looks for orders whose payment did not come. */
const UNPAID_SWEEP_MS = 60_000;

type Options = {
  /** The config in use now (a reload changes it); null while none is valid, when nothing is swept. */
  shop: () => ShopConfig | null;
  orders: OrderRepository;
  catalog: CatalogCache;
  orderEvents: OrderEvents;
  clock: () => number;
  log: FastifyBaseLogger;
  /** How the shopper hears their order was cancelled (push, and e-mail when the shop has an address to link to). */
  news: Omit<OrderNewsDeps, 'shop' | 'log'>;
  /** What Razorpay says of an order due to expire: paid after all (settled now), unpaid, or unknown while it cannot be asked. */
  razorpayPayment?: ((orderId: string, now: number) => Promise<'paid' | 'unpaid' | 'unknown'>) | undefined;
  everyMs?: number;
};

/**
 * Unpaid orders expire (issue 20, decision 073): an order placed for online payment holds its stock and
 * delivery slot for `orderConfig.unpaidHoldMinutes` (at most twice that if a payment is started again),
 * and one whose UPI reference the owner has not confirmed for `orderConfig.upiVerifyHours`, then gives them back. Every instance
 * sweeps; the repository's conditional update makes each cancellation happen once. The
 * owner's board and the shopper hear of it as of any cancellation.
 */
export function startUnpaidExpiry({ shop: shopNow, orders, catalog, orderEvents, clock, log, news, razorpayPayment, everyMs = UNPAID_SWEEP_MS }: Options) {
  async function sweep(): Promise<number> {
    const shop = shopNow();
    if (!shop) return 0;
    const { unpaidHoldMinutes: holdMinutes, upiVerifyHours: verifyHours } = shop.orderConfig;
    // a few minutes before the hold ends the UPI shopper is reminded (half the hold when it is short)
    const beforeMinutes = Math.min(REMIND_BEFORE_MINUTES, Math.floor(holdMinutes / 2));
    for (const { order, userId } of await orders.upiRemindersDue({ holdMinutes, beforeMinutes }, clock())) {
      log.info({ orderId: order.id }, 'UPI payment reminder');
      void remindToPay({ ...news, shop, log }, { order, userId, until: order.createdAt + holdMinutes * 60_000 });
    }
    const paidMeanwhile: string[] = [];
    const { expired, toCheck } = await orders.expireUnpaid({ holdMinutes, verifyHours }, clock(), async ({ id, paymentType }) => {
      if (paymentType !== 'razorpay' || !razorpayPayment) return true;
      const said = await razorpayPayment(id, clock());
      if (said === 'paid') paidMeanwhile.push(id);
      return said === 'unpaid';
    });
    // a payment Razorpay had taken and its webhook never told: the board shows the order paid
    for (const id of paidMeanwhile) orderEvents.publish({ orderId: id, status: '', what: 'paid', at: clock() });
    // a UPI order whose hold ended waits for the owner to find the money: the board shows it to check
    for (const order of toCheck) {
      log.info({ orderId: order.id }, 'UPI order left for the owner to check');
      orderEvents.publish({ orderId: order.id, status: order.status, what: 'payment_claimed', at: clock() });
    }
    if (expired.length) catalog.invalidate();
    for (const { order, userId } of expired) {
      log.info({ orderId: order.id }, 'unpaid order expired');
      orderEvents.publish({ orderId: order.id, number: order.number, status: 'cancelled', what: 'status', at: clock() });
      void tellShopper({ ...news, shop, log }, { order, to: 'cancelled', userId });
    }
    return expired.length + toCheck.length;
  }
  return startSweeper(sweep, { everyMs, log, failure: 'unpaid orders could not be expired' });
}
