import { formatMoney, toMinor } from '../../domain/money.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import { useShop } from './use-shop.ts';

/** Formats a decimal price from the API with the shop's locale config. */
export function formatPrice(amount: number, shop: Pick<ShopConfig, 'localeConfig'>): string {
  return formatMoney(toMinor(amount, shop.localeConfig.fractionDigits), shop.localeConfig);
}

export function useFormatPrice(): (amount: number) => string {
  const shop = useShop();
  return (amount) => formatPrice(amount, shop);
}
