import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toMinor } from '../../../../domain/money.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import type { OwnerBankAlert } from '../api/owner-api.ts';
import { bankAlertsQuery, queryClient } from '../api/owner-queries.ts';

/** An alert the owner should look at: money came that no order took, or an order that could not be marked. */
const toLookAt = (a: OwnerBankAlert) => a.outcome === 'several_orders' || a.outcome === 'no_order' || a.outcome === 'not_marked';

/**
 * The bank alerts the owner's phone forwarded (issue 39), under Today: each with what the shop
 * made of it — the order it marked paid, or why it marked none — newest first. Shown only once
 * a forwarder is set up and has sent one.
 */
export function OwnerBankAlerts() {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const { fractionDigits } = usePriceFormat();
  const query = useQuery(bankAlertsQuery(), queryClient);
  const alerts = query.data ?? [];
  if (alerts.length === 0) return null;
  const matched = alerts.filter((a) => a.outcome === 'matched').length;
  const open = alerts.filter(toLookAt).length;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3" open={open > 0}>
      <summary className="cursor-pointer font-bold">{t('owner.bankAlerts', { matched, open })}</summary>
      <ol className="mt-2 flex flex-col gap-2">
        {alerts.map((a) => (
          <li key={a.id} className={`flex flex-col gap-0.5 rounded-md p-2 text-sm ${toLookAt(a) ? 'bg-amber-50 text-amber-950' : 'bg-slate-50'}`}>
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">
                {a.amount === null ? t('owner.bankAlertNoAmount') : price(toMinor(a.amount, fractionDigits))}
                {a.utr ? ` · UTR ${a.utr}` : ''}
              </span>
              <span className="text-slate-600">{when.dayTime(new Date(a.receivedAt).toISOString())}</span>
            </p>
            <p>
              {a.orderId && a.orderNumber !== null ? (
                <Link to={`/admin/orders/${encodeURIComponent(a.orderId)}`} className="font-semibold text-primary-strong underline">
                  {t(`owner.bankAlertOutcomes.${a.outcome}`, { order: `#${a.orderNumber}` })}
                </Link>
              ) : (
                t(`owner.bankAlertOutcomes.${a.outcome}`, { order: '' })
              )}
            </p>
            <p className="break-words text-xs text-slate-600">
              {a.sender ? `${a.sender}: ` : ''}
              {a.text}
            </p>
          </li>
        ))}
      </ol>
    </details>
  );
}
