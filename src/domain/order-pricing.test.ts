import { describe, expect, it } from 'vitest';
import { minor } from './money.ts';
import { priceOrder, type OrderableProduct } from './order-pricing.ts';
import { validateShopConfig } from './shop-config.ts';
import type { DeliveryMode } from './totals.ts';

/** The demo shop's charges: packing 2 % with a ₹10 minimum and a ₹50 maximum, whole rupees; delivery ₹40, free from ₹499; tax 5 % on top. */
const result = validateShopConfig({
  id: 'demo-like',
  title: 'Demo-like shop',
  localeConfig: { defaultLocale: 'en-IN', currencySign: '₹', fractionDigits: 2, priceFormat: '{sign}{amount}' },
  orderConfig: {
    orderEnabled: true,
    pickupEnabled: true,
    deliveryCharge: { amount: 40, disableWhenTotalAbove: 499 },
    packingCharge: { type: 'percentage', amount: 0, amountPercentage: 2, minAmount: 10, maxAmount: 50, removeFractionalPart: true },
  },
  pricingConfig: { globalTaxPercentage: 5 },
  themeConfig: { themeId: 'default', primaryColor: '#2874f0' },
  contact: { whatsappNumber: '+919800000000' },
});
if (!result.ok) throw new Error(JSON.stringify(result.issues));
const shop = result.config;

const product = (id: string, rupees: number, digital: boolean): OrderableProduct => ({
  id,
  title: id,
  variantName: '',
  isFraction: false,
  prices: { mrp: null, regular: minor(rupees * 100), special: null },
  stockMilli: 999_000,
  digital,
  errors: {},
  taxRate: null,
  hsn: null,
});
const products = new Map([product('recipe-ebook', 149, true), product('gift-card-1000', 1000, true), product('toor-dal', 180, false)].map((p) => [p.id, p]));

/** The totals lines an order of these products would be charged, as [code, rupees]. */
function charged(ids: string[], deliveryMode: DeliveryMode = 'ship') {
  const priced = priceOrder({ items: ids.map((id) => ({ id, qty: 1 })), deliveryMode, paymentType: 'upi-manual' }, products, shop, null);
  if (!priced.ok) throw new Error(priced.refusal.reason);
  return { digital: priced.priced.digital, lines: priced.priced.totals.lines.map((l) => [l.code, l.value / 100]) };
}

describe('priceOrder for downloads and services', () => {
  it('a cart of only digital products pays no packing and no delivery, whatever the mode', () => {
    // the e-book alone: ₹149 would have paid ₹10 packing (2 % is ₹2.98, raised to the minimum) and ₹40 delivery; 5 % tax ₹7.45
    for (const mode of ['ship', 'pickup', 'dine'] as const) {
      expect(charged(['recipe-ebook'], mode)).toEqual({
        digital: true,
        lines: [
          ['subtotal', 149],
          ['tax', 7.45],
          ['grand_total', 156.45],
        ],
      });
    }
    // e-book and gift card: ₹1,149 would have paid ₹22 packing (2 % is ₹22.98, fraction dropped); tax ₹7.45 + ₹50 = ₹57.45
    expect(charged(['recipe-ebook', 'gift-card-1000'])).toEqual({
      digital: true,
      lines: [
        ['subtotal', 1149],
        ['tax', 57.45],
        ['grand_total', 1206.45],
      ],
    });
  });

  it('a mixed cart pays packing and delivery exactly as before', () => {
    // ₹149 + ₹180 = ₹329: packing 2 % = ₹6.58, raised to ₹10; below ₹499, so ₹40 delivery; tax ₹7.45 + ₹9 = ₹16.45
    expect(charged(['recipe-ebook', 'toor-dal'])).toEqual({
      digital: false,
      lines: [
        ['subtotal', 329],
        ['delivery', 40],
        ['packing', 10],
        ['tax', 16.45],
        ['grand_total', 395.45],
      ],
    });
    // ₹1,000 + ₹180 = ₹1,180: packing 2 % = ₹23.60, cut to ₹23; free delivery from ₹499; tax ₹50 + ₹9 = ₹59
    expect(charged(['gift-card-1000', 'toor-dal'])).toEqual({
      digital: false,
      lines: [
        ['subtotal', 1180],
        ['delivery', 0],
        ['packing', 23],
        ['tax', 59],
        ['grand_total', 1262],
      ],
    });
    // picked up, the same mixed cart still pays packing
    expect(charged(['recipe-ebook', 'toor-dal'], 'pickup')).toEqual({
      digital: false,
      lines: [
        ['subtotal', 329],
        ['packing', 10],
        ['tax', 16.45],
        ['grand_total', 355.45],
      ],
    });
  });

  it('refuses pay on delivery for a cart of only digital products, in any mode; a mixed cart may still pay so', () => {
    const withPayment = (ids: string[], paymentType: 'pof' | 'upi-manual' | 'payu', deliveryMode: DeliveryMode = 'ship') => {
      const priced = priceOrder({ items: ids.map((id) => ({ id, qty: 1 })), deliveryMode, paymentType }, products, shop, null);
      return priced.ok ? 'priced' : priced.refusal.reason;
    };
    for (const mode of ['ship', 'pickup', 'dine'] as const) expect(withPayment(['recipe-ebook', 'gift-card-1000'], 'pof', mode)).toBe('no_delivery_to_pay_at');
    expect(withPayment(['recipe-ebook'], 'upi-manual')).toBe('priced');
    expect(withPayment(['recipe-ebook'], 'payu')).toBe('priced');
    expect(withPayment(['recipe-ebook', 'toor-dal'], 'pof')).toBe('priced');
  });
});

describe("priceOrder and a coupon's minimum order", () => {
  // two packets of toor dal at ₹180: ₹360.00 of products, before packing, delivery and tax
  const twoDal = { items: [{ id: 'toor-dal', qty: 2 }], deliveryMode: 'ship' as const, paymentType: 'upi-manual' as const };
  const coupon = (minRupees: number) => ({ code: 'DAL10', terms: { percent: 10, maxDiscount: null }, minOrder: minor(Math.round(minRupees * 100)) });

  it('takes an order of exactly the minimum, and refuses one a paisa short', () => {
    const at = priceOrder(twoDal, products, shop, coupon(360));
    expect(at.ok).toBe(true);
    // 10 % of ₹360.00
    if (at.ok) expect(at.priced.totals.lines.find((l) => l.code === 'discount')?.value).toBe(-3600);
    expect(priceOrder(twoDal, products, shop, coupon(360.01))).toEqual({ ok: false, refusal: { reason: 'coupon', problem: 'minimum' } });
  });

  it('counts the products alone: delivery, packing and tax do not lift an order to the minimum', () => {
    // with ₹40 delivery, ₹10 packing and tax the order comes to more than ₹400, its products to ₹360
    expect(priceOrder(twoDal, products, shop, coupon(400))).toEqual({ ok: false, refusal: { reason: 'coupon', problem: 'minimum' } });
  });
});
