import type { FastifyPluginAsync } from 'fastify';
import { instantOf, localDate } from '../../../domain/booking.ts';
import { addDays } from '../../../domain/calendar-dates.ts';
import { fromMinor } from '../../../domain/money.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { DayFigures, ReportRepository } from '../../db/repositories/report-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { Clock } from '../fn/appointment-routes.ts';
import { requireOwner } from './owner-order-routes.ts';

type Options = { shop: ShopConfig; accessTokens: AccessTokens; users: UserRepository; reports: ReportRepository; clock: Clock };

const TOP = 5;

/** The shop's day [start, end) in its time zone, as instants. */
const dayBounds = (date: string, timeZone: string) => ({ start: instantOf(date, '00:00', timeZone), end: instantOf(addDays(date, 1), '00:00', timeZone) });

/**
 * How the shop is doing (issue 21), under /admin/api: today in the shop's time zone beside
 * the same weekday a week before. Last week's orders are counted up to the same time of
 * day, so a morning is not set against a whole day; bookings are counted for the whole of
 * both days, since they are made ahead.
 */
export const ownerReportRoutes: FastifyPluginAsync<Options> = async (app, { shop, accessTokens, users, reports, clock }) => {
  app.addHook('preValidation', requireOwner(accessTokens, users));
  const digits = shop.localeConfig.fractionDigits;
  const decimals = (f: DayFigures) => ({ orders: f.orders, sales: fromMinor(f.sales, digits), paid: fromMinor(f.paid, digits), toCollect: fromMinor(f.toCollect, digits), average: fromMinor(f.average, digits), bookings: f.bookings });

  app.get('/today', async () => {
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
      today: { ...decimals(figures), top: top.map((p) => ({ productId: p.productId, title: p.title, variantName: p.variantName, isFraction: p.isFraction, quantity: p.qtyMilli / 1000, revenue: fromMinor(p.revenue, digits) })) },
      lastWeek: decimals(earlier),
    };
  });
};
