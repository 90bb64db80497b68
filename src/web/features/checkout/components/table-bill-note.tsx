import { toMinor } from '../../../../domain/money.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import type { ShopperBill } from '../api/orders.ts';

/**
 * The table's running bill beside a diner's order (issue 41): every round sent from the table, by
 * its number, status and total (theirs marked), what the rounds come to and what is still to pay —
 * once, at the end — or that the bill is paid.
 */
export function TableBillNote({ bill }: { bill: ShopperBill }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const { fractionDigits } = usePriceFormat();
  const money = (x: number) => price(toMinor(x, fractionDigits));
  return (
    <section aria-label={t('order.bill.title', { table: bill.table })} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t('order.bill.title', { table: bill.table })}</h2>
      <ul className="flex flex-col gap-1">
        {bill.rounds.map((round) => (
          <li key={round.number} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className={round.mine ? 'font-semibold' : ''}>
              {t('order.bill.round', { number: round.number })}
              {round.mine ? ` · ${t('order.bill.yours')}` : ''}
            </span>
            <span className="text-sm text-slate-700">{t(`order.statuses.${round.status}`, { defaultValue: round.status })}</span>
            <span>{money(round.total)}</span>
          </li>
        ))}
      </ul>
      <p className="font-semibold">{t('order.bill.total', { total: money(bill.total) })}</p>
      <p role="status" className={bill.status === 'settled' ? 'text-green-800' : 'text-slate-800'}>
        {bill.status === 'settled' ? t('order.bill.settled') : bill.due > 0 ? t('order.bill.due', { due: money(bill.due) }) : t('order.bill.paid')}
      </p>
    </section>
  );
}
