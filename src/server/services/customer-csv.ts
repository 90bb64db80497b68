import { localDate } from '../../domain/booking.ts';
import { minorToText } from '../../domain/money.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { Customer } from '../../domain/customer.ts';
import { reportCsv } from './report-csv.ts';

/** The customers as CSV (the command line's export and the owner's download): last orders in the shop's time zone. */
export function customersCsv(customers: Customer[], shop: ShopConfig): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: shop.timeZone, hour: '2-digit', minute: '2-digit' });
  const rows = customers.map((c) => [
    c.name,
    c.email ?? '',
    c.phone ?? '',
    c.account ? 'account' : 'guest',
    c.orders,
    minorToText(c.spent, shop.localeConfig.fractionDigits),
    `${localDate(c.lastOrderAt, shop.timeZone)} ${time.format(c.lastOrderAt)}`,
  ]);
  return reportCsv(['name', 'email', 'phone', 'account', 'orders', 'total spent', `last order (${shop.timeZone})`], rows);
}
