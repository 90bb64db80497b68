import { addMinor, formatMoney, minor, multiplyMinor, pricesOf, type MinorPrices, type Minor, type PriceFormat } from './money.ts';
import type { OrderRequest } from './order.ts';
import { paidThroughGateway } from './payment-types.ts';
import { checkQuantity, type QuantityProblem } from './quantity.ts';
import { mayPayWith } from './checkout-rules.ts';
import type { ShopConfig } from './shop-config.ts';
import { shopMoneyOf, type MoneyShop } from './shop-money.ts';
import { computeTotals, type CouponTerms, type LineAmounts, type Totals } from './totals.ts';

/**
 * An order's rules, apart from its writes (issue 19): which quantities are valid, what can
 * be ordered, what each line costs, the totals and the payment status. The order call and
 * the checkout's quote both run `priceOrder`, so a quote is exactly what the order would
 * charge; the repository only loads what it needs, takes the stock and writes.
 */

/** A product as an order reads it from the database: prices in minor units, stock in thousandths. */
export type OrderableProduct = {
  id: string;
  title: string;
  variantName: string;
  isFraction: boolean;
  prices: MinorPrices;
  stockMilli: number;
  /** Made to order: no stock is checked or taken (issue 21). */
  madeToOrder?: boolean;
  /** Virtual or downloadable (`isDigitalType`): nothing to pack or carry (issue 23). */
  digital?: boolean;
  /** Marked "sold out today" by the owner: none can be ordered until the mark ends, made to order or not. */
  soldOut?: boolean;
  /** Owner-set reasons it cannot be sold; any non-blank one blocks it. */
  errors: Record<string, string>;
  /** Its own tax rate (percent), or null for the shop's. */
  taxRate: number | null;
  /** Its HSN or SAC code for the tax invoice, when the owner gave one. */
  hsn: string | null;
};

export type Shortage = { id: string; title: string; requested: number; available: number };
/** A line of the request whose quantity breaks the quantity rule, or asks for more of one product than the shop lets one order take. */
export type QuantityRefusal = { index: number; problem: QuantityProblem } | { index: number; problem: 'over_limit'; max: number; isFraction: boolean };

/** What the shopper reads when a line asks for more than `orderConfig.maxQuantityPerLine`. */
export const overLimitMessage = (max: number, isFraction: boolean) => `You can order at most ${max}${isFraction ? ' kg' : ''} of one product.`;

/**
 * What the shopper reads when the orders a guest or a new account has not paid would come to more than
 * `orderConfig.maxGuestOrderValue` (decision 073); `gateway`: the shop takes payments through a gateway, the way out.
 */
export const orderLimitMessage = (limit: Minor, format: PriceFormat, { gateway }: { gateway: boolean }) =>
  `Guests and new customers can have at most ${formatMoney(limit, format)} in orders not yet paid. ${gateway ? 'Please pay by card or netbanking, or order less.' : 'Please order less.'}`;

/**
 * The cap on what a guest or a new account may hold unpaid (`maxGuestOrderValue`, decision 073) when an
 * order is to be paid this way (null: an enquiry, which takes no payment): 0 when none applies (paid
 * through a gateway, or the shop set no cap).
 */
export const unpaidLimitFor = (shop: MoneyShop, paymentType: string | null | undefined): Minor =>
  paidThroughGateway(paymentType) ? minor(0) : shopMoneyOf(shop).maxGuestOrderValue;

/** Whether the shop offers a payment gateway (PayU, Razorpay): the way past `maxGuestOrderValue` its refusal can point to. */
export const takesGateway = (shop: Pick<ShopConfig, 'payment'>): boolean => shop.payment.providers.some((p) => paidThroughGateway(p.id));

/** What the shopper reads when they hold `orderConfig.maxSlotPlacesPerCustomer` places of a delivery slot already. */
export const slotLimitMessage = (max: number) => `You already have ${max === 1 ? 'an order' : `${max} orders`} in this delivery slot. Choose another slot.`;

/** What the shopper reads when the order's total is no longer the one they were shown. */
export const priceChangedMessage = (total: Minor, format: PriceFormat) =>
  `The total of your order is now ${formatMoney(total, format)}. Please check it and place your order again.`;
export type CouponProblem = 'unknown' | 'used' | 'expired' | 'not_yet' | 'minimum' | 'first_order';

/** Why an order cannot be placed; nothing is written for any of them. */
export type OrderRefusal =
  | { reason: 'out_of_stock'; lines: Shortage[] }
  | { reason: 'unavailable'; ids: string[] }
  | { reason: 'coupon'; problem: CouponProblem }
  | { reason: 'slot_full' | 'slot_closed' }
  /** The owner's switch is off, or (with `hours`) the shop is outside its ordering hours, opening again at `opensAt` (null: not within a year). */
  | { reason: 'store_closed'; hours?: { opensAt: number | null; now: number } }
  | { reason: 'quantity'; lines: QuantityRefusal[] }
  /** The open orders of a guest or a new account not paid through a gateway, this one included, above `orderConfig.maxGuestOrderValue`. */
  | { reason: 'order_limit'; limit: Minor }
  /** The shopper holds `orderConfig.maxSlotPlacesPerCustomer` places of the delivery slot already. */
  | { reason: 'slot_limit_reached'; max: number }
  /** The order's total is not the one the shopper was shown (`order.quotedTotal`): what it would be now. */
  | { reason: 'price_changed'; priced: PricedOrder }
  /** Checked as a digital order (no address, no slot), it holds something to carry after all: the owner changed a product's type meanwhile. */
  | { reason: 'needs_delivery' }
  /** Pay on delivery chosen for an order of only downloads and services: there is no delivery to pay at (decision 041). */
  | { reason: 'no_delivery_to_pay_at' };

/** One line of a priced order: the product, how much of it, and its money. */
export type PricedLine = LineAmounts & { product: OrderableProduct; qtyMilli: number; unit: Minor };

/** `digital`: every line is virtual or downloadable, so the order needs no address or slot and pays no delivery or packing. */
export type PricedOrder = { lines: PricedLine[]; totals: Totals; digital: boolean };

/**
 * A coupon as the order sees it once found: its terms and the rules that can still refuse
 * it for this order (the usage counts are checked where it is redeemed, atomically).
 */
export type OrderCoupon = { code: string; terms: CouponTerms; minOrder: Minor | null };

/**
 * Prices an order from the products the database holds. The same product sent twice is
 * one line with both quantities; lines keep the products' id order (the lock order of
 * the stock updates). Stock is not checked here: the order call takes it atomically,
 * the quote compares it (`shortagesOf`).
 */
export function priceOrder(
  order: Pick<OrderRequest['order'], 'items' | 'deliveryMode' | 'paymentType'>,
  products: ReadonlyMap<string, OrderableProduct>,
  shop: MoneyShop,
  coupon: OrderCoupon | null,
): { ok: true; priced: PricedOrder } | { ok: false; refusal: OrderRefusal } {
  const missing = [...new Set(order.items.map((i) => i.id).filter((id) => !products.has(id)))].sort();
  if (missing.length) return { ok: false, refusal: { reason: 'unavailable', ids: missing } };

  const wanted = new Map<string, number>();
  const badQty: QuantityRefusal[] = [];
  order.items.forEach((item, index) => {
    const check = checkQuantity(item.qty, products.get(item.id)!.isFraction);
    if (check.ok) wanted.set(item.id, (wanted.get(item.id) ?? 0) + check.milli);
    else badQty.push({ index, problem: check.problem });
  });
  if (badQty.length) return { ok: false, refusal: { reason: 'quantity', lines: badQty } };
  // one order may not take the shop's whole stock of a product (the catalog publishes it)
  const { units, kg } = shop.orderConfig.maxQuantityPerLine;
  for (const [id, milli] of wanted) {
    const { isFraction } = products.get(id)!;
    const max = isFraction ? kg : units;
    if (milli > Math.round(max * 1000)) badQty.push({ index: order.items.findIndex((i) => i.id === id), problem: 'over_limit', max, isFraction });
  }
  if (badQty.length) return { ok: false, refusal: { reason: 'quantity', lines: badQty } };

  const chosen = [...wanted.keys()].sort().map((id) => ({ product: products.get(id)!, qtyMilli: wanted.get(id)! }));
  const withUnits = chosen.map((c) => ({ ...c, unit: pricesOf(c.product.prices).final }));
  const blocked = withUnits.filter(
    ({ product, unit }) => Object.values(product.errors).some((m) => m.trim() !== '') || (!shop.orderConfig.allowZeroPriceProducts && unit <= 0),
  );
  if (blocked.length) return { ok: false, refusal: { reason: 'unavailable', ids: blocked.map((l) => l.product.id) } };

  const input = withUnits.map((l) => ({ unit: l.unit, qtyMilli: l.qtyMilli, taxPercent: l.product.taxRate ?? shop.pricingConfig.globalTaxPercentage }));
  if (coupon?.minOrder != null && addMinor(...input.map((l) => multiplyMinor(l.unit, l.qtyMilli))) < coupon.minOrder)
    return { ok: false, refusal: { reason: 'coupon', problem: 'minimum' } };
  // the same rule as the browser's isCartVirtual, read from the database's products
  const digital = withUnits.length > 0 && withUnits.every((l) => l.product.digital === true);
  const enquiry = !shop.orderConfig.orderEnabled;
  if (digital && !enquiry && !mayPayWith(order.paymentType, { digital })) return { ok: false, refusal: { reason: 'no_delivery_to_pay_at' } };
  const totals = computeTotals({ lines: input, mode: order.deliveryMode, coupon: coupon?.terms ?? null, digital }, shopMoneyOf(shop).totals);
  return { ok: true, priced: { totals, digital, lines: withUnits.map((l, i) => ({ ...l, ...totals.perLine[i]! })) } };
}

/** The lines asking for more than the stock read (when the shop does not sell without stock). */
export function shortagesOf(priced: PricedOrder, shop: Pick<ShopConfig, 'orderConfig'>): Shortage[] {
  const short = ({ product, qtyMilli }: PricedLine) =>
    product.soldOut || (!shop.orderConfig.allowOrderOnNoStock && !product.madeToOrder && qtyMilli > product.stockMilli);
  return priced.lines.filter(short).map((l) => shortage(l.product, l.qtyMilli));
}

export const shortage = (product: OrderableProduct, qtyMilli: number): Shortage => ({
  id: product.id,
  title: product.title,
  requested: qtyMilli / 1000,
  available: product.soldOut ? 0 : Math.max(0, product.stockMilli) / 1000,
});

/** An enquiry takes no payment; pay on delivery is collected at the door; the others wait for the shopper's payment. */
export const paymentStatusFor = (kind: 'order' | 'enquiry', type: string | null | undefined): string =>
  kind === 'enquiry' ? 'none' : type === 'pof' ? 'to_collect' : 'awaiting_payment';
