import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { printKinds } from '../lib/print.ts';
import { isFinalStatus } from '../../../../domain/order-lifecycle.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import type { Minor } from '../../../../domain/money.ts';
import type { OwnerOrderSummary } from '../../../../domain/order-view.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { useOwnerOrders } from '../api/owner-queries.ts';
import { ChannelNote, ContactLine, HandOver, NewCustomerMark, Lines, PaymentFacts } from './order-facts.tsx';
import { OrderSteps } from './order-steps.tsx';
import { OwnerList } from './owner-list.tsx';
import { buttonClass } from '../../../ui/button.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import type { BoardFilter } from '../api/owner-api.ts';
import { BoardFilterBar, PrintedList } from './board-filter.tsx';

/**
 * The owner's live board of orders (issues 8 and 18): newest first, open ones apart from
 * done ones. Each card has what it takes to hand the order over — who, where, when, what
 * — and its next step; its title opens the whole order. New orders and changes from other
 * tabs appear without a reload (the live feed marks the list stale).
 */
export function OwnerBoard() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<BoardFilter>({});
  const q = useSettled(typed.trim(), 250);
  const board = useOwnerOrders({ ...filter, q });
  const [tab, setTab] = useState<'open' | 'done'>('open');

  const bar = <BoardFilterBar typed={typed} onType={setTyped} filter={filter} onChange={setFilter} />;
  if (board.isPending) return <p role="status">{t('nav.loading')}</p>;
  if (board.isError) return <p role="alert">{t('owner.failed')}</p>;
  const orders = board.data;
  const shown = orders.filter((o) => isFinalStatus(o.status) === (tab === 'done'));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3 print:hidden">
        <Link to="/admin/orders/new" className={buttonClass('primary', 'lg')}>
          {t('owner.keyIn.open')}
        </Link>
      </div>
      {bar}
      <PrintedList orders={orders} title={filter.day ? t('owner.board.printTitleDay', { day: filter.day }) : t('owner.board.printTitle')} />
      <div role="tablist" aria-label={t('owner.orders')} className="flex gap-2 print:hidden">
        {(['open', 'done'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`rounded-full px-4 py-1.5 font-semibold ${tab === name ? 'bg-primary text-on-primary' : 'border border-slate-300'}`}
          >
            {t(`owner.${name}`)} ({orders.filter((o) => isFinalStatus(o.status) === (name === 'done')).length})
          </button>
        ))}
      </div>
      {shown.length === 0 ? <p className="print:hidden">{t('owner.none')}</p> : null}
      <OwnerList
        items={shown}
        keyOf={(order) => order.id}
        row={(order) => <OrderCard order={order} />}
        className="grid gap-3 md:grid-cols-2 xl:grid-cols-3 print:hidden"
      />
    </div>
  );
}

function OrderCard({ order }: { order: OwnerOrderSummary<Minor> }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const label = orderLabel(order);
  const [first] = printKinds(order, false);
  return (
    <article aria-label={t('owner.order', { id: label })} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">
          <Link to={`/admin/orders/${order.id}`} className="text-primary-strong underline-offset-2 hover:underline">
            {t('owner.order', { id: label })}
          </Link>
        </h2>
        <span className="text-sm text-slate-600">{when.time(new Date(order.createdAt).toISOString())}</span>
      </header>
      <p className="text-sm">
        <strong>{t(`order.statuses.${order.status}`, { defaultValue: order.status })}</strong> · {t(`checkout.modes.${order.deliveryMode}`)} ·{' '}
        {price(order.grandTotal)}
        <ChannelNote order={order} />
      </p>
      {order.cancelRequested && !isFinalStatus(order.status) ? (
        <p className="w-max rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{t('owner.cancelRequested')}</p>
      ) : null}
      <NewCustomerMark order={order} />
      <ContactLine order={order} />
      <HandOver order={order} />
      <Lines order={order} />
      <PaymentFacts order={order} />
      <OrderSteps order={order} />
      {/* the printout the owner needs first, one tap from the board; the order's page has the others */}
      <Link to={`/admin/orders/${order.id}/print/${first}`} className="w-max text-sm font-semibold text-primary-strong hover:underline">
        {t(`owner.printAction.${first}`)}
      </Link>
    </article>
  );
}
