import { orderChannels } from '../../../../domain/order-channels.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import type { OwnerOrderSummary } from '../../../../domain/order-view.ts';
import { addMinor, type Minor } from '../../../../domain/money.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { BoardFilter } from '../api/owner-api.ts';
import { ownerPaymentStatus } from './order-facts.tsx';
import { OwnerSearchBox } from './owner-search-box.tsx';

const select = 'rounded-md border border-slate-300 px-3 py-2 text-base font-normal';

/**
 * What the board is narrowed to (issue 41): an order's number, a name or a phone number typed,
 * the shop's day, where orders came from and whether they are paid; with any of them set, the
 * list can be cleared back to the newest orders, and printed.
 */
export function BoardFilterBar({
  typed,
  onType,
  filter,
  onChange,
}: {
  typed: string;
  onType: (q: string) => void;
  filter: BoardFilter;
  onChange: (f: BoardFilter) => void;
}) {
  const { t } = useTranslation();
  const narrowed = typed || filter.day || filter.channel || filter.payment;
  return (
    <div className="flex flex-col gap-3 print:hidden">
      <OwnerSearchBox label={t('owner.board.find')} value={typed} onChange={onType} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.board.day')}
          <input type="date" value={filter.day ?? ''} onChange={(e) => onChange({ ...filter, day: e.target.value })} className={select} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.board.channel')}
          <select value={filter.channel ?? ''} onChange={(e) => onChange({ ...filter, channel: e.target.value as BoardFilter['channel'] })} className={select}>
            <option value="">{t('owner.board.any')}</option>
            {orderChannels.map((c) => (
              <option key={c} value={c}>
                {t(`owner.channels.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.board.payment')}
          <select value={filter.payment ?? ''} onChange={(e) => onChange({ ...filter, payment: e.target.value as BoardFilter['payment'] })} className={select}>
            <option value="">{t('owner.board.any')}</option>
            <option value="paid">{t('owner.board.paid')}</option>
            <option value="unpaid">{t('owner.board.unpaid')}</option>
          </select>
        </label>
        {narrowed ? (
          <button
            type="button"
            onClick={() => {
              onType('');
              onChange({});
            }}
            className="min-h-10 px-2 font-semibold text-primary-strong underline"
          >
            {t('owner.board.clear')}
          </button>
        ) : null}
        <button type="button" onClick={() => window.print()} className="min-h-10 px-2 font-semibold text-primary-strong underline">
          {t('owner.board.print')}
        </button>
      </div>
    </div>
  );
}

/** The list as printed: one line an order — number, time, customer, how, from where, status, payment, total — and the total of them. */
export function PrintedList({ orders, title }: { orders: OwnerOrderSummary<Minor>[]; title: string }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  return (
    <table className="hidden w-full border-collapse text-sm print:table">
      <caption className="pb-2 text-left text-lg font-bold">{title}</caption>
      <thead>
        <tr className="border-b border-black text-left">
          {(['order', 'time', 'customer', 'how', 'from', 'status', 'payment', 'total'] as const).map((c) => (
            <th key={c} className={`py-1 pr-2 ${c === 'total' ? 'text-right' : ''}`}>
              {t(`owner.board.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} className="border-b border-slate-300 align-top">
            <td className="py-1 pr-2">{orderLabel(o)}</td>
            <td className="py-1 pr-2">{when.dayTime(new Date(o.createdAt).toISOString())}</td>
            <td className="py-1 pr-2">{o.details.personalDetails?.fullName?.trim() || '—'}</td>
            <td className="py-1 pr-2">{t(`checkout.modes.${o.deliveryMode}`)}</td>
            <td className="py-1 pr-2">{t(`owner.channels.${o.channel}`)}</td>
            <td className="py-1 pr-2">{t(`order.statuses.${o.status}`, { defaultValue: o.status })}</td>
            <td className="py-1 pr-2">
              {o.paymentType ? t(`owner.paymentBy.${o.paymentType}`, { defaultValue: o.paymentType }) : '—'} · {ownerPaymentStatus(t, o)}
            </td>
            <td className="py-1 text-right tabular-nums">{price(o.grandTotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-bold">
          <td colSpan={7} className="py-1">
            {t('owner.board.count', { count: orders.length })}
          </td>
          <td className="py-1 text-right tabular-nums">{price(addMinor(...orders.map((o) => o.grandTotal)))}</td>
        </tr>
      </tfoot>
    </table>
  );
}
