import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { endedUnfulfilled, endedWithoutPayment } from '../../../../domain/order-lifecycle.ts';
import type { OrderView } from '../../../../domain/order-view.ts';

/** What the shopper reads of an order that ended unfulfilled: 'Your order is cancelled.', or that the shop could not take it; nothing otherwise. */
export function EndedNote({ order, className }: { order: OrderView; className?: string }) {
  const { t } = useTranslation();
  if (!endedUnfulfilled(order.status)) return null;
  return <p className={className}>{order.status === 'rejected' ? t('order.ended.rejected') : t('order.ended.cancelled')}</p>;
}

/** The order's payment in the shopper's words: an order that ended before it was paid has nothing to pay, not a payment still awaited. */
export function paymentStatusText(t: TFunction, order: OrderView): string {
  if (endedWithoutPayment(order)) return t('order.nothingToPay');
  return t(`order.paymentStatuses.${order.paymentStatus}`, { defaultValue: order.paymentStatus });
}
