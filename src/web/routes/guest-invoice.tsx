import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated.ts';
import { fetchGuestInvoice } from '../features/checkout/api/orders.ts';
import { queryClient } from '../lib/query-client.ts';
import { InvoiceSheet } from '../ui/invoice-sheet.tsx';
import { linkFragment } from '../lib/link-fragment.ts';

export const meta = () => [{ name: 'robots', content: 'noindex' }];

/**
 * /guest/invoice#orderId=…&token=…: the order's tax invoice for its shopper, to print or
 * save as a PDF. Like the guest view, the token stays in the fragment and goes only as
 * the bearer token of the one call.
 */
export default function GuestInvoice() {
  const { t } = useTranslation();
  const target = useHydrated() ? linkFragment('orderId', 'token') : undefined;
  const query = useQuery(
    { queryKey: ['guest-invoice', target?.orderId], queryFn: () => fetchGuestInvoice(target!.orderId, target!.token), enabled: !!target, staleTime: Infinity },
    queryClient,
  );
  const result = query.data;
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      {target ? (
        <Link to={`/guest/view-order${window.location.hash}`} className="w-max font-medium text-primary-strong hover:underline print:hidden">
          ← {t('invoice.back')}
        </Link>
      ) : null}
      {target === null ? <p className="text-slate-700">{t('order.guestText')}</p> : !result ? <p role="status">{t('invoice.loading')}</p> : null}
      {result && !result.ok ? (
        <p role="alert" className="text-red-700">
          {result.error?.message ?? result.error?.errorMessage ?? t('order.networkError')}
        </p>
      ) : null}
      {result?.ok ? <InvoiceSheet number={result.data.number} html={result.data.html} /> : null}
    </main>
  );
}
