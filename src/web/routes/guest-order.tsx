import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderView } from '../../domain/order.ts';
import { orderLabel } from '../../domain/order-number.ts';
import { useHydrated } from '../features/catalog/hooks/use-hydrated.ts';
import { fetchGuestOrder, guestInvoicePath } from '../features/checkout/api/orders.ts';
import { hasTaxInvoice } from '../../domain/order-lifecycle.ts';
import { useShop } from '../lib/use-shop.ts';
import { DeliveryTime } from '../features/checkout/components/delivery-time.tsx';
import { EndedNote, paymentStatusText } from '../features/checkout/components/ended-note.tsx';
import { OrderActions } from '../features/checkout/components/order-actions.tsx';
import { OrderSummary } from '../features/checkout/components/order-summary.tsx';
import { RefundNote } from '../features/checkout/components/refund-note.tsx';
import { orderLines } from '../features/checkout/components/thank-you.tsx';
import { linkFragment } from '../lib/link-fragment.ts';
import { paths } from '../lib/paths.ts';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; order: OrderView };

/**
 * /guest/view-order#orderId=…&token=… (§6: a guest may view one order with its id and
 * notification token). The token stays in the fragment, which is never sent to a server
 * or written to its logs; it travels only as the bearer token of the one call.
 */
export default function GuestOrder() {
  const { t, i18n } = useTranslation();
  const shop = useShop();
  const [state, setState] = useState<State>({ kind: 'loading' });
  // bumped when the order changed (a cancel request), to show it as it is now
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // the fragment exists only in the browser: the server renders the loading state
  const target = useHydrated() ? linkFragment('orderId', 'token') : undefined;
  const orderId = target?.orderId;
  const token = target?.token;

  useEffect(() => {
    if (!orderId || !token) return;
    let live = true;
    void fetchGuestOrder(orderId, token).then((res) => {
      if (!live) return;
      if (res.ok) setState({ kind: 'loaded', order: res.data.order });
      // §8: the server's message, or the network error text
      else setState({ kind: 'error', message: res.error?.errorMessage ?? t('order.networkError') });
    });
    return () => {
      live = false;
    };
  }, [orderId, token, t, version]);

  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">{t('order.guestTitle')}</h1>
      {target === null ? <p className="text-slate-700">{t('order.guestText')}</p> : state.kind === 'loading' ? <p role="status">{t('order.loading')}</p> : null}
      {state.kind === 'error' ? (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'loaded' ? (
        <>
          <div className="flex flex-col gap-1 text-slate-700">
            <p>{t('checkout.orderNumber', { id: orderLabel(state.order) })}</p>
            <p>{t('order.placedOn', { date: new Date(state.order.createdAt).toLocaleString(i18n.language) })}</p>
            <p>{t('order.status', { status: t(`order.statuses.${state.order.status}`, { defaultValue: state.order.status }) })}</p>
            <DeliveryTime order={state.order} />
            <p>{t('order.payment', { status: paymentStatusText(t, state.order) })}</p>
            <EndedNote order={state.order} className="font-medium text-slate-900" />
            <RefundNote order={state.order} className="font-medium text-slate-900" />
          </div>
          <section aria-label={t('checkout.yourOrder')} className="rounded-lg border border-slate-200 bg-white p-4">
            <OrderSummary lines={orderLines(state.order)} totals={state.order.totals} />
          </section>
          {shop.gst && hasTaxInvoice(state.order) ? (
            <Link to={guestInvoicePath(state.order.id, token!)} className="w-max font-medium text-primary-strong hover:underline">
              {t('invoice.link')}
            </Link>
          ) : null}
          <OrderActions order={state.order} token={token!} onChanged={reload} />
        </>
      ) : null}
      <Link to={paths.home()} className="font-medium text-primary-strong hover:underline">
        {t('order.continueShopping')}
      </Link>
    </main>
  );
}
