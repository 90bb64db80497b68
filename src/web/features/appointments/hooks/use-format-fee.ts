import { toMinor } from '../../../../domain/money.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';

/**
 * A service's price as shoppers read it: "Free" for a service that costs nothing, else the shop's money format.
 * The price is the decimal the shop config and the booking answers carry; this is where a fee enters a page, so it is decoded here (decision 082).
 */
export function useFormatFee(): (price: number) => string {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const { fractionDigits } = usePriceFormat();
  return (price) => (price === 0 ? t('appointment.free') : formatPrice(toMinor(price, fractionDigits)));
}
