import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '../../../../domain/order.ts';
import type { OrderToken } from '../../../lib/order-call.ts';
import { useSession } from '../../../lib/session.ts';
import { fetchOrder } from '../api/orders.ts';

export type OrderState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; order: OrderView };

/**
 * One order as the server holds it now, by its token or, with a null token, as the
 * logged-in shopper's own (asked once the session is known). `reload` asks again, to show
 * the order after a change (a cancel request). Nothing is asked without an order id.
 */
export function useOrder(orderId: string | null | undefined, token: OrderToken | undefined): { state: OrderState; reload: () => void } {
  const { t } = useTranslation();
  const [state, setState] = useState<OrderState>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // the session's own call waits until the page knows who is logged in
  const sessionKnown = useSession((s) => s.status !== 'unknown');
  const ready = !!orderId && token !== undefined && (token !== null || sessionKnown);

  useEffect(() => {
    if (!ready || !orderId || token === undefined) return;
    let live = true;
    void fetchOrder(orderId, token).then((res) => {
      if (!live) return;
      if (res.ok) setState({ kind: 'loaded', order: res.data.order });
      // §8: the server's message, or the network error text
      else setState({ kind: 'error', message: res.error?.errorMessage ?? t('order.networkError') });
    });
    return () => {
      live = false;
    };
  }, [ready, orderId, token, t, version]);

  return { state, reload };
}
