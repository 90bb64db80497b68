import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { minor, qtyToMilli } from '../../../../domain/money.ts';
import { quantityLabel } from '../../../../domain/order-details.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { usePriceFormat, useShop } from '../../../lib/use-shop.ts';
import type { DayFigures } from '../api/owner-api.ts';
import { useToday } from '../api/owner-queries.ts';

/**
 * The Today panel at the top of the orders (issue 21): what today brought in the shop's
 * time zone — orders, sales (paid and still to collect), the average order, bookings —
 * each beside the same weekday last week, and the best sellers. The live feed keeps it
 * current with the board.
 */
export function OwnerToday() {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const { defaultLocale } = usePriceFormat();
  const bookings = useShop().appointments.enabled;
  const query = useToday();
  if (query.isPending) return <p role="status">{t('nav.loading')}</p>;
  if (query.isError) return <p role="alert">{t('owner.failed')}</p>;
  const { today, lastWeek, lastWeekDate } = query.data;
  const weekday = new Intl.DateTimeFormat(defaultLocale, { weekday: 'short', timeZone: 'UTC' }).format(Date.parse(`${lastWeekDate}T12:00:00Z`));

  /** "+2 vs last Tue", in money for amounts (minor units, so no float shows). */
  const change = (field: keyof DayFigures, money: boolean) => {
    const diff = today[field] - lastWeek[field];
    if (diff === 0) return { text: t('owner.todaySame', { weekday }), tone: 'text-slate-600' };
    const amount = money ? price(minor(Math.abs(diff))) : String(Math.abs(diff));
    return { text: t('owner.todayChange', { change: `${diff > 0 ? '+' : '−'}${amount}`, weekday }), tone: diff > 0 ? 'text-green-800' : 'text-amber-800' };
  };
  const tile = (label: string, field: keyof DayFigures, money: boolean, extra?: string, wide = false) => {
    const { text, tone } = change(field, money);
    return (
      <div className={`flex flex-col rounded-md bg-slate-50 p-2 ${wide ? 'col-span-2' : ''}`}>
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd className="text-xl font-bold tabular-nums">{money ? price(minor(today[field])) : today[field]}</dd>
        {extra ? <dd className="text-sm">{extra}</dd> : null}
        <dd className={`text-sm ${tone}`}>{text}</dd>
      </div>
    );
  };

  return (
    <section aria-labelledby="owner-today" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="owner-today" className="font-bold">
        {t('owner.todayTitle')}
      </h2>
      <dl className="grid grid-cols-2 gap-2">
        {tile(t('owner.todaySales'), 'sales', true, t('owner.todaySplit', { paid: price(today.paid), toCollect: price(today.toCollect) }), true)}
        {tile(t('owner.todayOrders'), 'orders', false)}
        {tile(t('owner.todayAverage'), 'average', true)}
        {bookings ? tile(t('owner.todayBookings'), 'bookings', false) : null}
      </dl>
      {today.top.length > 0 ? (
        <details>
          <summary className="cursor-pointer py-1 font-semibold">{t('owner.todayTop')}</summary>
          <ol className="flex flex-col gap-1">
            {today.top.map((p) => (
              <li key={p.productId} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{quantityLabel(qtyToMilli(p.quantity, p.isFraction), p.isFraction)}</span> {p.title}
                  {p.variantName ? ` · ${p.variantName}` : ''}
                </span>
                <span className="tabular-nums">{price(p.revenue)}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <p className="text-xs text-slate-600">{t('owner.todayNote', { weekday })}</p>
    </section>
  );
}
