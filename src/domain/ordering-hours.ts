import { addDays } from './calendar-dates.ts';
import { instantOf, localDate, weekdayOf, type OpeningHours } from './booking.ts';

/**
 * Ordering hours (issue 24, decision 050): when the shop takes orders, weekly in its time
 * zone and never on its closed dates. Absent, it always does (the owner's switch aside).
 * Pure: the server asks it for every order and every page render with its clock.
 */

/** How far ahead an opening is looked for: past a year of closed dates the shop counts as not reopening. */
const SEARCH_DAYS = 400;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/**
 * The first instant at or after `now` within the opening hours: `now` itself while open,
 * else when ordering next opens; null when no day within a year has hours. An interval
 * holds from its `from` up to, not including, its `to`; "24:00" then "00:00" the next day
 * is one stretch across midnight.
 * @internal Exported for its unit test only (a test seam): the stretches across midnight and closed dates are tested on the hours alone, not through a shop.
 */
export function nextOpening(hours: OpeningHours, closedDates: readonly string[], timeZone: string, now: number): number | null {
  const today = localDate(now, timeZone);
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const date = addDays(today, i);
    if (closedDates.includes(date)) continue;
    const intervals = [...hours[weekdayOf(date)]].sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    for (const { from, to } of intervals) {
      const end = instantOf(date, to, timeZone);
      if (now < end) return Math.max(now, instantOf(date, from, timeZone));
    }
  }
  return null;
}

/** Why the shop takes no order now, by its hours: when it opens again (null: not within a year). Null when it takes orders. */
export type OrderingClosed = { opensAt: number | null } | null;

export type OrderingShop = { orderConfig: { openingHours?: OpeningHours | undefined }; closedDates: readonly string[]; timeZone: string };

/** Whether the shop's ordering hours allow an order now. */
export function orderingClosed(shop: OrderingShop, now: number): OrderingClosed {
  const hours = shop.orderConfig.openingHours;
  if (!hours) return null;
  const opens = nextOpening(hours, shop.closedDates, shop.timeZone, now);
  return opens === now ? null : { opensAt: opens };
}
