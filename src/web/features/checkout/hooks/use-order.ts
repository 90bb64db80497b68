import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { orderFromApi, type Order } from '../../../../domain/order-view.ts';
import type { OrderToken } from '../../../lib/order-call.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { orderQuery, type ShopperBill } from '../api/orders.ts';

export type OrderState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; order: Order; bill: ShopperBill | null };

/**
 * One order as the server holds it now, by its token or, with a null token, as the
 * logged-in shopper's own (asked once the session is known). `reload` asks again, to show
 * the order after a change (a cancel request). Nothing is asked without an order id.
 */
export function useOrder(orderId: string | null | undefined, token: OrderToken | undefined): { state: OrderState; reload: () => void } {
  const { t } = useTranslation();
  // the session's own call waits until the page knows who is logged in
  const sessionKnown = useSession((s) => s.status !== 'unknown');
  const userId = useSession((s) => s.user?.id ?? null);
  const ready = !!orderId && token !== undefined && (token !== null || sessionKnown);
  const query = useQuery({ ...orderQuery(orderId ?? '', token ?? null, userId), enabled: ready }, queryClient);
  const { refetch, data: res } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const { fractionDigits } = usePriceFormat();
  // the order's money in minor units, decoded once per answer (decision 082)
  const order = useMemo(() => (res?.ok ? orderFromApi(res.data.order, fractionDigits) : null), [res, fractionDigits]);
  // §8: the server's message, or the network error text
  const state: OrderState = !res
    ? { kind: 'loading' }
    : !res.ok
      ? { kind: 'error', message: res.error?.errorMessage ?? t('order.networkError') }
      : order
        ? { kind: 'loaded', order, bill: (res.ok && res.data.bill) || null }
        : { kind: 'loading' };
  return { state, reload };
}
