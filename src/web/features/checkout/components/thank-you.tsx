import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endedUnfulfilled, shopperMayPay } from '../../../../domain/order-lifecycle.ts';
import type { OrderView } from '../../../../domain/order.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { loadable } from '../../../lib/loadable.tsx';
import { paths } from '../../../lib/paths.ts';
import { fetchGuestOrder, guestOrderPath } from '../api/orders.ts';
import type { LastOrder } from '../store/checkout-store.ts';
import { DeliveryTime } from './delivery-time.tsx';
import { EndedNote } from './ended-note.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderSummary } from './order-summary.tsx';
import { RefundNote } from './refund-note.tsx';

// the payment providers load only when an order needs them (§9: loaded on demand)
const UpiPayment = loadable(() => import('./upi-payment.tsx').then((m) => m.default), { inline: true });
const PayuRedirect = loadable(() => import('./payu-redirect.tsx').then((m) => m.default), { inline: true });

/** Lines of an order as the summary shows them. */
export const orderLines = (order: OrderView) => order.lines.map((l) => ({ key: l.productId, title: l.title, variantName: l.variantName, qty: l.qty, isFraction: l.isFraction, total: l.total }));

/**
 * After the order: its number and totals as the server recorded them, the link to see it
 * later, and the payment step its provider needs (UPI, PayU), or the result PayU sent
 * the shopper back with.
 */
export function ThankYou({ shopId, last, payment }: { shopId: string; last: LastOrder; payment: 'paid' | 'failed' | null }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retry, setRetry] = useState(false);
  // bumped when the order changed (a cancel request), to show it as it is now
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const onError = useCallback((message: string) => setError(message), []);

  useEffect(() => {
    let live = true;
    void fetchGuestOrder(last.orderId, last.token).then((res) => {
      if (!live) return;
      if (res.ok) setOrder(res.data.order);
      else setError(res.error?.errorMessage ?? t('order.networkError'));
    });
    return () => {
      live = false;
    };
  }, [last, t, version]);

  if (!order) {
    return error ? <p role="alert" className="text-red-700">{error}</p> : <p role="status">{t('order.loading')}</p>;
  }
  // a cancelled or rejected order is offered no way to pay (the server refuses one too)
  const awaiting = shopperMayPay(order);
  const step =
    order.paymentType === 'upi-manual' && awaiting ? (
      <UpiPayment shopId={shopId} orderId={order.id} token={last.token} onError={onError} />
    ) : order.paymentType === 'payu' && awaiting && (payment === null || retry) ? (
      <PayuRedirect shopId={shopId} orderId={order.id} token={last.token} onError={onError} />
    ) : null;
  return (
    <div className="flex flex-col gap-6">
      <div role="status" className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{order.kind === 'enquiry' ? t('checkout.enquirySent') : t('checkout.thankYou')}</h1>
        <p className="text-slate-700">{t('checkout.orderNumber', { id: orderLabel(order) })}</p>
        <DeliveryTime order={order} className="text-slate-700" />
      </div>
      <EndedNote order={order} className="rounded-md bg-slate-100 p-3 font-medium text-slate-900" />
      {order.paymentStatus === 'paid' && !order.refund ? <p className="rounded-md bg-green-50 p-3 text-green-900">{t('checkout.paid')}</p> : null}
      <RefundNote order={order} className="rounded-md bg-amber-50 p-3 text-amber-950" />
      {order.paymentStatus === 'to_collect' && !endedUnfulfilled(order.status) ? <p>{t('checkout.payOnDelivery')}</p> : null}
      {order.paymentType === 'payu' && awaiting && payment === 'failed' && !retry ? (
        <div className="flex flex-col items-start gap-3 rounded-md bg-amber-50 p-3 text-amber-900">
          <p>{t('checkout.paymentFailed')}</p>
          <button type="button" onClick={() => setRetry(true)} className="rounded-md bg-primary px-5 py-2.5 font-semibold text-on-primary">
            {t('checkout.payAgain')}
          </button>
        </div>
      ) : null}
      {error ? <p role="alert" className="text-red-700">{error}</p> : null}
      {step ? <Suspense fallback={<p role="status">{t('nav.loading')}</p>}>{step}</Suspense> : null}
      <section aria-label={t('checkout.yourOrder')} className="rounded-lg border border-slate-200 bg-white p-4">
        <OrderSummary lines={orderLines(order)} totals={order.totals} />
      </section>
      <OrderActions order={order} token={last.token} onChanged={reload} />
      <div className="flex flex-col gap-1">
        <Link to={guestOrderPath(order.id, last.token)} className="font-semibold text-primary-strong hover:underline">
          {t('checkout.viewOrder')}
        </Link>
        <p className="text-sm text-slate-600">{t('checkout.keepLink')}</p>
      </div>
      <Link to={paths.catalog()} className="w-fit rounded-md border border-slate-300 px-5 py-2.5 font-medium">
        {t('order.continueShopping')}
      </Link>
    </div>
  );
}
