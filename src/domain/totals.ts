import type { CartItem } from './cart-rules.ts';
import type { ShopConfig } from './shop-config.ts';
import { addMinor, fromMinor, minor, multiplyMinor, percentOf, productPrices, qtyToMilli, toMinor, type Minor } from './money.ts';

/**
 * An order's totals (spec §9, §3 Totals lines): one pure function the browser uses to show
 * them and the server uses to charge them, so the two can never disagree. Integer minor
 * units throughout; the rounding rules are decision 014's.
 */

export type DeliveryMode = 'ship' | 'dine' | 'pickup';
export const deliveryModes = ['ship', 'dine', 'pickup'] as const satisfies readonly DeliveryMode[];

export type TotalsCode = 'subtotal' | 'discount' | 'delivery' | 'packing' | 'tax' | 'grand_total';

/** The spec's line titles (§3); `discount` is ours, for the newsletter coupon. */
export const totalsTitles: Record<TotalsCode, string> = {
  subtotal: 'Subtotal',
  discount: 'Discount',
  delivery: 'Shipping and Handling',
  packing: 'Packing Charges',
  tax: 'Tax',
  grand_total: 'Grand Total',
};

export type TotalsLine = {
  code: TotalsCode;
  title: string;
  /** Minor units; the discount is negative. */
  value: Minor;
  isPercentage: boolean;
  /** The percentage behind a percentage line (tax 18, packing 5, discount 10), else null. */
  percentAmount: number | null;
};

/** What the totals depend on in the shop config; amounts are the config's decimals. */
export type TotalsConfig = {
  fractionDigits: number;
  taxPercent: number;
  deliveryCharge: { amount: number; disableWhenTotalAbove: number };
  packingCharge: {
    type: 'fixed' | 'percentage';
    amount: number;
    amountPercentage: number;
    minAmount: number;
    /** 0: no upper bound. */
    maxAmount: number;
    removeFractionalPart: boolean;
  };
};

export type TotalsLineInput = Pick<CartItem, 'price' | 'qty' | 'isFraction'>;

export type TotalsInput = {
  lines: readonly TotalsLineInput[];
  mode: DeliveryMode;
  /** A coupon's percentage off the products (the newsletter's 10), once the server has accepted the code. */
  couponPercent?: number | null | undefined;
};

export type Totals = { lines: TotalsLine[]; subtotal: Minor; grandTotal: Minor };

export function totalsConfigOf(shop: Pick<ShopConfig, 'localeConfig' | 'orderConfig' | 'pricingConfig'>): TotalsConfig {
  return {
    fractionDigits: shop.localeConfig.fractionDigits,
    taxPercent: shop.pricingConfig.globalTaxPercentage,
    deliveryCharge: shop.orderConfig.deliveryCharge,
    packingCharge: shop.orderConfig.packingCharge,
  };
}

const line = (code: TotalsCode, value: Minor, percentAmount: number | null = null): TotalsLine => ({
  code,
  title: totalsTitles[code],
  value,
  isPercentage: percentAmount !== null,
  percentAmount,
});

/** Whole major units, the fraction dropped (packing's removeFractionalPart): 12.75 → 12.00. */
function dropFraction(amount: Minor, fractionDigits: number): Minor {
  const unit = 10 ** fractionDigits;
  return minor(Math.trunc(amount / unit) * unit);
}

/**
 * Packing (§9): fixed, or a percentage of the subtotal rounded to the currency's minor
 * unit (2 decimals for rupees), then clamped to [minAmount, maxAmount] (a max of 0 is no
 * bound), then optionally cut to whole units.
 */
function packingCharge(subtotal: Minor, config: TotalsConfig): Minor {
  const p = config.packingCharge;
  const digits = config.fractionDigits;
  let amount = p.type === 'fixed' ? toMinor(p.amount, digits) : percentOf(subtotal, p.amountPercentage);
  const min = toMinor(p.minAmount, digits);
  const max = toMinor(p.maxAmount, digits);
  if (amount < min) amount = min;
  if (max > 0 && amount > max) amount = max;
  return p.removeFractionalPart ? dropFraction(amount, digits) : amount;
}

/** Delivery (§9): ship mode only, free once the subtotal reaches disableWhenTotalAbove (0: never free). */
function deliveryCharge(subtotal: Minor, config: TotalsConfig): Minor {
  const threshold = toMinor(config.deliveryCharge.disableWhenTotalAbove, config.fractionDigits);
  if (threshold > 0 && subtotal >= threshold) return minor(0);
  return toMinor(config.deliveryCharge.amount, config.fractionDigits);
}

/**
 * The totals of an order. Each line is qty × final price; the coupon and the tax are
 * worked out per line and rounded there (the tax is "on each line total"), then summed.
 * Delivery applies to ship orders, packing to orders that leave the shop (ship and
 * pickup). An empty order costs nothing.
 */
export function computeTotals({ lines, mode, couponPercent }: TotalsInput, config: TotalsConfig): Totals {
  const digits = config.fractionDigits;
  let subtotal = minor(0);
  let discount = minor(0);
  let tax = minor(0);
  for (const item of lines) {
    const total = multiplyMinor(productPrices(item.price, digits).final, qtyToMilli(item.qty, item.isFraction));
    const off = couponPercent ? percentOf(total, couponPercent) : minor(0);
    subtotal = addMinor(subtotal, total);
    discount = addMinor(discount, off);
    tax = addMinor(tax, percentOf(minor(total - off), config.taxPercent));
  }
  const out: TotalsLine[] = [line('subtotal', subtotal)];
  if (couponPercent) out.push(line('discount', minor(-discount), couponPercent));
  const goods = minor(subtotal - discount);
  const empty = lines.length === 0;
  const delivery = mode === 'ship' && !empty ? deliveryCharge(goods, config) : minor(0);
  if (mode === 'ship') out.push(line('delivery', delivery));
  const packing = mode !== 'dine' && !empty ? packingCharge(goods, config) : minor(0);
  if (packing > 0) out.push(line('packing', packing, config.packingCharge.type === 'percentage' ? config.packingCharge.amountPercentage : null));
  if (config.taxPercent > 0) out.push(line('tax', tax, config.taxPercent));
  const grandTotal = addMinor(goods, delivery, packing, tax);
  out.push(line('grand_total', grandTotal));
  return { lines: out, subtotal, grandTotal };
}

/** A totals line as the API sends it (§3): the value as a decimal of the shop's currency. */
export type ApiTotalsLine = Omit<TotalsLine, 'value'> & { value: number };

export function totalsForApi(lines: readonly TotalsLine[], fractionDigits: number): ApiTotalsLine[] {
  return lines.map((l) => ({ ...l, value: fromMinor(l.value, fractionDigits) }));
}
