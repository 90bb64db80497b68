import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { OrderView } from '../../../../domain/order-view.ts';
import { useFormatWhen } from '../../../lib/format.ts';

/** The delivery slot an order took, as 'Delivery: Mon, 23 Nov, Morning (8 am – 11 am)'; nothing without one. */
export function DeliveryTime({ order, className }: { order: OrderView; className?: string }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const slot = order.details.shippingSlot;
  if (!slot) return null;
  return <p className={className}>{t('order.deliveryTime', { day: when.day(slot.start), slot: slot.label })}</p>;
}
