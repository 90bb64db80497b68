import { formatQuantity } from './money.ts';
import type { OrderView } from './order-view.ts';

/**
 * What it takes to hand an order over, read the same on /admin, on a printed slip, in
 * `orders show` and in the owner's e-mail (issue 18): who to call, where to go, which
 * table. Pure, and free of the order schemas, so the owner's pages can use it.
 */

type Details = Pick<OrderView, 'details'>;

/** How the order is handed over, in the words of the owner's e-mails, the command line and the webhook (the pages use their own translated texts). */
export const deliveryModeNames = { ship: 'Delivery', dine: 'Dine-in', pickup: 'Pickup', digital: 'Digital' } as const;

/** The shopper's phone as one dialable string: '+91 9800000001'; '' when none was given. */
export function contactPhone(order: Details): string {
  const phone = order.details.personalDetails?.phone;
  const number = phone?.number.trim() ?? '';
  if (!number) return '';
  const dial = phone?.dialCode.trim() ?? '';
  return dial && !number.startsWith('+') ? `${dial} ${number}` : number;
}

/**
 * The guest view of one order (the order e-mail's and WhatsApp's link). The id and token are in
 * the fragment, never the query: a fragment is not sent to the server, so it stays out of access
 * logs, proxies and the Referer of anything the page loads.
 */
export function guestOrderLink(origin: string, orderId: string, token: string): string {
  return `${origin}/guest/view-order#${new URLSearchParams({ orderId, token }).toString()}`;
}

/** A `tel:` link for a phone number as people write it ('+91 98450 67890' → 'tel:+919845067890'). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The delivery address as the lines of a label, or null for an order that is not delivered. */
export function addressLines(order: Details): string[] | null {
  const a = order.details.shippingDetails;
  if (!a) return null;
  const lines = [a.fullName, a.streetName, a.apartment, [a.city, a.state, a.zipCode].filter((p) => p.trim()).join(', '), a.country];
  return lines.filter((l) => l.trim() !== '');
}

/** The table of a dine-in order by its name in the config, with what the shopper added ('Table 4, window seat'); null when none. */
export function tableText(order: Details, dineSpaces: ReadonlyArray<{ id: string; name: string }>): string | null {
  const dine = order.details.dineInDetails;
  if (!dine) return null;
  const space = dineSpaces.find((s) => s.id === dine.spaceId)?.name ?? dine.spaceId;
  return [space, dine.value].filter((p) => p && p.trim()).join(', ') || null;
}

/**
 * A line's quantity as the owner and the shopper read it beside the product: "0.75 kg"
 * for a product sold by weight, "2 ×" for one sold in units (issue 18: weighed lines
 * read the same everywhere).
 */
export const quantityLabel = (qtyMilli: number, isFraction: boolean): string => `${formatQuantity(qtyMilli, isFraction)} ${isFraction ? 'kg' : '×'}`;
