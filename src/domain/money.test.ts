import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addMinor,
  categoryName,
  formatMoney,
  formatQuantity,
  fromMinor,
  minor,
  minorToText,
  multiplyMinor,
  numberPatternOf,
  patternFormat,
  percentOf,
  productPrices,
  qtyToMilli,
  toMinor,
  type PriceFormat,
} from './money.ts';

const rupees: PriceFormat = { defaultLocale: 'en-IN', currencySign: '₹', fractionDigits: 2, priceFormat: '{sign}{amount}' };
const dollars: PriceFormat = { defaultLocale: 'en-US', currencySign: '$', fractionDigits: 2, priceFormat: '{sign}{amount}' };
const euros: PriceFormat = { defaultLocale: 'de-DE', currencySign: '€', fractionDigits: 2, priceFormat: '{amount} {sign}' };
const dirhams: PriceFormat = { defaultLocale: 'ar-AE', currencySign: 'د.إ', fractionDigits: 2, priceFormat: '{amount} {sign}' };
const yen: PriceFormat = { defaultLocale: 'ja-JP', currencySign: '¥', fractionDigits: 0, priceFormat: '{sign}{amount}' };
const dinars: PriceFormat = { defaultLocale: 'en-US', currencySign: 'KD', fractionDigits: 3, priceFormat: '{sign} {amount}' };

const price = (mrp: number | null, regular: number, special: number | null) => ({ mrp, regular, special });

describe('reading API prices into minor units', () => {
  it('rounds a price the owner typed as 1.005 up to 1.01, as a person would', () => {
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(0.285, 2)).toBe(29);
    expect(toMinor(2.675, 2)).toBe(268);
    expect(toMinor(199.5, 2)).toBe(19950);
  });

  it('reads tiny and huge prices written in exponent notation', () => {
    expect(toMinor(1e-7, 2)).toBe(0);
    expect(toMinor(5e-3, 2)).toBe(1);
    expect(toMinor(1.5e3, 2)).toBe(150000);
    expect(toMinor(1e12, 3)).toBe(1e15);
    expect(toMinor(4.5e-3, 2)).toBe(0);
    expect(() => toMinor(1e21, 0)).toThrow(RangeError);
  });

  it('rounds refunds and negative adjustments half away from zero', () => {
    expect(toMinor(-1.005, 2)).toBe(-101);
    expect(toMinor(-0.004, 2)).toBe(0);
    expect(Object.is(toMinor(-0.004, 2), 0)).toBe(true);
    expect(toMinor(-2.5, 0)).toBe(-3);
  });

  it('supports currencies without minor units and with three decimals', () => {
    expect(toMinor(1234.5, 0)).toBe(1235);
    expect(toMinor(1234.4, 0)).toBe(1234);
    expect(toMinor(1.2345, 3)).toBe(1235);
    expect(toMinor(0.0005, 3)).toBe(1);
  });

  it('refuses prices that cannot be money', () => {
    expect(() => toMinor(Number.NaN, 2)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => toMinor(1e14, 2)).toThrow(RangeError);
    expect(() => toMinor(1, 4)).toThrow(RangeError);
  });

  it('gives the API back the same decimal it sent, for every amount up to 15 significant digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15 - 1), max: 10 ** 15 - 1 }), fc.integer({ min: 0, max: 3 }), (m, digits) => {
        expect(toMinor(fromMinor(minor(m), digits), digits)).toBe(m);
      }),
    );
    fc.assert(
      fc.property(fc.maxSafeInteger(), (m) => {
        expect(toMinor(fromMinor(minor(m), 0), 0)).toBe(m);
      }),
    );
  });

  it('sends the API a plain decimal', () => {
    expect(fromMinor(minor(19950), 2)).toBe(199.5);
    expect(fromMinor(minor(1235), 3)).toBe(1.235);
    expect(fromMinor(minor(1235), 0)).toBe(1235);
  });
});

describe('cart arithmetic', () => {
  it('only accepts whole minor units', () => {
    expect(() => minor(1.5)).toThrow(RangeError);
    expect(() => minor(2 ** 53)).toThrow(RangeError);
    expect(Object.is(minor(-0), 0)).toBe(true);
  });

  it('adds up line totals and refuses a total beyond safe integers', () => {
    expect(addMinor(minor(100), minor(250), minor(-50))).toBe(300);
    expect(addMinor()).toBe(0);
    expect(() => addMinor(minor(Number.MAX_SAFE_INTEGER), minor(1))).toThrow(RangeError);
  });

  it('charges 1.25 kg of rice at ₹80.10 a kilo as ₹100.13', () => {
    expect(multiplyMinor(minor(8010), 1250)).toBe(10013); // 100.125 rounds up
    expect(multiplyMinor(minor(8010), 3000)).toBe(24030);
    expect(multiplyMinor(minor(999), 1)).toBe(1); // 0.999 minor rounds to 1
    expect(multiplyMinor(minor(-8010), 1250)).toBe(-10013);
    expect(() => multiplyMinor(minor(100), 1.5)).toThrow(RangeError);
  });

  it('multiplies large amounts without losing precision', () => {
    expect(multiplyMinor(minor(9_000_000_000_000), 1001)).toBe(9_009_000_000_000);
  });

  it('works out a 2.5% packing charge to the nearest paisa', () => {
    expect(percentOf(minor(10000), 2.5)).toBe(250);
    expect(percentOf(minor(1010), 2.5)).toBe(25); // 25.25
    expect(percentOf(minor(1020), 2.5)).toBe(26); // 25.5 rounds up
    expect(percentOf(minor(1000), 0)).toBe(0);
    expect(percentOf(minor(1000), 100)).toBe(1000);
    expect(percentOf(minor(-1020), 2.5)).toBe(-26);
    expect(percentOf(minor(333), 33.3333)).toBe(111); // 110.9998…
  });
});

describe('product prices', () => {
  it('crosses out the MRP and sells at the special price', () => {
    expect(productPrices(price(100, 90, 75), 2)).toEqual({ base: 10000, final: 7500, discounted: 7500, discountPercent: 25 });
  });

  it('sells below MRP at the regular price when there is no special', () => {
    expect(productPrices(price(100, 80, null), 2)).toEqual({ base: 10000, final: 8000, discounted: 8000, discountPercent: 20 });
  });

  it('uses the regular price as reference when there is no MRP', () => {
    expect(productPrices(price(null, 200, 150), 2)).toEqual({ base: 20000, final: 15000, discounted: 15000, discountPercent: 25 });
    expect(productPrices(price(0, 200, null), 2)).toEqual({ base: 20000, final: 20000, discounted: null, discountPercent: null });
  });

  it('ignores a special price higher than the regular price', () => {
    expect(productPrices(price(null, 100, 120), 2)).toEqual({ base: 10000, final: 10000, discounted: null, discountPercent: null });
    expect(productPrices(price(150, 100, 120), 2)).toEqual({ base: 15000, final: 10000, discounted: 10000, discountPercent: 33 });
  });

  it('never rounds the discount badge up', () => {
    expect(productPrices(price(3, 2, null), 2).discountPercent).toBe(33);
    expect(productPrices(price(100, 0.01, null), 2).discountPercent).toBe(99);
  });

  it('shows no discount for a free product', () => {
    expect(productPrices(price(null, 0, null), 2)).toEqual({ base: 0, final: 0, discounted: null, discountPercent: null });
  });

  it('shows no discount when a misconfigured MRP is below the selling price', () => {
    expect(productPrices(price(90, 100, null), 2)).toMatchObject({ final: 10000, discounted: null, discountPercent: null });
  });

  it('never sells above the reference or below zero, whatever the prices', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100);
    fc.assert(
      fc.property(fc.option(amount), amount, fc.option(amount), (mrp, regular, special) => {
        const p = productPrices(price(mrp, regular, special), 2);
        expect(p.final).toBeGreaterThanOrEqual(0);
        expect(p.final).toBeLessThanOrEqual(toMinor(regular, 2));
        if (p.discounted !== null) {
          expect(p.discounted).toBeLessThan(p.base);
          expect(p.discountPercent).toBeGreaterThanOrEqual(0);
          expect(p.discountPercent).toBeLessThanOrEqual(100);
        } else {
          expect(p.discountPercent).toBeNull();
        }
      }),
    );
  });
});

describe('category names', () => {
  const categories = [
    { oId: 'fruit', name: 'Fruit' },
    { oId: 'blank', name: '   ' },
  ];

  it('shows the category a product belongs to', () => {
    expect(categoryName(categories, 'fruit')).toBe('Fruit');
  });

  it("shows 'Unnamed' when the category is gone or has no name", () => {
    expect(categoryName(categories, 'missing')).toBe('Unnamed');
    expect(categoryName(categories, 'blank')).toBe('Unnamed');
    expect(categoryName([], 'fruit')).toBe('Unnamed');
  });
});

describe('formatting prices', () => {
  it("shows a price in rupees with the shop's format and lakh grouping", () => {
    expect(formatMoney(minor(12345650), rupees)).toBe('₹1,23,456.50');
    expect(formatMoney(minor(0), rupees)).toBe('₹0.00');
    expect(formatMoney(minor(5), rupees)).toBe('₹0.05');
  });

  it('shows dollars with thousands grouping', () => {
    expect(formatMoney(minor(123450), dollars)).toBe('$1,234.50');
  });

  it('shows euros the German way, sign after the amount', () => {
    expect(formatMoney(minor(123450), euros)).toBe('1.234,50 €');
  });

  it('shows dirhams in Arabic with the sign and every digit', () => {
    const shown = formatMoney(minor(123450), dirhams);
    expect(shown).toContain('د.إ');
    // ICU versions differ between Latin and Arabic-Indic digits; the digits must survive either way
    const digits = shown.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\D/g, '');
    expect(digits).toBe('123450');
  });

  it('shows yen without decimals', () => {
    expect(formatMoney(minor(1235), yen)).toBe('¥1,235');
  });

  it('shows Kuwaiti dinars with three decimals', () => {
    expect(formatMoney(minor(1235), dinars)).toBe('KD 1.235');
    expect(formatMoney(minor(1234567), dinars)).toBe('KD 1,234.567');
  });

  it('puts the minus before the whole price for refunds', () => {
    expect(formatMoney(minor(-123450), rupees)).toBe('-₹1,234.50');
    expect(formatMoney(minor(-123450), euros)).toBe('-1.234,50 €');
    expect(formatMoney(minor(-0), rupees)).toBe('₹0.00');
  });

  it('keeps every digit of the largest amounts', () => {
    expect(formatMoney(minor(Number.MAX_SAFE_INTEGER), dollars)).toBe('$90,071,992,547,409.91');
  });

  it('shows a currency sign that looks like a replacement pattern literally', () => {
    expect(formatMoney(minor(100), { ...dollars, currencySign: '$&' })).toBe('$&1.00');
  });

  it('shows the same digits it was given, for any amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 3 }), (m, digits) => {
        const shown = formatMoney(minor(m), { ...dollars, fractionDigits: digits });
        const expected = (m < 0 ? '-' : '') + String(Math.abs(m));
        expect(shown.replace(/[$,.]/g, '').replace(/^(-?)0+(?=\d)/, '$1')).toBe(expected);
      }),
    );
  });
});

describe('writing amounts without Intl (decision 064)', () => {
  it('reads the lakh grouping of en-IN, the German separators and the Spanish rule that leaves 4 digits ungrouped', () => {
    expect(numberPatternOf('en-IN', 2)).toEqual({ group: ',', decimal: '.', primary: 3, secondary: 2, minGrouping: 1 });
    expect(patternFormat(numberPatternOf('en-IN', 2)!).format('12345678.50')).toBe('1,23,45,678.50');
    expect(patternFormat(numberPatternOf('de-DE', 2)!).format('1234.50')).toBe('1.234,50');
    expect(patternFormat(numberPatternOf('es-ES', 0)!).format('1234')).toBe('1234');
    expect(patternFormat(numberPatternOf('es-ES', 0)!).format('12345')).toBe('12.345');
    expect(patternFormat(numberPatternOf('en-US', 0)!).format('999')).toBe('999');
  });

  it('writes every amount as Intl.NumberFormat does, in every locale it describes', () => {
    const locales = ['en-IN', 'en-US', 'hi-IN', 'de-DE', 'fr-FR', 'es-ES', 'de-CH', 'pt-BR', 'ja-JP', 'bn-IN', 'ar-AE', 'ar-EG', 'fa-IR', 'sv-SE', 'pl-PL'];
    const described = locales.filter((l) => numberPatternOf(l, 2) !== null);
    // Latin-digit locales are described; those written in other digits keep Intl
    expect(described).toEqual(expect.arrayContaining(['en-IN', 'en-US', 'hi-IN', 'de-DE', 'es-ES']));
    expect(numberPatternOf('fa-IR', 2)).toBeNull();
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.integer({ min: 0, max: 3 }),
        fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.maxSafeInteger().map(Math.abs)),
        (locale, digits, m) => {
          const pattern = numberPatternOf(locale, digits);
          if (!pattern) return;
          const text = minorToText(minor(m), digits) as `${number}`;
          const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
          expect(patternFormat(pattern).format(text)).toBe(intl.format(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('quantities', () => {
  it('shows whole units for products sold by the piece', () => {
    expect(formatQuantity(2000, false)).toBe('2');
    expect(() => formatQuantity(2500, false)).toThrow(RangeError);
  });

  it('shows two decimals for products sold by weight', () => {
    expect(formatQuantity(1250, true)).toBe('1.25');
    expect(formatQuantity(1000, true)).toBe('1.00');
    expect(formatQuantity(1255, true)).toBe('1.26');
    expect(formatQuantity(5, true)).toBe('0.01');
    expect(formatQuantity(0, true)).toBe('0.00');
  });

  it('accepts only whole units for products sold by the piece', () => {
    expect(qtyToMilli(3, false)).toBe(3000);
    expect(() => qtyToMilli(1.5, false)).toThrow(RangeError);
    expect(() => qtyToMilli(Number.NaN, false)).toThrow(RangeError);
  });

  it('keeps weights to the gram', () => {
    expect(qtyToMilli(1.25, true)).toBe(1250);
    expect(qtyToMilli(0.0005, true)).toBe(1);
    expect(qtyToMilli(1.0004, true)).toBe(1000);
    expect(qtyToMilli(2, true)).toBe(2000);
  });
});
