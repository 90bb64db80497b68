/**
 * Calendar dates (YYYY-MM-DD) and delivery slot ids, with no dependencies: the booking
 * engine, checkout's rules and the browser share them (booking.ts brings zod and time
 * zones, which the browser does not load).
 */

/** The date `days` after a YYYY-MM-DD date (plain calendar arithmetic, no time zone). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A delivery slot's id names the date and the slot: `2026-11-22/morning`. */
export const deliverySlotId = (date: string, slotId: string) => `${date}/${slotId}`;

/** The date and slot an id names, or null when it has not that shape. */
export function parseDeliverySlotId(id: string): { date: string; slotId: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})\/([A-Za-z0-9_-]+)$/.exec(id);
  return match ? { date: match[1]!, slotId: match[2]! } : null;
}
