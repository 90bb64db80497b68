import type { SalesDay } from '../api/owner-api.ts';

/**
 * The 30-day chart's arithmetic (issue 21), kept apart from uPlot so it is tested without a
 * canvas and loads with the card, not with the chart's library.
 */

/** The chart's height in CSS pixels, kept by its placeholder while uPlot loads so nothing below it moves. */
export const CHART_HEIGHT = 160;

/** uPlot's data: x is the day's place (0 the oldest), so the axis shows the shop's dates, not the browser's time zone. */
export function chartData(days: readonly Pick<SalesDay, 'sales'>[]): [number[], number[]] {
  return [days.map((_, i) => i), days.map((d) => d.sales)];
}

/** The day that sold most; among equal days the latest, the one the owner remembers. Null when nothing sold. */
export function bestDay<D extends SalesDay>(days: readonly D[]): D | null {
  let best: D | null = null;
  for (const day of days) if (day.sales > 0 && (!best || day.sales >= best.sales)) best = day;
  return best;
}

/** Where the date labels go: today and every 7th day before it, oldest first, so each label is the same weekday as today. */
export function weekTicks(count: number): number[] {
  const ticks: number[] = [];
  for (let i = count - 1; i >= 0; i -= 7) ticks.unshift(i);
  return ticks;
}

/** A YYYY-MM-DD date as the owner reads it ("Tue, 24 Nov"): a calendar date, so formatted at noon UTC, never shifted by a zone. */
export function dayFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' },
): (date: string) => string {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return (date) => format.format(Date.parse(`${date}T12:00:00Z`));
}
