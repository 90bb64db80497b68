import { formatMoney, qtyToMilli, type Minor } from '../../domain/money.ts';
import { guestOrderLink, quantityLabel } from '../../domain/order-details.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { Order } from '../../domain/order-view.ts';
import type { MailMessage } from './mailer.ts';

export type OrderEmailInput = {
  order: Order;
  /** The order's notification token: it goes into the link's fragment and nowhere else. */
  notificationToken: string;
  shop: Pick<ShopConfig, 'title' | 'localeConfig'>;
  /** The shop's public origin, without a trailing slash. */
  origin: string;
};

/** The address the shopper gave at checkout; null when none was asked for or given. */
export function orderEmailRecipient(order: Pick<Order, 'details'>): string | null {
  const to = order.details.personalDetails?.email?.trim();
  return to ? to : null;
}

/**
 * The order e-mail to the shopper: the lines, the totals lines and the grand total as the
 * shop formats money, and the link to the guest view. Pure, so it is tested without a
 * mail server. Nothing the shopper typed (name, address) is put in it: anyone can place
 * an order with any address, and the shop's mail must not carry a stranger's text to it.
 * Null when the order has no e-mail address.
 */
export function orderEmail({ order, notificationToken, shop, origin }: OrderEmailInput): MailMessage | null {
  const to = orderEmailRecipient(order);
  if (!to) return null;
  const { localeConfig } = shop;
  const money = (amount: Minor) => formatMoney(amount, localeConfig);
  const noun = order.kind === 'enquiry' ? 'enquiry' : 'order';
  const link = guestOrderLink(origin, order.id, notificationToken);

  // one list of rows for both bodies: [label, amount]; the grand total is the last
  const rows: Array<[string, string]> = [
    ...order.lines.map((l): [string, string] => [
      `${quantityLabel(qtyToMilli(l.qty, l.isFraction), l.isFraction)} ${l.title}${l.variantName ? ` (${l.variantName})` : ''}`,
      money(l.total),
    ]),
    ...order.totals
      .filter((t) => t.code !== 'grand_total')
      .map((t): [string, string] => [t.isPercentage && t.percentAmount !== null ? `${t.title} (${t.percentAmount}%)` : t.title, money(t.value)]),
  ];
  const grandTotalTitle = order.totals.find((t) => t.code === 'grand_total')?.title ?? 'Grand Total';
  const grandTotal = money(order.grandTotal);

  const intro = `Thank you for your ${noun} at ${shop.title}.`;
  // the delivery slot it took, in the shop's zone: 'Delivery: Sunday, 22 November, Morning (8 am – 11 am)'
  const slot = order.details.shippingSlot;
  const delivery = slot
    ? `Delivery: ${new Intl.DateTimeFormat(localeConfig.defaultLocale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: slot.timeZone }).format(Date.parse(slot.start))}, ${slot.label}`
    : null;
  const linkIntro = `See your ${noun} at any time:`;
  const linkWarning = `Anyone with this link can see the ${noun}, so please do not forward this e-mail.`;

  const text = [
    intro,
    '',
    `${capitalised(noun)} ${orderLabel(order)}`,
    ...(delivery ? [delivery] : []),
    '',
    ...rows.map(([label, amount]) => `${label}: ${amount}`),
    `${grandTotalTitle}: ${grandTotal}`,
    '',
    linkIntro,
    link,
    '',
    linkWarning,
    '',
  ].join('\n');

  const cell = 'padding:4px 0;border-bottom:1px solid #e2e8f0';
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:system-ui,sans-serif;color:#1e293b;line-height:1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(capitalised(noun))} <strong>${escapeHtml(orderLabel(order))}</strong></p>`,
    ...(delivery ? [`<p>${escapeHtml(delivery)}</p>`] : []),
    '<table role="presentation" style="border-collapse:collapse;min-width:280px">',
    ...rows.map(
      ([label, amount]) =>
        `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right;padding-left:16px">${escapeHtml(amount)}</td></tr>`,
    ),
    `<tr><td style="padding:8px 0"><strong>${escapeHtml(grandTotalTitle)}</strong></td><td style="padding:8px 0 8px 16px;text-align:right"><strong>${escapeHtml(grandTotal)}</strong></td></tr>`,
    '</table>',
    `<p>${escapeHtml(linkIntro)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="color:#64748b;font-size:14px">${escapeHtml(linkWarning)}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  // a subject is one header line: no line breaks from the title, whatever the config holds
  const subject = `Your ${noun} ${orderLabel(order)} at ${shop.title}`.replace(/\s+/g, ' ');
  return { to, subject, text, html };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML element or a quoted attribute: the five characters that can change the markup. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
