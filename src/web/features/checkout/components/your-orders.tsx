import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { orderFromApi } from '../../../../domain/order-view.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { userOrdersQuery } from '../api/orders.ts';
import { OrderList } from './order-list.tsx';

/** The user's orders (§7 api/user/orders), newest first, with §8's texts when there is no user or no network. */
export function YourOrders() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id ?? null);
  const answer = useQuery(userOrdersQuery(userId), queryClient).data;
  const { fractionDigits } = usePriceFormat();
  // the orders' money in minor units, decoded once per answer (decision 082)
  const orders = useMemo(() => (answer?.ok ? answer.data.map((o) => orderFromApi(o, fractionDigits)) : []), [answer, fractionDigits]);
  if (!answer) return <p role="status">{t('nav.loading')}</p>;
  if (!answer.ok)
    return (
      <p role="alert" className="text-red-700">
        {t('account.ordersFailed')}
      </p>
    );
  if (orders.length === 0) return <p className="text-slate-700">{t('account.noOrders')}</p>;
  return <OrderList orders={orders} />;
}
