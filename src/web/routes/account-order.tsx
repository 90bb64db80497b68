import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link, useParams } from 'react-router';
import { OrderDetail } from '../features/checkout/components/order-detail.tsx';
import { useOrder } from '../features/checkout/hooks/use-order.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { LoginPrompt } from '../ui/login-prompt.tsx';

/**
 * /account/orders/:id (no header): one of the logged-in shopper's orders, opened from
 * "Your orders" — the guest's order view, asked with the session instead of a token. The
 * server answers only the account that placed it.
 */
export default function AccountOrder() {
  const { t } = useTranslation();
  const { id } = useParams();
  const status = useSession((s) => s.status);
  const { state, reload } = useOrder(status === 'user' ? id : null, null);

  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <Link to={paths.account('orders')} className="w-max font-medium text-primary-strong hover:underline">
        {t('account.backToOrders')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('order.guestTitle')}</h1>
      {status === 'guest' ? (
        <LoginPrompt text={t('account.loginToSee.orders')} />
      ) : state.kind === 'loading' ? (
        <p role="status">{t('order.loading')}</p>
      ) : state.kind === 'error' ? (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      ) : (
        <OrderDetail order={state.order} bill={state.bill} token={null} onChanged={reload} />
      )}
      <Link to={paths.home()} className="font-medium text-primary-strong hover:underline">
        {t('order.continueShopping')}
      </Link>
    </main>
  );
}
