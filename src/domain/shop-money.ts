import { toMinor, type Minor } from './money.ts';
import type { ShopConfig } from './shop-config.ts';
import { totalsConfigFrom, totalsSettingsOf, type TotalsConfig } from './totals.ts';

/** The part of a shop config its money is read from. */
export type MoneyShop = Pick<ShopConfig, 'localeConfig' | 'orderConfig' | 'pricingConfig'>;

/**
 * A shop config's amounts in minor units: the totals' charges and thresholds and the cap on
 * what a guest may hold unpaid. The config writes them as decimals of the currency; the
 * order path reads only this.
 */
export type ShopMoney = {
  totals: TotalsConfig;
  /** `orderConfig.maxGuestOrderValue`; 0: no cap (decision 073). */
  maxGuestOrderValue: Minor;
};

const converted = new WeakMap<MoneyShop, ShopMoney>();

/**
 * The shop's money, converted once per config (decision 082): a config version is one object
 * (`runningShop` makes it, and converts it as it loads; the browser's is the root loader's),
 * so every order and quote of that version reads the same conversion instead of making its own.
 */
export function shopMoneyOf(shop: MoneyShop): ShopMoney {
  let money = converted.get(shop);
  if (!money) {
    money = {
      totals: totalsConfigFrom(totalsSettingsOf(shop)),
      maxGuestOrderValue: toMinor(shop.orderConfig.maxGuestOrderValue, shop.localeConfig.fractionDigits),
    };
    converted.set(shop, money);
  }
  return money;
}
