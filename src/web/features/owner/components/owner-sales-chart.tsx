import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { fromMinor, toMinor } from '../../../../domain/money.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { loadable } from '../../../lib/loadable.tsx';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { useSalesDays } from '../api/owner-queries.ts';
import { bestDay, CHART_HEIGHT, dayFormat } from '../lib/sales-days.ts';

// uPlot and its stylesheet load with this part only, after the orders section shows (decision 038)
const SalesChartCanvas = loadable(() => import('./sales-chart-canvas.tsx').then((m) => m.SalesChartCanvas), {
  inline: true,
  fallback: <div style={{ height: CHART_HEIGHT }} />,
});

/**
 * The last 30 days under the Today panel (issue 21): a bar a day of the sales, counted as
 * Today counts them, with the total and the best day written out and every day's figures
 * in a table, since the chart is a picture. The live feed keeps it current with Today.
 */
export function OwnerSalesChart() {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const { defaultLocale, fractionDigits } = usePriceFormat();
  const query = useSalesDays();
  const formats = useMemo(() => {
    const compact = new Intl.NumberFormat(defaultLocale, { notation: 'compact', maximumFractionDigits: 1 });
    return { day: dayFormat(defaultLocale), short: (n: number) => compact.format(n), axisDay: dayFormat(defaultLocale, { day: 'numeric', month: 'short' }) };
  }, [defaultLocale]);
  const data = query.data;
  // the bars are drawn in the currency's units, as the axis and the legend read them
  const plotted = useMemo(() => data?.days.map((d) => ({ date: d.date, sales: fromMinor(d.sales, fractionDigits) })) ?? [], [data, fractionDigits]);
  if (query.isPending) return <p role="status">{t('nav.loading')}</p>;
  if (query.isError) return <p role="alert">{t('owner.failed')}</p>;
  const { days, total } = query.data;
  const best = bestDay(days);

  return (
    <section aria-labelledby="owner-days" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="owner-days" className="font-bold">
        {t('owner.daysTitle')}
      </h2>
      <p className="text-xl font-bold tabular-nums">{t('owner.daysTotal', { sales: price(total.sales), count: total.orders })}</p>
      <p className="text-sm">{best ? t('owner.daysBest', { day: formats.day(best.date), sales: price(best.sales) }) : t('owner.daysNone')}</p>
      <SalesChartCanvas
        days={plotted}
        labels={{ day: t('owner.daysDay'), sales: t('owner.todaySales') }}
        dayLabel={formats.axisDay}
        price={(amount) => price(toMinor(amount, fractionDigits))}
        short={formats.short}
      />
      <details>
        <summary className="cursor-pointer py-1 font-semibold">{t('owner.daysTable')}</summary>
        <table className="w-full text-sm tabular-nums">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 font-normal">
                {t('owner.daysDay')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('owner.todayOrders')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('owner.todaySales')}
              </th>
            </tr>
          </thead>
          <tbody>
            {/* newest first: the days the owner asks about most are at the top */}
            {[...days].reverse().map((d) => (
              <tr key={d.date} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-left font-normal">
                  {formats.day(d.date)}
                </th>
                <td className="py-1 text-right">{d.orders}</td>
                <td className="py-1 text-right">{price(d.sales)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="text-xs text-slate-600">{t('owner.daysNote')}</p>
    </section>
  );
}
