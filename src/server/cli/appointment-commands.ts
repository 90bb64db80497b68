import { instantOf, isoDate, localDate } from '../../domain/booking.ts';
import { addDays } from '../../domain/calendar-dates.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { Db } from '../db/database.ts';
import { createAppointmentRepository } from '../db/repositories/booking-repository.ts';
import type { Out } from './out.ts';

/** Shoppers' words on one terminal line: no control characters (line breaks, escape sequences). */
const plain = (text: string) => text.replace(/\p{Cc}+/gu, ' ');

/** `appointments list [YYYY-MM-DD]`: one day's bookings in the shop's time zone (today without a date). */
export async function appointmentsCommand(db: Db, shop: ShopConfig, [sub, dateArg]: string[], out: Out, now = Date.now()): Promise<number> {
  if (sub !== 'list' || (dateArg !== undefined && !isoDate.safeParse(dateArg).success)) {
    out.error('Usage: npm run shop -- appointments list [date, like 2026-12-24; today by default]');
    return 1;
  }
  const date = dateArg ?? localDate(now, shop.timeZone);
  const list = await createAppointmentRepository(db).listBetween(instantOf(date, '00:00', shop.timeZone), instantOf(addDays(date, 1), '00:00', shop.timeZone));
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: shop.timeZone, hour: '2-digit', minute: '2-digit' });
  const booked = list.filter((a) => a.status === 'booked').length;
  out.log(`${date} (${shop.timeZone}): ${booked} booked${list.length > booked ? `, ${list.length - booked} cancelled` : ''}`);
  for (const a of list) {
    const { details } = a;
    const who = plain([details.name, details.phone, details.email].filter(Boolean).join(', '));
    out.log(
      `  ${time.format(a.start)}–${time.format(a.end)}  ${a.status.padEnd(9)}  ${details.serviceName}  ${who}  ${a.id}${details.notes ? `\n      note: ${plain(details.notes)}` : ''}`,
    );
  }
  return 0;
}
