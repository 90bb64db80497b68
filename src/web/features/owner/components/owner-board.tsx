import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinalStatus, nextStatuses, ownerMarksPayment, type FulfilmentMode, type OrderMove } from '../../../../domain/order-lifecycle.ts';
import { qtyToMilli, quantityLabel } from '../../../../domain/money.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { ownerApi, watchOrders, type OwnerOrder } from '../api/owner-api.ts';

type Board = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; orders: OwnerOrder[] };

/**
 * The owner's live board of orders (issue 8): newest first, open ones apart from done
 * ones, each with the step it can take next and its payment to mark. New orders and
 * changes from other tabs appear without a reload (the live feed).
 */
export function OwnerBoard() {
  const { t } = useTranslation();
  const [board, setBoard] = useState<Board>({ kind: 'loading' });
  const [tab, setTab] = useState<'open' | 'done'>('open');

  // bumped by the live feed and by the owner's own changes: the list is fetched again
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    void ownerApi.orders().then((res) => live && setBoard(res.ok ? { kind: 'loaded', orders: res.data.orders } : { kind: 'failed' }));
    return () => void (live = false);
  }, [version]);
  useEffect(() => watchOrders(reload), [reload]);

  if (board.kind === 'loading') return <p role="status">{t('nav.loading')}</p>;
  if (board.kind === 'failed') return <p role="alert">{t('owner.failed')}</p>;

  const shown = board.orders.filter((o) => isFinalStatus(o.status) === (tab === 'done'));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t('owner.live')}</p>
      <div role="tablist" aria-label={t('owner.orders')} className="flex gap-2">
        {(['open', 'done'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)} className={`rounded-full px-4 py-1.5 font-semibold ${tab === name ? 'bg-primary-strong text-white' : 'border border-slate-300'}`}>
            {t(`owner.${name}`)} ({board.orders.filter((o) => isFinalStatus(o.status) === (name === 'done')).length})
          </button>
        ))}
      </div>
      {shown.length === 0 ? <p>{t('owner.none')}</p> : null}
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {shown.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onChanged={reload} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OrderCard({ order, onChanged }: { order: OwnerOrder; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const price = useFormatPrice();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [sure, setSure] = useState<OrderMove | null>(null);
  const short = orderLabel(order);
  const moves = nextStatuses(order.status, order.deliveryMode as FulfilmentMode);
  const ends = (to: OrderMove) => to === 'cancelled' || to === 'rejected';
  const next = { forward: moves.find((to) => !ends(to)), ends: moves.filter(ends) };
  const unpaid = ownerMarksPayment(order);

  const act = async (work: () => Promise<{ ok: boolean; error?: { message?: string; error?: string } | null }>) => {
    setBusy(true);
    setProblem(null);
    const res = await work();
    setBusy(false);
    if (!res.ok && res.error?.error === 'reference') return setReference('');
    if (!res.ok) setProblem(res.error?.message ?? t('owner.failed'));
    setReference(null);
    setSure(null);
    onChanged();
  };

  return (
    <article aria-label={t('owner.order', { id: short })} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{t('owner.order', { id: short })}</h2>
        <span className="text-sm text-slate-600">{new Date(order.createdAt).toLocaleTimeString(i18n.language, { hour: 'numeric', minute: '2-digit' })}</span>
      </header>
      <p className="text-sm">
        <strong>{t(`order.statuses.${order.status}`, { defaultValue: order.status })}</strong> · {t(`checkout.modes.${order.deliveryMode}`)} · {price(order.grandTotal)} · {t(`order.paymentStatuses.${order.paymentStatus}`, { defaultValue: order.paymentStatus })}
      </p>
      {order.cancelRequested && !isFinalStatus(order.status) ? <p className="w-max rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{t('owner.cancelRequested')}</p> : null}
      <p className="text-sm text-slate-700">{order.details.personalDetails?.fullName}</p>
      <ul className="text-sm text-slate-700">
        {order.lines.map((l) => (
          <li key={l.productId}>
            {quantityLabel(qtyToMilli(l.qty, l.isFraction), l.isFraction)} {l.title}
            {l.variantName ? ` (${l.variantName})` : ''}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {/* the next step only (steps can be skipped from the command line); ending it takes a second click */}
        {next.forward ? (
          <button type="button" disabled={busy} onClick={() => void act(() => ownerApi.setStatus(order.id, next.forward!))} className="rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50">
            {t(`owner.actions.${next.forward}`)}
          </button>
        ) : null}
        {next.ends.map((to) => (
          <button
            key={to}
            type="button"
            disabled={busy}
            onClick={() => (sure === to ? void act(() => ownerApi.setStatus(order.id, to)) : setSure(to))}
            className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 disabled:opacity-50"
          >
            {sure === to ? t('owner.sure', { action: t(`owner.actions.${to}`) }) : t(`owner.actions.${to}`)}
          </button>
        ))}
        {unpaid && reference === null ? (
          <button type="button" disabled={busy} onClick={() => void act(() => ownerApi.markPaid(order.id))} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold disabled:opacity-50">
            {order.paymentType === 'pof' ? t('owner.markCollected') : t('owner.markPaid')}
          </button>
        ) : null}
      </div>
      {reference !== null ? (
        <form onSubmit={(e) => (e.preventDefault(), void act(() => ownerApi.markPaid(order.id, reference)))} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm">
            {t('owner.reference')}
            <input value={reference} onChange={(e) => setReference(e.target.value)} minLength={4} maxLength={64} required className="rounded-md border border-slate-300 px-2 py-1" />
          </label>
          <button type="submit" disabled={busy} className="rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white">
            {t('owner.saveReference')}
          </button>
        </form>
      ) : null}
      {problem ? <p role="alert" className="text-sm text-red-700">{problem}</p> : null}
    </article>
  );
}
