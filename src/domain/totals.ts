import type { CartItem } from './cart-rules.ts';
import type { ShopConfig } from './shop-config.ts';
import { addMinor, allocateMinor, fromMinor, includedTaxOf, minor, multiplyMinor, percentOf, productPrices, qtyToMilli, toMinor, type Minor } from './money.ts';

/**
 * An order's totals (spec §9, §3 Totals lines): one pure function the browser uses to show
 * them and the server uses to charge them, so the two can never disagree. Integer minor
 * units throughout; the rounding rules are decision 014's.
 */

export type DeliveryMode = 'ship' | 'dine' | 'pickup';
export const deliveryModes = ['ship', 'dine', 'pickup'] as const satisfies readonly DeliveryMode[];

export type TotalsCode = 'subtotal' | 'discount' | 'delivery' | 'packing' | 'tax' | 'grand_total';

/** The spec's line titles (§3); `discount` is ours, for coupons.
 * @internal the titles the totals tests read lines by
 */
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

/** What the totals depend on in the shop config, as the config writes it: amounts are decimals of the currency. */
export type TotalsSettings = {
  fractionDigits: number;
  /** exclusive: tax is added on top of the prices (§9); inclusive: the prices hold it (Indian MRPs). */
  taxMode: TaxMode;
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

/**
 * The totals' settings as the totals read them: the amounts in minor units, converted once
 * per config version (`shopMoneyOf`, decision 082), not per order. The packing percentage
 * stays the config's decimal: `percentOf` reads its digits exactly.
 */
export type TotalsConfig = {
  fractionDigits: number;
  taxMode: TaxMode;
  deliveryCharge: { amount: Minor; disableWhenTotalAbove: Minor };
  packingCharge: Omit<TotalsSettings['packingCharge'], 'amount' | 'minAmount' | 'maxAmount'> & { amount: Minor; minAmount: Minor; maxAmount: Minor };
};

export type TaxMode = 'exclusive' | 'inclusive';

/** One line of an order as the totals see it: its unit price, its quantity in thousandths and its tax rate. */
export type TotalsLineInput = { unit: Minor; qtyMilli: number; taxPercent: number };

/** What a coupon takes off the products: a percentage (up to a cap) or an amount, never more than they cost. */
export type CouponTerms = { percent: number; maxDiscount: Minor | null } | { amount: Minor };

export type TotalsInput = {
  lines: readonly TotalsLineInput[];
  mode: DeliveryMode;
  /** A coupon the server accepted for this order. */
  coupon?: CouponTerms | null | undefined;
  /** Every line is virtual or downloadable (`isCartVirtual`): nothing leaves the shop, whatever the mode. */
  digital?: boolean | undefined;
};

/** A line's money: qty × unit, its share of the discount, its tax rate and the tax it carries (added or included). */
export type LineAmounts = { total: Minor; discount: Minor; taxPercent: number; tax: Minor };

export type Totals = { lines: TotalsLine[]; subtotal: Minor; discount: Minor; tax: Minor; grandTotal: Minor; perLine: LineAmounts[] };

/** The totals' settings of a shop, as its config writes them. A product's own tax rate, when it has one, replaces the shop's (`taxPercentOf`). */
export function totalsSettingsOf(shop: Pick<ShopConfig, 'localeConfig' | 'orderConfig' | 'pricingConfig'>): TotalsSettings {
  return {
    fractionDigits: shop.localeConfig.fractionDigits,
    taxMode: shop.pricingConfig.taxMode,
    deliveryCharge: shop.orderConfig.deliveryCharge,
    packingCharge: shop.orderConfig.packingCharge,
  };
}

/** The settings' amounts in minor units, each converted exactly from its decimal (decision 014). */
export function totalsConfigFrom({ fractionDigits, taxMode, deliveryCharge, packingCharge }: TotalsSettings): TotalsConfig {
  const m = (decimal: number) => toMinor(decimal, fractionDigits);
  return {
    fractionDigits,
    taxMode,
    deliveryCharge: { amount: m(deliveryCharge.amount), disableWhenTotalAbove: m(deliveryCharge.disableWhenTotalAbove) },
    packingCharge: { ...packingCharge, amount: m(packingCharge.amount), minAmount: m(packingCharge.minAmount), maxAmount: m(packingCharge.maxAmount) },
  };
}

/** A product's tax rate: its own, else the shop's global one. */
const taxPercentOf = (product: { taxRate?: number | null | undefined }, shop: Pick<ShopConfig, 'pricingConfig'>): number =>
  product.taxRate ?? shop.pricingConfig.globalTaxPercentage;

/** A cart line (the catalog's decimal prices) as the totals read it. */
export function cartLineInput(
  item: Pick<CartItem, 'price' | 'qty' | 'isFraction'> & { taxRate?: number | null | undefined },
  shop: Pick<ShopConfig, 'localeConfig' | 'pricingConfig'>,
): TotalsLineInput {
  return {
    unit: productPrices(item.price, shop.localeConfig.fractionDigits).final,
    qtyMilli: qtyToMilli(item.qty, item.isFraction),
    taxPercent: taxPercentOf(item, shop),
  };
}

const line = (code: TotalsCode, value: Minor, percentAmount: number | null = null, title: string = totalsTitles[code]): TotalsLine => ({
  code,
  title,
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
  let amount = p.type === 'fixed' ? p.amount : percentOf(subtotal, p.amountPercentage);
  if (amount < p.minAmount) amount = p.minAmount;
  if (p.maxAmount > 0 && amount > p.maxAmount) amount = p.maxAmount;
  return p.removeFractionalPart ? dropFraction(amount, config.fractionDigits) : amount;
}

/** Delivery (§9): ship mode only, free once the subtotal reaches disableWhenTotalAbove (0: never free). */
function deliveryCharge(subtotal: Minor, config: TotalsConfig): Minor {
  const { amount, disableWhenTotalAbove: threshold } = config.deliveryCharge;
  if (threshold > 0 && subtotal >= threshold) return minor(0);
  return amount;
}

/** The discount a coupon gives on `subtotal`: a percentage rounded to the paisa and capped, or the amount, never above the subtotal. */
function couponDiscount(coupon: CouponTerms, subtotal: Minor): Minor {
  const off = 'amount' in coupon ? coupon.amount : percentOf(subtotal, coupon.percent);
  const capped = 'maxDiscount' in coupon && coupon.maxDiscount !== null && off > coupon.maxDiscount ? coupon.maxDiscount : off;
  return capped > subtotal ? subtotal : capped;
}

/** The tax titles: "Tax" on top (§3), "incl. GST" when the prices hold it. */
const includedTaxTitle = 'incl. GST';

/** Which label a totals line takes: its code, or `taxIncluded` for tax the prices hold (shown, not added). */
export const totalsLabelKey = (line: Pick<TotalsLine, 'code' | 'title'>): TotalsCode | 'taxIncluded' =>
  line.code === 'tax' && line.title === includedTaxTitle ? 'taxIncluded' : line.code;

/**
 * The totals of an order. Each line is qty × unit price; a coupon's discount is worked
 * out on the subtotal and spread over the lines in proportion (to the paisa, adding up
 * exactly), and each line's tax is worked out on what is left of it at its own rate and
 * rounded there (§9 "on each line total"), then summed per rate: one tax line for each
 * rate. Exclusive tax is added to the grand total; inclusive tax is already in the prices
 * and is only shown. Delivery applies to ship orders, packing to orders that leave the
 * shop (ship and pickup); a digital order has neither, not even a delivery line, since
 * nothing is packed or carried. An empty order costs nothing.
 */
export function computeTotals({ lines, mode, coupon, digital = false }: TotalsInput, config: TotalsConfig): Totals {
  const totals = lines.map((l) => multiplyMinor(l.unit, l.qtyMilli));
  const subtotal = addMinor(...totals);
  const discount = coupon ? couponDiscount(coupon, subtotal) : minor(0);
  const shares = allocateMinor(discount, totals);
  const inclusive = config.taxMode === 'inclusive';
  const perLine = lines.map((l, i): LineAmounts => {
    const net = minor(totals[i]! - shares[i]!);
    return {
      total: totals[i]!,
      discount: shares[i]!,
      taxPercent: l.taxPercent,
      tax: inclusive ? includedTaxOf(net, l.taxPercent) : percentOf(net, l.taxPercent),
    };
  });
  const byRate = new Map<number, Minor>();
  for (const l of perLine) if (l.taxPercent > 0) byRate.set(l.taxPercent, addMinor(byRate.get(l.taxPercent) ?? minor(0), l.tax));
  const tax = addMinor(...byRate.values());

  const out: TotalsLine[] = [line('subtotal', subtotal)];
  if (coupon) out.push(line('discount', minor(-discount), 'percent' in coupon ? coupon.percent : null));
  const goods = minor(subtotal - discount);
  const empty = lines.length === 0;
  const ships = mode === 'ship' && !digital;
  const delivery = ships && !empty ? deliveryCharge(goods, config) : minor(0);
  if (ships) out.push(line('delivery', delivery));
  const packing = mode !== 'dine' && !digital && !empty ? packingCharge(goods, config) : minor(0);
  if (packing > 0) out.push(line('packing', packing, config.packingCharge.type === 'percentage' ? config.packingCharge.amountPercentage : null));
  for (const [rate, value] of [...byRate].sort((a, b) => a[0] - b[0])) out.push(line('tax', value, rate, inclusive ? includedTaxTitle : totalsTitles.tax));
  const grandTotal = addMinor(goods, delivery, packing, inclusive ? minor(0) : tax);
  out.push(line('grand_total', grandTotal));
  return { lines: out, subtotal, discount, tax, grandTotal, perLine };
}

/** A totals line as the API sends it (§3): the value as a decimal of the shop's currency. */
export type ApiTotalsLine = Omit<TotalsLine, 'value'> & { value: number };

export function totalsForApi(lines: readonly TotalsLine[], fractionDigits: number): ApiTotalsLine[] {
  return lines.map((l) => ({ ...l, value: fromMinor(l.value, fractionDigits) }));
}

/** Totals lines from the API with their values in minor units again (the browser's decoding of a quote, decision 082). */
export function totalsFromApi(lines: readonly ApiTotalsLine[], fractionDigits: number): TotalsLine[] {
  return lines.map((l) => ({ ...l, value: toMinor(l.value, fractionDigits) }));
}
