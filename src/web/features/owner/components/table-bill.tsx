import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toMinor } from '../../../../domain/money.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';
import { ownerApi, type OwnerBill } from '../api/owner-api.ts';
import { queryClient, refreshOwnerData } from '../api/owner-queries.ts';
import { CashChange, Choice, Text, UpiQr } from './new-order-fields.tsx';

type Taken = 'cash' | 'upi' | 'card';

/**
 * A table's open bill on /admin (issue 41): each round (its own kitchen ticket, a tap away), what
 * they come to and what is still to pay, settled once — cash with the change worked out, the
 * shop's UPI QR for the amount, or card — which pays and serves every round and issues the bill's
 * one invoice. A bill that changed since it was shown is not settled: the staff see it again.
 */
export function TableBill({ table, bill, freeTables }: { table: string; bill: OwnerBill; freeTables: ReadonlyArray<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const { fractionDigits } = usePriceFormat();
  const money = (x: number) => price(toMinor(x, fractionDigits));
  const [taken, setTaken] = useState<Taken>('cash');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upi = useQuery(
    {
      queryKey: ['owner', 'bill-upi', bill.id, bill.due],
      queryFn: () => ownerApi.billUpi(bill.id),
      enabled: taken === 'upi' && bill.due > 0,
      staleTime: Infinity,
    },
    queryClient,
  );

  async function settle() {
    setBusy(true);
    setProblem(null);
    const res = await ownerApi.settleBill(bill.id, { paymentType: taken, due: bill.due, ...(reference.trim() ? { paymentReference: reference.trim() } : {}) });
    setBusy(false);
    if (!res.ok) {
      const code = res.error?.error;
      const numbers = (res.error?.numbers as number[] | undefined)?.map((n) => `#${n}`).join(', ') ?? '';
      setProblem(
        code === 'bill_changed'
          ? t('owner.bill.changed')
          : code === 'round_not_accepted'
            ? t('owner.bill.notAccepted', { numbers })
            : code === 'bill_closed'
              ? t('owner.bill.closed')
              : (res.error?.message ?? t('owner.failed')),
      );
    }
    // settled, or changed meanwhile: the tables and the orders as they are now
    await Promise.all([refreshOwnerData('tables'), refreshOwnerData('orders')]);
  }

  return (
    <section aria-label={t('owner.bill.of', { table })} className="flex w-full flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <h3 className="font-semibold">{t('owner.bill.open', { count: bill.rounds.length, since: when.time(new Date(bill.openedAt).toISOString()) })}</h3>
      <ul className="flex flex-col gap-1">
        {bill.rounds.map((round) => (
          <li key={round.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <Link to={`/admin/orders/${round.id}`} className="font-semibold text-primary-strong underline-offset-2 hover:underline">
              #{round.number}
            </Link>
            <span className="text-sm text-slate-700">
              {t(`order.statuses.${round.status}`, { defaultValue: round.status })} ·{' '}
              {round.paymentStatus === 'paid' ? t('owner.bill.roundPaid') : t('owner.bill.roundToPay')}
            </span>
            <span className="font-medium">{money(round.total)}</span>
          </li>
        ))}
      </ul>
      <p className="text-lg font-bold">
        {t('owner.bill.total', { total: money(bill.total) })} · {t('owner.bill.due', { due: money(bill.due) })}
      </p>
      {bill.due > 0 ? (
        <>
          <Choice
            legend={t('owner.bill.payment')}
            value={taken}
            options={['cash', 'upi', 'card'] as Taken[]}
            label={(p) => t(`owner.keyIn.payments.${p}`)}
            onChange={setTaken}
          />
          {taken === 'cash' ? <CashChange total={toMinor(bill.due, fractionDigits)} /> : null}
          {taken === 'upi' && upi.data?.ok ? <UpiQr qrSvg={upi.data.data.qrSvg} vpa={upi.data.data.payee.vpa} amount={money(bill.due)} /> : null}
          {taken !== 'cash' ? (
            <Text label={t('owner.keyIn.reference')} value={reference} onChange={setReference} inputMode="numeric" autoComplete="off" />
          ) : null}
        </>
      ) : null}
      <Button className="w-max" disabled={busy} onClick={() => void settle()}>
        {bill.due > 0 ? t('owner.bill.settle', { amount: money(bill.due) }) : t('owner.bill.close')}
      </Button>
      <AlertText message={problem} />
      {freeTables.length > 0 ? <MoveBill bill={bill} freeTables={freeTables} /> : null}
    </section>
  );
}

/** The party moved: the bill goes with them to a table without a bill of its own. */
function MoveBill({ bill, freeTables }: { bill: OwnerBill; freeTables: ReadonlyArray<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  const [to, setTo] = useState(freeTables[0]!.id);
  const [problem, setProblem] = useState<string | null>(null);
  async function move() {
    setProblem(null);
    const res = await ownerApi.moveBill(bill.id, to);
    if (!res.ok) setProblem(res.error?.error === 'table_busy' ? t('owner.bill.busy') : (res.error?.message ?? t('owner.failed')));
    await refreshOwnerData('tables');
  }
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-amber-200 pt-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('owner.bill.moveTo')}
        <select value={to} onChange={(e) => setTo(e.target.value)} className="rounded-md border border-slate-300 bg-white px-3 py-2">
          {freeTables.map((table) => (
            <option key={table.id} value={table.id}>
              {table.name}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary" onClick={() => void move()}>
        {t('owner.bill.move')}
      </Button>
      <AlertText message={problem} small />
    </div>
  );
}
