import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor, productPrices, qtyToMilli, toMinor, type Minor } from './money.ts';
import {
  computeTotals,
  deliveryModes,
  totalsConfigFrom,
  totalsForApi,
  type DeliveryMode,
  type TotalsInput,
  type TotalsLineInput,
  type TotalsSettings,
} from './totals.ts';

/** The totals' settings as a shop config writes them (decimals), converted as a config version is. */
const settings: TotalsSettings = {
  fractionDigits: 2,
  taxMode: 'exclusive',
  deliveryCharge: { amount: 0, disableWhenTotalAbove: 0 },
  packingCharge: { type: 'fixed', amount: 0, amountPercentage: 0, minAmount: 0, maxAmount: 0, removeFractionalPart: false },
};
const config = totalsConfigFrom(settings);
const withConfig = (over: Partial<TotalsSettings>) => totalsConfigFrom({ ...settings, ...over });
type ItemOptions = { isFraction?: boolean; taxPercent?: number; price?: { mrp: number | null; regular: number; special: number | null } };
/** A line as a shopper would see it in the catalog: a decimal price, a quantity, a tax rate. */
const item = (
  regular: number,
  qty = 1,
  { isFraction = false, taxPercent = 0, price = { mrp: null, regular, special: null } }: ItemOptions = {},
): TotalsLineInput => ({
  unit: productPrices(price, 2).final,
  qtyMilli: qtyToMilli(qty, isFraction),
  taxPercent,
});
const valueOf = (lines: ReturnType<typeof computeTotals>['lines'], code: string) => lines.find((l) => l.code === code)?.value;

describe('computeTotals', () => {
  it('adds qty × final price per line; a special price below the regular one is what counts', () => {
    const t = computeTotals({ lines: [item(100, 2), item(0, 3, { price: { mrp: 300, regular: 280, special: 250 } })], mode: 'pickup' }, config);
    expect(t.subtotal).toBe(20_000 + 75_000);
    expect(t.grandTotal).toBe(95_000);
    expect(t.lines.map((l) => l.code)).toEqual(['subtotal', 'grand_total']);
  });

  it('weighs fractional products: 1.25 Kg at ₹159.00 is ₹198.75', () => {
    const t = computeTotals({ lines: [item(159, 1.25, { isFraction: true })], mode: 'pickup' }, config);
    expect(t.subtotal).toBe(19_875);
  });

  it('puts tax on each line total, rounded per line, with its percentage', () => {
    // 5 % of ₹0.30 is 1.5 paise → 2 paise per line, twice: 4 paise (not 5 % of ₹0.60 = 3)
    const t = computeTotals({ lines: [item(0.3, 1, { taxPercent: 5 }), item(0.3, 1, { taxPercent: 5 })], mode: 'pickup' }, config);
    expect(t.lines.find((l) => l.code === 'tax')).toEqual({ code: 'tax', title: 'Tax', value: 4, isPercentage: true, percentAmount: 5 });
    expect(t.grandTotal).toBe(64);
  });

  it('charges delivery only in ship mode, free once the subtotal reaches the threshold', () => {
    const delivery = withConfig({ deliveryCharge: { amount: 40, disableWhenTotalAbove: 500 } });
    const below = computeTotals({ lines: [item(499.99)], mode: 'ship' }, delivery);
    expect(below.lines.find((l) => l.code === 'delivery')).toEqual({
      code: 'delivery',
      title: 'Shipping and Handling',
      value: 4_000,
      isPercentage: false,
      percentAmount: null,
    });
    expect(valueOf(computeTotals({ lines: [item(500)], mode: 'ship' }, delivery).lines, 'delivery')).toBe(0);
    for (const mode of ['dine', 'pickup'] as const) expect(valueOf(computeTotals({ lines: [item(10)], mode }, delivery).lines, 'delivery')).toBeUndefined();
    // a threshold of 0 switches the rule off: delivery is always charged
    expect(
      valueOf(
        computeTotals({ lines: [item(10_000)], mode: 'ship' }, withConfig({ deliveryCharge: { amount: 40, disableWhenTotalAbove: 0 } })).lines,
        'delivery',
      ),
    ).toBe(4_000);
  });

  it('works out a percentage packing charge to the paisa, clamps it and can drop the fraction', () => {
    const packing = (over: Partial<TotalsSettings['packingCharge']>, subtotal: number) =>
      valueOf(
        computeTotals(
          { lines: [item(subtotal)], mode: 'ship' },
          withConfig({ packingCharge: { ...settings.packingCharge, type: 'percentage', amountPercentage: 2.5, ...over } }),
        ).lines,
        'packing',
      );
    expect(packing({}, 123.45)).toBe(309); // 3.08625 → 3.09
    expect(packing({ minAmount: 5 }, 123.45)).toBe(500);
    expect(packing({ maxAmount: 2 }, 123.45)).toBe(200);
    expect(packing({ removeFractionalPart: true }, 123.45)).toBe(300);
    expect(packing({ maxAmount: 0 }, 100_000)).toBe(250_000); // 0 is no upper bound
  });

  it('charges fixed packing for orders that leave the shop, not at the table', () => {
    const fixed = withConfig({ packingCharge: { ...settings.packingCharge, amount: 15 } });
    const line = (mode: DeliveryMode) => computeTotals({ lines: [item(100)], mode }, fixed).lines.find((l) => l.code === 'packing');
    expect(line('ship')).toEqual({ code: 'packing', title: 'Packing Charges', value: 1_500, isPercentage: false, percentAmount: null });
    expect(line('pickup')?.value).toBe(1_500);
    expect(line('dine')).toBeUndefined();
  });

  it('takes a coupon off each line before tax, delivery threshold and packing', () => {
    const shop = withConfig({
      deliveryCharge: { amount: 50, disableWhenTotalAbove: 500 },
      packingCharge: { ...settings.packingCharge, type: 'percentage', amountPercentage: 10 },
    });
    const t = computeTotals({ lines: [item(520, 1, { taxPercent: 10 })], mode: 'ship', coupon: { percent: 10, maxDiscount: null } }, shop);
    expect(t.lines.find((l) => l.code === 'discount')).toEqual({ code: 'discount', title: 'Discount', value: -5_200, isPercentage: true, percentAmount: 10 });
    // ₹468 of goods: below the ₹500 free-delivery threshold, 10 % packing and 10 % tax on ₹468
    expect(valueOf(t.lines, 'delivery')).toBe(5_000);
    expect(valueOf(t.lines, 'packing')).toBe(4_680);
    expect(valueOf(t.lines, 'tax')).toBe(4_680);
    expect(t.grandTotal).toBe(46_800 + 5_000 + 4_680 + 4_680);
  });

  it('an empty order costs nothing in any mode', () => {
    const everything = withConfig({
      deliveryCharge: { amount: 40, disableWhenTotalAbove: 0 },
      packingCharge: { ...settings.packingCharge, amount: 10, minAmount: 5 },
    });
    for (const mode of deliveryModes) expect(computeTotals({ lines: [], mode }, everything).grandTotal).toBe(0);
  });

  it('adds tax per rate, one line for each rate (bread 0 %, cake 18 %, café 5 %)', () => {
    // bread ₹40 at 0 %; cake ₹450 at 18 % = ₹81; coffee 2 × ₹120 at 5 % = ₹12
    const t = computeTotals({ lines: [item(40), item(450, 1, { taxPercent: 18 }), item(120, 2, { taxPercent: 5 })], mode: 'pickup' }, config);
    expect(t.lines.filter((l) => l.code === 'tax')).toEqual([
      { code: 'tax', title: 'Tax', value: 1_200, isPercentage: true, percentAmount: 5 },
      { code: 'tax', title: 'Tax', value: 8_100, isPercentage: true, percentAmount: 18 },
    ]);
    expect(t.grandTotal).toBe(4_000 + 45_000 + 24_000 + 1_200 + 8_100);
  });

  it('shows tax held in GST-inclusive prices without adding it', () => {
    // an MRP of ₹118 at 18 % holds ₹18 of GST (118 × 18 / 118); ₹105 at 5 % holds ₹5
    const t = computeTotals(
      { lines: [item(118, 1, { taxPercent: 18 }), item(105, 1, { taxPercent: 5 })], mode: 'pickup' },
      withConfig({ taxMode: 'inclusive' }),
    );
    expect(t.lines.filter((l) => l.code === 'tax')).toEqual([
      { code: 'tax', title: 'incl. GST', value: 500, isPercentage: true, percentAmount: 5 },
      { code: 'tax', title: 'incl. GST', value: 1_800, isPercentage: true, percentAmount: 18 },
    ]);
    expect(t.grandTotal).toBe(22_300);
  });

  it('a flat coupon comes off the goods in proportion, and tax is on what is left', () => {
    // ₹100 off ₹300 + ₹100: ₹75 and ₹25; 18 % of ₹225 = ₹40.50, 5 % of ₹75 = ₹3.75
    const t = computeTotals(
      { lines: [item(300, 1, { taxPercent: 18 }), item(100, 1, { taxPercent: 5 })], mode: 'pickup', coupon: { amount: minor(10_000) } },
      config,
    );
    expect(t.perLine.map((l) => [l.discount, l.tax])).toEqual([
      [7_500, 4_050],
      [2_500, 375],
    ]);
    expect(valueOf(t.lines, 'discount')).toBe(-10_000);
    expect(t.lines.find((l) => l.code === 'discount')).toMatchObject({ isPercentage: false, percentAmount: null });
    expect(t.grandTotal).toBe(30_000 + 4_050 + 375);
  });

  it('caps a percentage coupon at its maximum, and never takes off more than the goods cost', () => {
    const capped = computeTotals({ lines: [item(2_000)], mode: 'pickup', coupon: { percent: 20, maxDiscount: minor(25_000) } }, config);
    expect(capped.discount).toBe(25_000); // 20 % would be ₹400
    const flat = computeTotals({ lines: [item(80)], mode: 'pickup', coupon: { amount: minor(20_000) } }, config);
    expect(flat.discount).toBe(8_000);
    expect(flat.grandTotal).toBe(0);
  });

  it('gives the API decimals', () => {
    const t = computeTotals({ lines: [item(199.5, 2)], mode: 'pickup' }, config);
    expect(totalsForApi(t.lines, 2)).toEqual([
      { code: 'subtotal', title: 'Subtotal', value: 399, isPercentage: false, percentAmount: null },
      { code: 'grand_total', title: 'Grand Total', value: 399, isPercentage: false, percentAmount: null },
    ]);
  });
});

describe('computeTotals over random carts and configs', () => {
  const amount = fc.integer({ min: 0, max: 5_000_000 }).map((paise) => paise / 100);
  const percent = fc.integer({ min: 0, max: 3000 }).map((x) => x / 100);
  const lineArb: fc.Arbitrary<TotalsLineInput> = fc
    .record({
      price: fc.record({ mrp: fc.option(amount, { nil: null }), regular: amount, special: fc.option(amount, { nil: null }) }),
      isFraction: fc.boolean(),
      qtyUnits: fc.integer({ min: 1, max: 2_000 }),
      taxPercent: fc.constantFrom(0, 5, 12, 18, 28, 2.5),
    })
    .map(({ price, isFraction, qtyUnits, taxPercent }) => item(0, isFraction ? qtyUnits / 100 : Math.ceil(qtyUnits / 100), { price, isFraction, taxPercent }));
  /** The totals with the settings converted as a config version's are (the properties below read the settings' decimals). */
  const totalsOf = (input: TotalsInput, cfg: TotalsSettings) => computeTotals(input, totalsConfigFrom(cfg));
  const configArb: fc.Arbitrary<TotalsSettings> = fc.record({
    fractionDigits: fc.constant(2),
    taxMode: fc.constantFrom('exclusive' as const, 'inclusive' as const),
    deliveryCharge: fc.record({ amount, disableWhenTotalAbove: amount }),
    packingCharge: fc.record({
      type: fc.constantFrom('fixed' as const, 'percentage' as const),
      amount,
      amountPercentage: percent,
      minAmount: amount,
      maxAmount: amount,
      removeFractionalPart: fc.boolean(),
    }),
  });
  const couponArb = fc.oneof(
    fc.constant(null),
    fc.record({
      percent: percent,
      maxDiscount: fc.option(
        amount.map((a) => toMinor(a, 2)),
        { nil: null },
      ),
    }),
    fc.record({ amount: amount.map((a) => toMinor(a, 2)) }),
  );
  const inputArb = fc.record({ lines: fc.array(lineArb, { maxLength: 12 }), mode: fc.constantFrom(...deliveryModes), coupon: couponArb });

  it('the grand total is the sum of the other lines, and no charge is negative', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, cfg) => {
        const { lines, grandTotal } = totalsOf(input, cfg);
        // tax held in the prices is shown, not added
        const parts = lines.filter((l) => l.code !== 'grand_total' && l.code !== 'subtotal' && !(cfg.taxMode === 'inclusive' && l.code === 'tax'));
        expect(grandTotal).toBe(lines[0]!.value + parts.reduce((s, l) => s + l.value, 0));
        expect(lines.at(-1)).toMatchObject({ code: 'grand_total', value: grandTotal });
        for (const l of lines) if (l.code !== 'discount') expect(l.value).toBeGreaterThanOrEqual(0);
        expect(grandTotal).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('the subtotal is the exact sum of qty × unit price, whatever the order of the lines', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, cfg) => {
        const expected = input.lines.reduce((s, l) => s + Math.round((l.unit * l.qtyMilli) / 1000), 0);
        const t = totalsOf(input, cfg);
        expect(t.subtotal).toBe(expected);
        // the order's lines are priced in one fixed order (by id); the subtotal and discount do not depend on it
        const reversed = totalsOf({ ...input, lines: [...input.lines].reverse() }, cfg);
        expect([reversed.subtotal, reversed.discount]).toEqual([t.subtotal, t.discount]);
      }),
    );
  });

  it('tax per line stays within half a paisa per line of the exact tax, and the tax lines add up to it', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, cfg) => {
        const t = totalsOf({ ...input, coupon: null }, cfg);
        const shown = t.lines.filter((l) => l.code === 'tax').reduce((s, l) => s + l.value, 0);
        expect(shown).toBe(t.tax);
        const exact = input.lines.reduce((s, l) => {
          const total = (l.unit * l.qtyMilli) / 1000;
          return s + (cfg.taxMode === 'inclusive' ? (total * l.taxPercent) / (100 + l.taxPercent) : (total * l.taxPercent) / 100);
        }, 0);
        expect(Math.abs(t.tax - exact)).toBeLessThanOrEqual(input.lines.length + 1e-6);
      }),
    );
  });

  it('a discount never exceeds the goods, and its shares over the lines add up to it exactly', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, cfg) => {
        const t = totalsOf(input, cfg);
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        expect(t.perLine.reduce((s, l) => s + l.discount, 0)).toBe(t.discount);
        for (const l of t.perLine) expect(l.discount).toBeLessThanOrEqual(l.total);
        if (input.coupon && 'maxDiscount' in input.coupon && input.coupon.maxDiscount !== null)
          expect(t.discount).toBeLessThanOrEqual(input.coupon.maxDiscount);
      }),
    );
  });

  it('delivery is charged exactly when shipping a non-empty order below the threshold', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, cfg) => {
        const t = totalsOf(input, cfg);
        const delivery = t.lines.find((l) => l.code === 'delivery');
        if (input.mode !== 'ship') {
          expect(delivery).toBeUndefined();
          return;
        }
        const goods = t.subtotal + (t.lines.find((l) => l.code === 'discount')?.value ?? 0);
        const threshold = toMinor(cfg.deliveryCharge.disableWhenTotalAbove, 2);
        const free = input.lines.length === 0 || (threshold > 0 && goods >= threshold);
        expect(delivery?.value).toBe(free ? 0 : toMinor(cfg.deliveryCharge.amount, 2));
      }),
    );
  });

  it('packing stays within its bounds (before dropping the fraction), and never at the table', () => {
    fc.assert(
      fc.property(inputArb, configArb, (input, cfg) => {
        const packing = (totalsOf(input, cfg).lines.find((l) => l.code === 'packing')?.value ?? 0) as Minor;
        if (input.mode === 'dine' || input.lines.length === 0) {
          expect(packing).toBe(0);
          return;
        }
        const max = toMinor(cfg.packingCharge.maxAmount, 2);
        if (max > 0) expect(packing).toBeLessThanOrEqual(Math.max(max, toMinor(cfg.packingCharge.minAmount, 2)));
        if (!cfg.packingCharge.removeFractionalPart)
          expect(packing).toBeGreaterThanOrEqual(Math.min(toMinor(cfg.packingCharge.minAmount, 2), max > 0 ? max : Infinity));
        else expect(packing % 100).toBe(0);
      }),
    );
  });

  it('adding a line never lowers the subtotal', () => {
    fc.assert(
      fc.property(inputArb, lineArb, configArb, (input, extra, cfg) => {
        expect(totalsOf({ ...input, lines: [...input.lines, extra] }, cfg).subtotal).toBeGreaterThanOrEqual(totalsOf(input, cfg).subtotal);
      }),
    );
  });
});
