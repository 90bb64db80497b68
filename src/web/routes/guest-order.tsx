import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated.ts';
import { OrderDetail } from '../features/checkout/components/order-detail.tsx';
import { useOrder } from '../features/checkout/hooks/use-order.ts';
import { linkFragment } from '../lib/link-fragment.ts';
import { paths } from '../lib/paths.ts';

/**
 * /guest/view-order#orderId=…&token=… (§6: a guest may view one order with its id and
 * notification token). The token stays in the fragment, which is never sent to a server
 * or written to its logs; it travels only as the bearer token of the one call.
 */
export default function GuestOrder() {
  const { t } = useTranslation();
  // the fragment exists only in the browser: the server renders the loading state
  const target = useHydrated() ? linkFragment('orderId', 'token') : undefined;
  const { state, reload } = useOrder(target?.orderId, target?.token);

  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">{t('order.guestTitle')}</h1>
      {target === null ? <p className="text-slate-700">{t('order.guestText')}</p> : state.kind === 'loading' ? <p role="status">{t('order.loading')}</p> : null}
      {state.kind === 'error' ? (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'loaded' && target?.token ? <OrderDetail order={state.order} bill={state.bill} token={target.token} onChanged={reload} /> : null}
      <Link to={paths.home()} className="font-medium text-primary-strong hover:underline">
        {t('order.continueShopping')}
      </Link>
    </main>
  );
}
