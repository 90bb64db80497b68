import { formatMoney, toMinor } from '../../domain/money.ts';
import { usePriceFormat } from './use-shop.ts';

/** Formats decimal prices from the API in the shop's format and the shopper's locale. */
export function useFormatPrice(): (amount: number) => string {
  const format = usePriceFormat();
  return (amount) => formatMoney(toMinor(amount, format.fractionDigits), format);
}
