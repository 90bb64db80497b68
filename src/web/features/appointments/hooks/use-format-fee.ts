import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useFormatPrice } from '../../../lib/format.ts';

/** A service's price as shoppers read it: "Free" for a service that costs nothing, else the shop's money format. */
export function useFormatFee(): (price: number) => string {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (price) => (price === 0 ? t('appointment.free') : formatPrice(price));
}
