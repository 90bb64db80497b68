import { z } from 'zod';
import { instantOf } from './booking.ts';
import { toMinor, type Minor } from './money.ts';
import type { CouponProblem, OrderCoupon } from './order-pricing.ts';

/**
 * Coupons the owner controls (issue 19): a code, a percentage or an amount off the
 * products, and the rules that say when it can be used. The shop config and /admin write
 * them in the same shape (`couponInputSchema`, amounts as decimals of the currency); the
 * database keeps minor units and counts the uses.
 */

export const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

const money = z.number().finite().positive().max(10_000_000);
const instant = z.iso.datetime({ offset: true }).or(z.iso.date());

export const couponInputSchema = z
  .object({
    code: z.string().trim().toUpperCase().regex(COUPON_CODE, 'A code is 3 to 40 letters, digits, - or _.'),
    /** A percentage off (up to 100), or `amount`: so much off. One of the two. */
    percent: z.number().positive().max(100).multipleOf(0.01).optional(),
    amount: money.optional(),
    minOrder: money.nullish(),
    /** For a percentage: the most it takes off. */
    maxDiscount: money.nullish(),
    /** From and until when it works: a date (the shop's midnight) or a date and time. */
    validFrom: instant.nullish(),
    validUntil: instant.nullish(),
    /** How often it can be used in all, and by one customer; absent: no limit. */
    totalUses: z.number().int().positive().nullish(),
    usesPerCustomer: z.number().int().positive().nullish(),
    firstOrderOnly: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .refine((c) => (c.percent === undefined) !== (c.amount === undefined), { message: 'Give a percent or an amount off, not both.', path: ['percent'] })
  .refine((c) => !c.validFrom || !c.validUntil || Date.parse(c.validFrom) < Date.parse(c.validUntil), {
    message: 'validUntil must be after validFrom.',
    path: ['validUntil'],
  });

/** A coupon as the shop keeps it: money in minor units, instants in epoch milliseconds. */
export type Coupon = {
  code: string;
  off: { percent: number } | { amount: Minor };
  minOrder: Minor | null;
  maxDiscount: Minor | null;
  validFrom: number | null;
  validUntil: number | null;
  totalUses: number | null;
  usesPerCustomer: number | null;
  firstOrderOnly: boolean;
  active: boolean;
  used: number;
  source: 'config' | 'owner' | 'newsletter';
};

/** A date alone is that day's start in the shop's zone (IST for Indian shops); a date and time is that instant. */
const instantIn = (value: string, timeZone: string): number => (value.includes('T') ? Date.parse(value) : instantOf(value, '00:00', timeZone));

/** A checked input as the shop keeps it. `validUntil` as a date means to the end of that day. */
export function couponFromInput(
  input: z.output<typeof couponInputSchema>,
  { fractionDigits, timeZone }: { fractionDigits: number; timeZone: string },
  source: Coupon['source'],
): Omit<Coupon, 'used'> {
  const toM = (d: number | null | undefined) => (d == null ? null : toMinor(d, fractionDigits));
  const until = input.validUntil
    ? input.validUntil.includes('T')
      ? Date.parse(input.validUntil)
      : instantOf(input.validUntil, '23:59', timeZone) + 59_999
    : null;
  return {
    code: input.code,
    off: input.percent !== undefined ? { percent: input.percent } : { amount: toMinor(input.amount!, fractionDigits) },
    minOrder: toM(input.minOrder),
    maxDiscount: toM(input.maxDiscount),
    validFrom: input.validFrom ? instantIn(input.validFrom, timeZone) : null,
    validUntil: until,
    totalUses: input.totalUses ?? null,
    usesPerCustomer: input.usesPerCustomer ?? null,
    firstOrderOnly: input.firstOrderOnly,
    active: input.active,
    source,
  };
}

/** Why a coupon cannot be used at `now` whoever uses it, or null when it can (per-customer rules are the order's to check). */
export function couponProblem(coupon: Coupon, now: number): CouponProblem | null {
  if (!coupon.active) return 'unknown';
  if (coupon.validFrom !== null && now < coupon.validFrom) return 'not_yet';
  if (coupon.validUntil !== null && now > coupon.validUntil) return 'expired';
  if (coupon.totalUses !== null && coupon.used >= coupon.totalUses) return 'used';
  return null;
}

/** The coupon as the order's pricing reads it. */
export const orderCouponOf = (c: Coupon): OrderCoupon => ({
  code: c.code,
  terms: 'percent' in c.off ? { percent: c.off.percent, maxDiscount: c.maxDiscount } : { amount: c.off.amount },
  minOrder: c.minOrder,
});
