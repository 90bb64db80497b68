import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../domain/money.ts';
import { deliveryModeNames } from '../../domain/order-details.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { Order } from '../../domain/order-view.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { AppointmentRecord } from '../db/repositories/booking-repository.ts';
import type { OwnerAlertRepository } from '../db/repositories/owner-alert-repository.ts';
import { bookingTime } from './appointment-email.ts';
import { describeMailError, type MailMessage, type Mailer } from './mailer.ts';
import { NO_PUBLIC_URL } from '../public-origin.ts';
import { escapeHtml } from './order-email.ts';
import { orderText } from './order-text.ts';
import { pushToAll } from './user-push.ts';
import type { PushMessage, PushSender } from './push.ts';

/**
 * Telling the owner the moment an order or a booking arrives, with /admin closed
 * (issue 18): a push to each device the owner turned alerts on for (from /admin), and an
 * e-mail to the shop's address — the config's `contact.email`, else every owner's
 * confirmed address. The board that is open hears it by its live feed instead. Like the
 * shopper's news, this runs after the answer and only logs its failures.
 */
export type OwnerAlerts = {
  /** `origin` is where the e-mail's link points (mailOrigin); null: the push goes, the e-mail does not. */
  orderPlaced(order: Order, origin: string | null): Promise<void>;
  bookingMade(appointment: AppointmentRecord, origin: string | null): Promise<void>;
};

type Deps = {
  /** The config in use now (a reload changes it). */ shop: () => ShopConfig;
  alerts: OwnerAlertRepository;
  push: PushSender | undefined;
  mailer: Mailer | undefined;
  log: FastifyBaseLogger;
};

/** The push for a new order: 'New order #1042' / '₹1,322.06 · Delivery · Asha Rao'; a click opens it on /admin. */
function orderAlert(order: Order, shop: Pick<ShopConfig, 'localeConfig'>): PushMessage {
  const money = formatMoney(order.grandTotal, shop.localeConfig);
  const name = order.details.personalDetails?.fullName?.trim();
  return {
    title: `New ${order.kind === 'enquiry' ? 'enquiry' : 'order'} ${orderLabel(order)}`,
    body: [money, deliveryModeNames[order.deliveryMode], name].filter(Boolean).join(' · '),
    url: `/admin/orders/${order.id}`,
    tag: `owner-order-${order.id}`,
  };
}

/** The push for a new booking: 'New booking: Spice tasting' / 'Tuesday, 24 November 2026 at 10:30 am · Kavya Menon'. */
function bookingAlert(appointment: AppointmentRecord, shop: Pick<ShopConfig, 'localeConfig' | 'timeZone'>): PushMessage {
  const { details } = appointment;
  return {
    title: `New booking: ${details.serviceName}`,
    body: [bookingTime(appointment.start, shop), details.name, details.phone].filter(Boolean).join(' · '),
    url: `/admin?section=bookings&date=${new Intl.DateTimeFormat('en-CA', { timeZone: shop.timeZone }).format(appointment.start)}`,
    tag: `owner-booking-${appointment.id}`,
  };
}

/** The owner's e-mail: the alert's words, the whole order or booking as text, and where to handle it. */
function alertEmail(to: string, alert: PushMessage, lines: string[], link: string, shopTitle: string): MailMessage {
  const text = [alert.body, '', ...lines, '', `Open it: ${link}`, ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:system-ui,sans-serif;color:#1e293b;line-height:1.5">',
    `<p><strong>${escapeHtml(alert.title)}</strong><br>${escapeHtml(alert.body)}</p>`,
    `<pre style="font:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '</body></html>',
    '',
  ].join('\n');
  // a subject is one header line: no line breaks from what a shopper typed
  return { to, subject: `${alert.title} · ${alert.body} — ${shopTitle}`.replace(/\s+/g, ' ').slice(0, 200), text, html };
}

/**
 * A read that the calls made while it runs share: orders placed at the same moment ask the
 * database for the owners' devices and addresses once (a round trip each per order
 * otherwise, decision 065). A call after it ended reads again, so a change is seen at once.
 */
function sharedWhileRunning<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= read().finally(() => {
      running = null;
    }));
}

export function createOwnerAlerts({ shop: shopNow, alerts, push, mailer, log }: Deps): OwnerAlerts {
  const subscriptions = sharedWhileRunning(() => alerts.ownersSubscriptions());
  const ownersEmails = sharedWhileRunning(() => alerts.ownersEmails());
  const pushAll = (message: PushMessage) => pushToAll({ push, log, subscriptions, forget: (id) => alerts.remove(id) }, message);

  async function mailAll(origin: string | null, build: (to: string, origin: string) => MailMessage, about: Record<string, string>): Promise<void> {
    const { email } = shopNow().contact;
    const recipients = email ? [email] : await ownersEmails();
    if (recipients.length === 0) return;
    if (!mailer) return log.info(about, 'owner alert e-mail not sent: SMTP_URL is not set');
    if (origin === null) return log.error(about, `owner alert ${NO_PUBLIC_URL}`);
    for (const to of recipients) {
      try {
        await mailer.send(build(to, origin));
      } catch (err) {
        log.warn({ ...about, mailError: describeMailError(err) }, 'owner alert e-mail not sent');
      }
    }
  }

  /** Both channels at once; whatever fails is logged, never thrown. */
  const both = (push: Promise<void>, mail: Promise<void>) =>
    Promise.all([push, mail]).then(
      () => undefined,
      (err: unknown) => log.warn({ err: String(err) }, 'owner alert not sent'),
    );

  return {
    orderPlaced(order, origin) {
      const shop = shopNow();
      const alert = orderAlert(order, shop);
      // the whole order as text only for an e-mail that goes
      let lines: string[] | undefined;
      const text = () => (lines ??= orderText({ ...order, cancelRequested: false, paymentReference: null }, shop));
      return both(
        pushAll(alert),
        mailAll(origin, (to, at) => alertEmail(to, alert, text(), `${at}${alert.url}`, shop.title), { orderId: order.id }),
      );
    },
    bookingMade(appointment, origin) {
      const shop = shopNow();
      const alert = bookingAlert(appointment, shop);
      const { details } = appointment;
      const lines = [
        `${details.serviceName}: ${bookingTime(appointment.start, shop)} (${details.durationMinutes} minutes)`,
        `Who: ${[details.name, details.phone, details.email].filter(Boolean).join(' · ')}`,
        ...(details.notes ? [`Note: ${details.notes}`] : []),
      ];
      return both(
        pushAll(alert),
        mailAll(origin, (to, at) => alertEmail(to, alert, lines, `${at}${alert.url}`, shop.title), { appointmentId: appointment.id }),
      );
    },
  };
}
