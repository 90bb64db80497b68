import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { formatMoney, toMinor } from '../../domain/money.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { AppointmentRecord } from '../db/repositories/booking-repository.ts';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './order-email.ts';

export type AppointmentEmailInput = {
  appointment: AppointmentRecord;
  /** The account's confirmed e-mail address. */
  to: string;
  shop: Pick<ShopConfig, 'title' | 'localeConfig' | 'timeZone' | 'contact'>;
  /** The shop's public origin, without a trailing slash. */
  origin: string;
};

/** When the booking is, as the shop's locale writes it in the shop's time zone. */
export function bookingTime(start: number, shop: Pick<ShopConfig, 'localeConfig' | 'timeZone'>): string {
  return new Intl.DateTimeFormat(shop.localeConfig.defaultLocale, { dateStyle: 'full', timeStyle: 'short', timeZone: shop.timeZone }).format(start);
}

/**
 * The confirmation of a booking, with the booking as an .ics calendar file (a
 * PUBLISH event: calendars offer to add it). Pure, so it is tested without a mail
 * server. The shopper's note is not repeated: the e-mail carries only the shop's words.
 */
export function appointmentEmail({ appointment, to, shop, origin }: AppointmentEmailInput): MailMessage {
  const { details } = appointment;
  const when = bookingTime(appointment.start, shop);
  // a free service says so rather than "₹0.00"
  const price = details.price === 0 ? 'Free' : formatMoney(toMinor(details.price, shop.localeConfig.fractionDigits), shop.localeConfig);
  const manage = `${origin}/account?activePage=appointments`;
  const lines = [
    `Thank you for your booking at ${shop.title}.`,
    `${details.serviceName}: ${when} (${details.durationMinutes} minutes), ${price}.`,
    ...(shop.contact.address ? [`Where: ${shop.contact.address}`] : []),
    `Booking ${appointment.id}`,
  ];
  const manageIntro = 'To cancel or move it, open your account:';

  const calendar = ical({ name: shop.title, prodId: { company: 'storefront', product: 'bookings' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: `${appointment.id}@${new URL(origin).hostname}`,
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    stamp: new Date(appointment.createdAt),
    summary: `${details.serviceName} — ${shop.title}`,
    description: `${lines.slice(1).join('\n')}\n${manageIntro} ${manage}`,
    location: shop.contact.address ?? null,
    url: manage,
    status: ICalEventStatus.CONFIRMED,
  });

  const text = [...lines, '', manageIntro, manage, ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:system-ui,sans-serif;color:#1e293b;line-height:1.5">',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${escapeHtml(manageIntro)}<br><a href="${escapeHtml(manage)}">${escapeHtml(manage)}</a></p>`,
    '</body></html>',
    '',
  ].join('\n');
  // a subject is one header line: no line breaks from the config
  const subject = `Your booking at ${shop.title}: ${details.serviceName}, ${when}`.replace(/\s+/g, ' ');
  return {
    to,
    subject,
    text,
    html,
    attachments: [{ filename: 'booking.ics', content: calendar.toString(), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

/** The sentence the shopper gets when the shop cancels their booking (push and e-mail). */
export function bookingCancelledNews(appointment: AppointmentRecord, shop: Pick<ShopConfig, 'title' | 'localeConfig' | 'timeZone'>): string {
  return `${shop.title} had to cancel your booking: ${appointment.details.serviceName}, ${bookingTime(appointment.start, shop)}.`.replace(/\s+/g, ' ');
}

/**
 * The e-mail when the shop cancels a booking: the sentence, how to reach the shop and
 * where to book again, with a CANCEL calendar event so calendars drop the booking.
 */
export function appointmentCancelledEmail({ appointment, to, shop, origin }: AppointmentEmailInput): MailMessage {
  const news = bookingCancelledNews(appointment, shop);
  const contact = [shop.contact.phone, shop.contact.email].filter(Boolean).join(', ');
  const lines = [news, ...(contact ? [`To ask about it: ${contact}`] : []), `To book another time: ${origin}/appointment`, `Booking ${appointment.id}`];
  const calendar = ical({ name: shop.title, prodId: { company: 'storefront', product: 'bookings' }, method: ICalCalendarMethod.CANCEL });
  calendar.createEvent({
    id: `${appointment.id}@${new URL(origin).hostname}`,
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    stamp: new Date(),
    summary: `${appointment.details.serviceName} — ${shop.title}`,
    status: ICalEventStatus.CANCELLED,
    sequence: 1,
  });
  return {
    to,
    subject: `Your booking at ${shop.title} was cancelled`.replace(/\s+/g, ' '),
    text: [...lines, ''].join('\n'),
    html: [
      '<!doctype html>',
      '<html><body style="font-family:system-ui,sans-serif;color:#1e293b;line-height:1.5">',
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      '</body></html>',
      '',
    ].join('\n'),
    attachments: [{ filename: 'booking.ics', content: calendar.toString(), contentType: 'text/calendar; charset=utf-8; method=CANCEL' }],
  };
}
