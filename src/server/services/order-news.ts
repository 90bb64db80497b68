import type { FastifyBaseLogger } from 'fastify';
import { orderStatusNews, type OrderStatus } from '../../domain/order-lifecycle.ts';
import type { OrderView } from '../../domain/order-view.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { DeviceRepository } from '../db/repositories/device-repository.ts';
import { describeMailError, type MailMessage, type Mailer } from './mailer.ts';
import { NO_PUBLIC_URL } from '../public-origin.ts';
import { escapeHtml, orderEmailRecipient } from './order-email.ts';
import type { PushSender } from './push.ts';
import { pushToUser } from './user-push.ts';

/** `origin` is where the e-mail's link points (mailOrigin); null: the push goes, the e-mail does not. */
export type OrderNewsDeps = {
  shop: ShopConfig;
  devices: DeviceRepository;
  push: PushSender | undefined;
  mailer: Mailer | undefined;
  log: FastifyBaseLogger;
  origin: string | null;
};

/** The sentence the shopper gets when their order reaches a status: 'Your order #1042 is confirmed.' */
const orderNews = (order: Pick<OrderView, 'number'>, to: Exclude<OrderStatus, 'placed'>): string => orderStatusNews[to].replace('{id}', orderLabel(order));

/**
 * The e-mail for a status change: the sentence and where to see the order. Nothing the
 * shopper typed goes into it (see order-email.ts). Null without an address.
 */
function orderNewsEmail(order: OrderView, to: Exclude<OrderStatus, 'placed'>, shop: ShopConfig, origin: string): MailMessage | null {
  const address = orderEmailRecipient(order);
  if (!address) return null;
  const news = orderNews(order, to);
  const where = `Your orders: ${origin}/account?activePage=orders (or the link in the e-mail sent when you ordered).`;
  return {
    to: address,
    subject: `${news} ${shop.title}`.replace(/\s+/g, ' '),
    text: [news, '', where, '', shop.title, ''].join('\n'),
    html: `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;color:#1e293b;line-height:1.5"><p>${escapeHtml(news)}</p><p style="color:#64748b">${escapeHtml(where)}</p><p>${escapeHtml(shop.title)}</p></body></html>\n`,
  };
}

/**
 * Tells the shopper their order moved (issue 8): a push to the devices of the user who
 * placed it (decision 022), and an e-mail when the order has an address. Resolves when
 * both are done; failures are logged only, never thrown, so the change itself stands.
 */
export async function tellShopper(deps: OrderNewsDeps, change: { order: OrderView; to: OrderStatus; userId: string | null }): Promise<void> {
  const { order, to, userId } = change;
  if (to === 'placed') return;
  const news = orderNews(order, to);
  const pushed = userId
    ? pushToUser(deps, userId, { title: deps.shop.title, body: news, url: '/account?activePage=orders', tag: `order-${order.id}` })
    : Promise.resolve();
  const mailed = (async () => {
    if (!orderEmailRecipient(order)) return;
    if (!deps.mailer) return deps.log.info({ orderId: order.id }, 'order status e-mail not sent: SMTP_URL is not set');
    if (deps.origin === null) return deps.log.error({ orderId: order.id }, `order status ${NO_PUBLIC_URL}`);
    const message = orderNewsEmail(order, to, deps.shop, deps.origin);
    if (!message) return;
    try {
      await deps.mailer.send(message);
    } catch (err) {
      deps.log.warn({ orderId: order.id, err: describeMailError(err) }, 'order status e-mail not sent');
    }
  })();
  await Promise.all([pushed, mailed]);
}

/** The shopper's reminder that their UPI order waits for its payment until `until` (issue 39): when the hold ends, the shop checks its bank. */
const upiReminderText = (order: Pick<OrderView, 'number'>, until: number, shop: Pick<ShopConfig, 'localeConfig' | 'timeZone'>): string =>
  `Your order ${orderLabel(order)} is waiting for your UPI payment. Please pay and enter the reference by ${new Intl.DateTimeFormat(shop.localeConfig.defaultLocale, { timeStyle: 'short', timeZone: shop.timeZone }).format(until)}; after that the shop checks its bank for your payment.`;

/**
 * Reminds the shopper to pay a UPI order before its hold ends: a push to the account's devices, and an
 * e-mail when the order has an address; failures are logged only.
 */
export async function remindToPay(deps: OrderNewsDeps, { order, userId, until }: { order: OrderView; userId: string | null; until: number }): Promise<void> {
  const text = upiReminderText(order, until, deps.shop);
  const pushed = userId
    ? pushToUser(deps, userId, { title: deps.shop.title, body: text, url: '/account?activePage=orders', tag: `order-${order.id}` })
    : Promise.resolve();
  const mailed = (async () => {
    const address = orderEmailRecipient(order);
    if (!address || !deps.mailer || deps.origin === null) return;
    const where = `Your orders: ${deps.origin}/account?activePage=orders (or the link in the e-mail sent when you ordered).`;
    try {
      await deps.mailer.send({
        to: address,
        subject: `Order ${orderLabel(order)} is waiting for your payment — ${deps.shop.title}`,
        text: [text, '', where, '', deps.shop.title, ''].join('\n'),
        html: `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;color:#1e293b;line-height:1.5"><p>${escapeHtml(text)}</p><p style="color:#64748b">${escapeHtml(where)}</p><p>${escapeHtml(deps.shop.title)}</p></body></html>\n`,
      });
    } catch (err) {
      deps.log.warn({ orderId: order.id, err: describeMailError(err) }, 'payment reminder e-mail not sent');
    }
  })();
  await Promise.all([pushed, mailed]);
}
