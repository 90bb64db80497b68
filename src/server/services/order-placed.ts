import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '../../domain/order-view.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { DeviceRepository } from '../db/repositories/device-repository.ts';
import { mailLinksInBackground, type Mailer } from './mailer.ts';
import { orderEmail, orderEmailRecipient } from './order-email.ts';
import type { OrderEvents } from './order-events.ts';
import type { OwnerAlerts } from './owner-alerts.ts';
import type { PushSender } from './push.ts';
import { pushToUser } from './user-push.ts';

export type OrderPlacedDeps = {
  /** The owner's live board hears of every order placed. */
  orderEvents: OrderEvents;
  /** The owner hears of every order by push and e-mail (issue 18); none for the orders the shop keys in itself (issue 41). */
  ownerAlerts: OwnerAlerts | undefined;
  /** The placing user's devices get a push (decision 022); without a sender none is sent. */
  devices: DeviceRepository;
  push: PushSender | undefined;
  /** Sends the shopper the order e-mail; without it the e-mail is only logged as not sent. */
  mailer: Mailer | undefined;
};

/** An order just placed, as its news needs it: `origin` is where the e-mails' links point (mailOrigin; null: no e-mail goes). */
export type PlacedOrder = {
  order: Order;
  notificationToken: string;
  /** The logged-in shopper who placed it, whose devices get the push; null for a guest. */
  userId: string | null;
  shop: ShopConfig;
  origin: string | null;
  log: FastifyBaseLogger;
};

/**
 * The news of an order placed (decision 054): the owner's board, the owner's alerts, the
 * shopper's push and e-mail. Called as the order is answered; they go out on the next turn
 * of the event loop, after the answer is written, never before it. The order is placed and
 * answered: news that could not go out is logged, never thrown.
 */
export function orderPlacedNews({ orderEvents, ownerAlerts, devices, push, mailer }: OrderPlacedDeps) {
  return ({ order, notificationToken, userId, shop, origin, log }: PlacedOrder): void => {
    setImmediate(() => {
      try {
        orderEvents.publish({ orderId: order.id, number: order.number, status: order.status, what: 'placed', at: order.createdAt });
        void ownerAlerts?.orderPlaced(order, origin);
        if (userId) {
          const noun = order.kind === 'enquiry' ? 'enquiry' : 'order';
          void pushToUser({ devices, push, log }, userId, {
            title: shop.title,
            body: `Thank you! Your ${noun} ${orderLabel(order)} is placed.`,
            url: '/account?activePage=orders',
            tag: `order-${order.id}`,
          });
        }
        if (orderEmailRecipient(order))
          mailLinksInBackground(mailer, log, { email: 'order', orderId: order.id }, origin, (at) => orderEmail({ order, notificationToken, shop, origin: at }));
      } catch (err) {
        // the order is placed and answered: news that could not go out is logged, never thrown
        log.error({ err, orderId: order.id }, 'order news not sent');
      }
    });
  };
}
