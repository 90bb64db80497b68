import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayBounds, instantOf, localDate } from '../../../domain/booking.ts';
import { addDays } from '../../../domain/calendar-dates.ts';
import { addMinor, fromMinor } from '../../../domain/money.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { DayFigures, ReportRepository } from '../../db/repositories/report-repository.ts';
import type { Clock } from '../booking-answers.ts';

type Options = { shop: () => ShopConfig; fractionDigits: number; reports: ReportRepository; clock: Clock };

const TOP = 5;
/** How many days the sales chart shows, today the last. */
const CHART_DAYS = 30;

const money = z.number();
const dayCounts = { orders: z.number().int(), sales: money, paid: money, toCollect: money, bookings: z.number().int() };
/** GET /admin/api/days: the last 30 days in the shop's time zone, oldest first, and what they came to together. */
const daysAnswer = z.object({
  success: z.literal(true),
  days: z.array(z.object({ date: z.string(), ...dayCounts })),
  total: z.object(dayCounts),
});

/**
 * How the shop is doing (issue 21), under /admin/api: today in the shop's time zone beside
 * the same weekday a week before. Last week's orders are counted up to the same time of
 * day, so a morning is not set against a whole day; bookings are counted for the whole of
 * both days, since they are made ahead. The last 30 days are counted the same way, so the
 * chart's bar for today is the Today panel's sales.
 */
export const ownerReportRoutes: FastifyPluginAsync<Options> = async (app, { shop: shopNow, fractionDigits: digits, reports, clock }) => {
  const decimals = (f: DayFigures) => ({
    orders: f.orders,
    sales: fromMinor(f.sales, digits),
    paid: fromMinor(f.paid, digits),
    toCollect: fromMinor(f.toCollect, digits),
    average: fromMinor(f.average, digits),
    bookings: f.bookings,
  });

  app.get('/today', async () => {
    const shop = shopNow();
    const now = clock();
    const date = localDate(now, shop.timeZone);
    const lastWeek = addDays(date, -7);
    const today = dayBounds(date, shop.timeZone);
    const before = dayBounds(lastWeek, shop.timeZone);
    const [figures, earlier, top] = await Promise.all([
      reports.figures(today.start, today.end, today.end),
      reports.figures(before.start, Math.min(before.start + (now - today.start), before.end), before.end),
      reports.topProducts(today.start, today.end, TOP),
    ]);
    return {
      success: true,
      date,
      lastWeekDate: lastWeek,
      today: {
        ...decimals(figures),
        top: top.map((p) => ({
          productId: p.productId,
          title: p.title,
          variantName: p.variantName,
          isFraction: p.isFraction,
          quantity: p.qtyMilli / 1000,
          revenue: fromMinor(p.revenue, digits),
        })),
      },
      lastWeek: decimals(earlier),
    };
  });

  app.withTypeProvider<ZodTypeProvider>().get('/days', { schema: { response: { 200: daysAnswer } } }, async () => {
    const shop = shopNow();
    const date = localDate(clock(), shop.timeZone);
    const dates = Array.from({ length: CHART_DAYS }, (_, i) => addDays(date, i - CHART_DAYS + 1));
    // each day's first instant, then the end of today: a day where the clocks change is not 24 hours
    const bounds = [...dates, addDays(date, 1)].map((d) => instantOf(d, '00:00', shop.timeZone));
    const figures = await reports.days(bounds);
    // summed in minor units, so no float drift shows in the total
    const sum = (field: 'sales' | 'paid' | 'toCollect') => fromMinor(addMinor(...figures.map((f) => f[field])), digits);
    const count = (field: 'orders' | 'bookings') => figures.reduce((n, f) => n + f[field], 0);
    return {
      success: true as const,
      days: figures.map((f, i) => ({
        date: dates[i]!,
        orders: f.orders,
        sales: fromMinor(f.sales, digits),
        paid: fromMinor(f.paid, digits),
        toCollect: fromMinor(f.toCollect, digits),
        bookings: f.bookings,
      })),
      total: { orders: count('orders'), sales: sum('sales'), paid: sum('paid'), toCollect: sum('toCollect'), bookings: count('bookings') },
    };
  });
};
