import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseQty } from './cart-rules.ts';
import { checkQuantity } from './quantity.ts';

describe('the quantity rule', () => {
  it('takes every weight a shopper can type with two decimals, exactly', () => {
    // the weights the order call used to refuse: 1.1 × 100 is 110.00000000000001 in floating point
    expect(checkQuantity(1.1, true)).toEqual({ ok: true, milli: 1100 });
    expect(checkQuantity(0.29, true)).toEqual({ ok: true, milli: 290 });
    expect(checkQuantity(2.3, true)).toEqual({ ok: true, milli: 2300 });
    expect(checkQuantity(0.01, true)).toEqual({ ok: true, milli: 10 });
    expect(checkQuantity(12.5, true)).toEqual({ ok: true, milli: 12500 });
  });

  it('refuses a weight finer than the scale reads, and pieces that are not whole', () => {
    expect(checkQuantity(1.234, true)).toEqual({ ok: false, problem: 'off_step' });
    expect(checkQuantity(0.005, true)).toEqual({ ok: false, problem: 'off_step' });
    expect(checkQuantity(1.0000001, true)).toEqual({ ok: false, problem: 'off_step' });
    expect(checkQuantity(1.5, false)).toEqual({ ok: false, problem: 'not_whole' });
    expect(checkQuantity(2, false)).toEqual({ ok: true, milli: 2000 });
  });

  it('refuses nothing, less than nothing and absurd amounts', () => {
    expect(checkQuantity(0, true)).toEqual({ ok: false, problem: 'not_positive' });
    expect(checkQuantity(-1, false)).toEqual({ ok: false, problem: 'not_positive' });
    expect(checkQuantity(Number.NaN, false)).toEqual({ ok: false, problem: 'not_positive' });
    expect(checkQuantity(1e9, false)).toEqual({ ok: false, problem: 'too_large' });
    expect(checkQuantity(1e21, true)).toEqual({ ok: false, problem: 'too_large' });
  });

  it('accepts every quantity the cart can hold, as the cart counts it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.005, max: 10_000, noNaN: true }), fc.boolean(), (typed, isFraction) => {
        const qty = normaliseQty(typed, isFraction);
        fc.pre(qty > 0);
        const check = checkQuantity(qty, isFraction);
        expect(check.ok).toBe(true);
        // the cart's 2-decimal kg (or whole pieces) in thousandths, worked out as text
        const [whole, frac = ''] = qty.toFixed(isFraction ? 2 : 0).split('.');
        expect(check.ok && check.milli).toBe(Number(whole) * 1000 + Number(frac.padEnd(3, '0')));
      }),
    );
  });
});
