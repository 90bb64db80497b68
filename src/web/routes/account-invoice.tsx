import { useTranslation } from '../lib/i18n/i18n.ts';
import { useParams } from 'react-router';
import { OrderInvoice } from '../features/checkout/components/order-invoice.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { LoginPrompt } from '../ui/login-prompt.tsx';
import { noIndex } from '../lib/no-index.ts';

export const meta = noIndex;

/**
 * /account/orders/:id/invoice: the tax invoice of one of the logged-in shopper's orders,
 * asked with the session; the server answers only the account that placed it.
 */
export default function AccountInvoice() {
  const { t } = useTranslation();
  const id = useParams().id!;
  const status = useSession((s) => s.status);
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      {status === 'guest' ? (
        <LoginPrompt text={t('account.loginToSee.orders')} />
      ) : (
        <OrderInvoice order={status === 'user' ? { id, token: null } : undefined} backTo={paths.accountOrder(id)} />
      )}
    </main>
  );
}
