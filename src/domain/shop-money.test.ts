import { describe, expect, it } from 'vitest';
import { validateShopConfig, type ShopConfig } from './shop-config.ts';
import { shopMoneyOf } from './shop-money.ts';

/** A shop config as the file would give it: delivery ₹49.99, free from ₹500; packing ₹12.50, at most ₹30; guests hold at most ₹10,000 unpaid. */
function configWith(deliveryAmount: number, fractionDigits = 2): ShopConfig {
  const result = validateShopConfig({
    id: 'money-shop',
    title: 'Money shop',
    localeConfig: { defaultLocale: 'en-IN', currencySign: '₹', fractionDigits, priceFormat: '{sign}{amount}' },
    orderConfig: {
      deliveryCharge: { amount: deliveryAmount, disableWhenTotalAbove: 500 },
      packingCharge: { type: 'fixed', amount: 12.5, amountPercentage: 2.5, minAmount: 0, maxAmount: 30, removeFractionalPart: false },
      maxGuestOrderValue: 10_000,
    },
    themeConfig: { themeId: 'default', primaryColor: '#2874f0' },
    contact: { whatsappNumber: '+919800000000' },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

describe('shopMoneyOf', () => {
  it("gives the pricing the config's charges and caps in paise, converted exactly", () => {
    const money = shopMoneyOf(configWith(49.99));
    expect(money.totals.deliveryCharge).toEqual({ amount: 4_999, disableWhenTotalAbove: 50_000 });
    expect(money.totals.packingCharge).toMatchObject({ amount: 1_250, minAmount: 0, maxAmount: 3_000, amountPercentage: 2.5 });
    expect(money.maxGuestOrderValue).toBe(1_000_000);
    // 1.005 is the decimal written, not the double below it: 1005 thousandths of a dinar (3 digits)
    expect(shopMoneyOf(configWith(1.005, 3)).totals.deliveryCharge.amount).toBe(1_005);
  });

  it('converts a config version once: every order of it reads the same conversion, the next version its own', () => {
    const version1 = configWith(40);
    expect(shopMoneyOf(version1)).toBe(shopMoneyOf(version1));
    const version2 = configWith(45);
    expect(shopMoneyOf(version2).totals.deliveryCharge.amount).toBe(4_500);
    expect(shopMoneyOf(version1).totals.deliveryCharge.amount).toBe(4_000);
  });
});
