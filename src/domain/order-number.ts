/**
 * The number people say on the phone and read on a slip (issue 18): a per-shop sequence,
 * #1042, given in the order's transaction. The long id stays the internal and URL id. No
 * dependencies, so every page can write it without loading the order schemas.
 */

/** How an order's number is written everywhere (screens, e-mails, pushes, slips, the command line): #1042. */
export const orderLabel = (order: { number: number }): string => `#${order.number}`;

/** The number in `1042` or `#1042`, else null: what the command line accepts besides the long id. */
export function parseOrderNumber(text: string): number | null {
  const match = /^#?(\d{1,15})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}
