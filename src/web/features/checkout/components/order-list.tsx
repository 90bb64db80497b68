import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { Order } from '../../../../domain/order-view.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { DeliveryTime } from './delivery-time.tsx';
import { paymentStatusText } from './ended-note.tsx';
import { qtyText } from './order-summary.tsx';
import { RefundNote } from './refund-note.tsx';

/** The logged-in shopper's orders, newest first: each with its items, status, payment and total, and the way into the order itself. */
export function OrderList({ orders }: { orders: Order[] }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  // the shop's day, as on the order itself
  const when = useFormatWhen();
  return (
    <ul className="divide-y divide-slate-100">
      {orders.map((o) => (
        <li key={o.id}>
          <article aria-label={t('checkout.orderNumber', { id: orderLabel(o) })} className="flex flex-col gap-2 py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span>
                <span className="font-medium">{t('checkout.orderNumber', { id: orderLabel(o) })}</span>
                <span className="block text-sm text-slate-600">
                  {when.day(new Date(o.createdAt).toISOString())} · {t(`order.statuses.${o.status}`, { defaultValue: o.status })}
                </span>
              </span>
              <span className="font-semibold">{formatPrice(o.grandTotal)}</span>
            </div>
            <ul className="text-sm text-slate-700">
              {o.lines.map((l) => (
                <li key={l.productId}>
                  {l.title}
                  {l.variantName ? ` · ${l.variantName}` : ''} — {qtyText(t, l)}
                </li>
              ))}
            </ul>
            <p className="text-sm text-slate-700">{t('order.payment', { status: paymentStatusText(t, o) })}</p>
            <DeliveryTime order={o} className="text-sm text-slate-600" />
            <RefundNote order={o} className="text-sm font-medium text-slate-800" />
            <Link to={paths.accountOrder(o.id)} className="w-max text-sm font-semibold text-primary-strong hover:underline">
              {t('account.viewOrder', { id: orderLabel(o) })}
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
