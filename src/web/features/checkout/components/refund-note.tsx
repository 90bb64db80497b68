import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { Order } from '../../../../domain/order-view.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';

/** What a paid order that ended unfulfilled owes the shopper: 'Refund of ₹999.00 due', then 'Refunded on 24 Nov'; nothing without a refund. */
export function RefundNote({ order, className }: { order: Order; className?: string }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const when = useFormatWhen();
  const { refund } = order;
  if (!refund) return null;
  return (
    <p className={className}>
      {refund.status === 'due'
        ? t('order.refundDue', { amount: price(refund.amount) })
        : t('order.refunded', { amount: price(refund.amount), date: when.day(new Date(refund.refundedAt ?? 0).toISOString()) })}
      {refund.status === 'refunded' && refund.reference ? ` ${t('order.refundReference', { reference: refund.reference })}` : null}
    </p>
  );
}
