import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { nextStatuses, ownerMarksPayment, type FulfilmentMode, type OrderMove } from '../../../../domain/order-lifecycle.ts';
import type { OwnerOrderSummary } from '../../../../domain/order-view.ts';
import type { ApiResult } from '../../../lib/api.ts';
import { ownerApi } from '../api/owner-api.ts';
import { refreshOwnerData } from '../api/owner-queries.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';

const ends = (to: OrderMove) => to === 'cancelled' || to === 'rejected';

/**
 * What the owner can do with an order next, on its card and its page: the next step,
 * Reject or Cancel (a second click to be sure), marking a manual payment paid or
 * collected, and marking a refund done. Each change refetches what shows the order.
 */
export function OrderSteps({ order }: { order: OwnerOrderSummary }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // the reference form that is open: a UPI payment without one from the shopper, or a refund
  const [form, setForm] = useState<{ kind: 'paid' | 'refund'; value: string } | null>(null);
  const [sure, setSure] = useState<OrderMove | null>(null);
  const moves = nextStatuses(order.status, order.deliveryMode as FulfilmentMode);
  const forward = moves.find((to) => !ends(to));
  // money is taken for an order that goes ahead or was handed over (cash on delivery is collected at the door), never for one that ended unfulfilled
  const unpaid = ownerMarksPayment(order);

  const act = async (work: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    setProblem(null);
    const res = await work();
    setBusy(false);
    if (!res.ok && res.error?.error === 'reference') return setForm({ kind: 'paid', value: '' });
    if (!res.ok) setProblem(res.error?.message ?? t('owner.failed'));
    setForm(null);
    setSure(null);
    await refreshOwnerData('orders');
  };

  const small = 'rounded-md px-3 py-2 text-sm font-semibold disabled:opacity-50';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {forward ? (
          <Button size="sm-tall" disabled={busy} onClick={() => void act(() => ownerApi.setStatus(order.id, forward))}>
            {t(`owner.actions.${forward}`)}
          </Button>
        ) : null}
        {unpaid && form === null ? (
          <Button variant="secondary" size="sm-tall" disabled={busy} onClick={() => void act(() => ownerApi.markPaid(order.id))}>
            {order.paymentType === 'pof' ? t('owner.markCollected') : t('owner.markPaid')}
          </Button>
        ) : null}
        {order.refund?.status === 'due' && form === null ? (
          <Button variant="secondary" size="sm-tall" disabled={busy} onClick={() => setForm({ kind: 'refund', value: '' })}>
            {t('owner.markRefunded')}
          </Button>
        ) : null}
        {moves.filter(ends).map((to) => (
          <button
            key={to}
            type="button"
            disabled={busy}
            onClick={() => (sure === to ? void act(() => ownerApi.setStatus(order.id, to)) : setSure(to))}
            className={`${small} border border-red-300 text-red-800`}
          >
            {sure === to ? t('owner.sure', { action: t(`owner.actions.${to}`) }) : t(`owner.actions.${to}`)}
          </button>
        ))}
      </div>
      {form ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => (form.kind === 'paid' ? ownerApi.markPaid(order.id, form.value) : ownerApi.markRefunded(order.id, form.value.trim())));
          }}
          className="flex flex-wrap items-end gap-2"
        >
          <label className="flex flex-col text-sm">
            {form.kind === 'paid' ? t('owner.reference') : t('owner.refundReference')}
            <input
              value={form.value}
              onChange={(e) => setForm({ ...form, value: e.target.value })}
              minLength={form.kind === 'paid' ? 4 : 0}
              maxLength={64}
              required={form.kind === 'paid'}
              className="rounded-md border border-slate-300 px-2 py-1.5 text-base"
            />
          </label>
          <Button size="sm-tall" type="submit" disabled={busy}>
            {form.kind === 'paid' ? t('owner.saveReference') : t('owner.markRefunded')}
          </Button>
          <Button variant="secondary" size="sm-tall" onClick={() => setForm(null)}>
            {t('owner.back')}
          </Button>
        </form>
      ) : null}
      <AlertText message={problem} small />
    </div>
  );
}
