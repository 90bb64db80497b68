import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { OrderToken } from '../../../lib/order-call.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session.ts';
import { InvoiceSheet } from '../../../ui/invoice-sheet.tsx';
import { invoiceQuery } from '../api/orders.ts';

/**
 * An order's tax invoice for its shopper, to print or save as a PDF, with a link back to
 * the order: the guest's by the token of the link (`/guest/invoice`), the logged-in
 * shopper's own with the session (`/account/orders/:id/invoice`). Nothing is asked until
 * `order` is known.
 */
export function OrderInvoice({ order, backTo }: { order: { id: string; token: OrderToken } | undefined; backTo: string }) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id ?? null);
  const query = useQuery({ ...invoiceQuery(order?.id ?? '', order?.token ?? null, userId), enabled: !!order }, queryClient);
  const result = query.data;
  return (
    <>
      <Link to={backTo} className="w-max font-medium text-primary-strong hover:underline print:hidden">
        ← {t('invoice.back')}
      </Link>
      {!result ? <p role="status">{t('invoice.loading')}</p> : null}
      {result && !result.ok ? (
        <p role="alert" className="text-red-700">
          {result.error?.message ?? result.error?.errorMessage ?? t('order.networkError')}
        </p>
      ) : null}
      {result?.ok ? <InvoiceSheet number={result.data.number} html={result.data.html} /> : null}
    </>
  );
}
