import { useTranslation } from '../lib/i18n/i18n.ts';
import { OrderInvoice } from '../features/checkout/components/order-invoice.tsx';
import { linkFragment } from '../lib/link-fragment.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { noIndex } from '../lib/no-index.ts';

export const meta = noIndex;

/**
 * /guest/invoice#orderId=…&token=…: the order's tax invoice for its shopper, to print or
 * save as a PDF. Like the guest view, the token stays in the fragment and goes only as
 * the bearer token of the one call.
 */
export default function GuestInvoice() {
  const { t } = useTranslation();
  const target = useHydrated() ? linkFragment('orderId', 'token') : undefined;
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      {target === null ? (
        <p className="text-slate-700">{t('order.guestText')}</p>
      ) : (
        <OrderInvoice order={target && { id: target.orderId, token: target.token }} backTo={`/guest/view-order${target ? window.location.hash : ''}`} />
      )}
    </main>
  );
}
