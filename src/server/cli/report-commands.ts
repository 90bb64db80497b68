import path from 'node:path';
import { parseArgs } from 'node:util';
import { instantOf, isoDate, localDate } from '../../domain/booking.ts';
import { addDays } from '../../domain/calendar-dates.ts';
import { addMinor, formatQuantity, minorToText } from '../../domain/money.ts';
import { orderLabel } from '../../domain/order-number.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { Db } from '../db/database.ts';
import { createCustomerRepository } from '../db/repositories/customer-repository.ts';
import { createReportRepository, type SalesLine } from '../db/repositories/report-repository.ts';
import { customersCsv } from '../services/customer-csv.ts';
import { reportCsv, writeWhole } from '../services/report-csv.ts';
import type { Out } from './out.ts';

/** Words on one terminal line: no control characters (line breaks, escape sequences). */
const plain = (text: string) => text.replace(/\p{Cc}+/gu, ' ');

const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const SALES_USAGE =
  "Usage: npm run shop -- report sales [--from 2026-11-01] [--to 2026-11-30] [--csv file.csv]  (dates in the shop's time zone; today by default, --from alone runs to today)";
const SALES_COLUMNS = ['date', 'time', 'order', 'status', 'payment', 'payment status', 'product', 'variant', 'qty', 'unit price', 'line total', 'tax'] as const;

/** `report sales [--from --to] [--csv file]`: one row per order line, dated in the shop's time zone. */
export async function reportCommand(db: Db, shop: ShopConfig, args: string[], out: Out, now = Date.now()): Promise<number> {
  const [sub, ...rest] = args;
  let options: { from?: string; to?: string; csv?: string };
  try {
    options = parseArgs({ args: rest, options: { from: { type: 'string' }, to: { type: 'string' }, csv: { type: 'string' } }, strict: true }).values;
  } catch (err) {
    out.error(`${(err as Error).message}\n${SALES_USAGE}`);
    return 1;
  }
  const bad = [options.from, options.to].find((d) => d !== undefined && !isoDate.safeParse(d).success);
  if (sub !== 'sales' || bad !== undefined) {
    out.error(bad === undefined ? SALES_USAGE : `"${bad}" is not a date: write it like 2026-11-24.\n${SALES_USAGE}`);
    return 1;
  }
  const to = options.to ?? localDate(now, shop.timeZone);
  const from = options.from ?? to;
  if (from > to) {
    out.error(`--from ${from} is after --to ${to}: nothing can be between them.`);
    return 1;
  }
  const lines = await createReportRepository(db).salesLines(instantOf(from, '00:00', shop.timeZone), instantOf(addDays(to, 1), '00:00', shop.timeZone));
  const rows = lines.map((l) => salesRow(l, shop));
  const orders = new Set(lines.map((l) => l.number)).size;
  const span = `${from === to ? from : `${from} to ${to}`} (${shop.timeZone})`;
  if (options.csv !== undefined) {
    const problem = options.csv ? writeWhole(path.resolve(options.csv), reportCsv(SALES_COLUMNS, rows)) : 'Name the file: --csv sales.csv';
    if (problem) {
      out.error(problem);
      return 1;
    }
    out.log(`Wrote ${counted(lines.length, 'line')} of ${counted(orders, 'order')}, ${span}, to ${options.csv}.`);
    return 0;
  }
  if (lines.length === 0) {
    out.log(`No orders ${span}.`);
    return 0;
  }
  out.log(`Sales ${span}: ${counted(lines.length, 'line')} of ${counted(orders, 'order')}`);
  printTable(
    [...SALES_COLUMNS],
    rows.map((r) => r.map((c) => plain(String(c)))),
    out,
  );
  const kept = lines.filter((l) => l.status !== 'cancelled' && l.status !== 'rejected');
  out.log(
    `Line totals of the orders not cancelled or rejected: ${minorToText(addMinor(...kept.map((l) => l.total)), shop.localeConfig.fractionDigits)} (before charges and discounts)`,
  );
  return 0;
}

function salesRow(l: SalesLine, shop: ShopConfig): string[] {
  const digits = shop.localeConfig.fractionDigits;
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: shop.timeZone, hour: '2-digit', minute: '2-digit' }).format(l.createdAt);
  const qty = formatQuantity(l.qtyMilli, l.isFraction);
  return [
    localDate(l.createdAt, shop.timeZone),
    time,
    orderLabel(l),
    l.status,
    l.paymentType ?? '',
    l.paymentStatus,
    l.title,
    l.variantName,
    l.isFraction ? `${qty} kg` : qty,
    minorToText(l.unitPrice, digits),
    minorToText(l.total, digits),
    minorToText(l.tax, digits),
  ];
}

/** Columns as wide as their widest cell; numbers to the right. */
function printTable(header: string[], rows: string[][], out: Out): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const right = header.map((_h, i) => rows.length > 0 && rows.every((r) => /^-?[\d.]+( kg)?$/.test(r[i]!)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  out.log(line(header));
  for (const r of rows) out.log(line(r));
}

/** `newsletter export <file.csv>`: the confirmed addresses with when each confirmed, in the shop's time zone. */
export async function newsletterCommand(db: Db, shop: ShopConfig, [sub, file]: string[], out: Out): Promise<number> {
  if (sub !== 'export' || !file) {
    out.error('Usage: npm run shop -- newsletter export <file.csv>  (the confirmed subscribers)');
    return 1;
  }
  const subscribers = await createReportRepository(db).confirmedSubscribers();
  const when = new Intl.DateTimeFormat('en-GB', { timeZone: shop.timeZone, hour: '2-digit', minute: '2-digit' });
  const rows = subscribers.map((s) => [s.email, `${localDate(s.confirmedAt, shop.timeZone)} ${when.format(s.confirmedAt)}`]);
  const problem = writeWhole(path.resolve(file), reportCsv(['email', `confirmed at (${shop.timeZone})`], rows));
  if (problem) {
    out.error(problem);
    return 1;
  }
  out.log(`Wrote ${counted(subscribers.length, 'confirmed subscriber')} to ${file}.`);
  return 0;
}

/** `customers export <file.csv>`: every shopper and guest contact with their orders, what they spent and their last order. */
export async function customersCommand(db: Db, shop: ShopConfig, [sub, file]: string[], out: Out): Promise<number> {
  if (sub !== 'export' || !file) {
    out.error('Usage: npm run shop -- customers export <file.csv>  (shoppers and guest contacts with their orders)');
    return 1;
  }
  const customers = await createCustomerRepository(db).list();
  const problem = writeWhole(path.resolve(file), customersCsv(customers, shop));
  if (problem) {
    out.error(problem);
    return 1;
  }
  out.log(`Wrote ${counted(customers.length, 'customer')} to ${file}.`);
  return 0;
}
