import type { Product, SoldProductField } from './catalog.ts';
import { addMinor, multiplyMinor, percentOf, productPrices, qtyToMilli, type Minor } from './money.ts';

/**
 * Cart rules (spec §4 Cart, §5 quantity selector and add checks, §8 stock messages).
 * Every cart change goes through applyCartAction: a closed set of named actions, so the
 * browser store, the server sync and the tests cannot drift into a second way of editing.
 */

export type CartProduct = Pick<Product, SoldProductField | 'taxRate' | 'weightStep'>;
/**
 * qty stays a plain number (units, or kg with at most 2 decimals when isFraction) because
 * that is what browser storage and the server's cart call already hold; every comparison
 * below converts it to integer thousandths first, so 0.1 + 0.2 never decides a stock check.
 */
export type CartItem = CartProduct & { qty: number };

export type CartAction =
  | { type: 'add'; product: CartProduct; qty?: number }
  | { type: 'remove'; productId: string }
  | { type: 'setQty'; productId: string; qty: number }
  | { type: 'replace'; items: CartItem[] }
  | { type: 'clear' };

export type CartRules = { allowOrderOnNoStock: boolean; allowZeroPriceProducts: boolean; fractionDigits: number; taxPercent?: number };

export type CartNotice = { type: 'success' | 'danger' | 'warning' | 'info'; code: string; message: string };

export type QuantityLimits = { min: 0; max: number | null; step: 1 | 0.01 };

/** The spec's exact texts (§4, §5, §8). */
export const cartMessages = {
  added: 'Added to cart!',
  removed: 'item removed from cart',
  updated: 'Product quantity has been updated!',
  priceUnknown: 'Product price is unknown, product cannot be added to the cart!',
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  stockNotAvailable: 'Stock not available',
  /** §8 (warning): the shop orders without stock and the cart now holds more than the stock. */
  preReservation: 'Added to cart for pre-reservation.',
} as const;

/**
 * What the storefront's + and − move a product sold by weight when the owner set no step
 * (`weightStep`). Here, not beside the catalog's schemas: the cart's code loads with every
 * page, and zod there would try `new Function` under the shop's CSP.
 */
export const DEFAULT_WEIGHT_STEP = 0.25;

/** − or + on §5's selector: the quantity one step away, counted in thousandths (1.1 kg + 0.25 is 1.35, not 1.3500000000000001), never below 0. */
export function stepQuantity(qty: number, step: number, direction: 1 | -1): number {
  return Math.max(0, qtyToMilli(qty, true) + direction * qtyToMilli(step, true)) / 1000;
}

/** §5: the selector's maximum when stock errors are hidden (ordering without stock allowed). */
const MAX_QTY_WITHOUT_STOCK = 10_000;

type Result = { items: CartItem[]; notice: CartNotice | null };

const notice = (type: CartNotice['type'], code: keyof typeof cartMessages): CartNotice => ({ type, code, message: cartMessages[code] });

/** Only the fields a line needs: a full Product would drag its description into storage. */
function toLine(p: CartProduct, qty: number): CartItem {
  const { id, itemId, variantId, variantName, title, price, images, stock, isFraction, sku, type_id, errors, categoryId, taxRate, madeToOrder, weightStep } = p;
  return {
    id,
    itemId,
    variantId,
    variantName,
    title,
    price,
    images,
    stock,
    isFraction,
    sku,
    type_id,
    errors,
    categoryId,
    qty,
    ...(taxRate === undefined ? {} : { taxRate }),
    ...(madeToOrder ? { madeToOrder } : {}),
    ...(weightStep === undefined ? {} : { weightStep }),
  };
}

/**
 * A typed quantity as the cart keeps it: whole units rounded down for normal products (2.7
 * pieces is 2 — never more than asked), kilograms rounded half up to 2 decimals for fractional
 * ones (the weight input shows 2 decimals). NaN stays NaN so callers can tell "not a number".
 * @internal Exported for its unit test only (a test seam): the rounding is tested case by case here; the cart's actions reach it only through a whole line.
 */
export function normaliseQty(qty: number, isFraction: boolean): number {
  if (!Number.isFinite(qty)) return qty;
  if (!isFraction) return Math.floor(qty) + 0;
  const text = String(qty);
  // "1.005e2" is read as the decimal 100.5, so 1.005 kg rounds to 1.01 as the shopper typed it
  const hundredths = text.includes('e') ? Math.round(qty * 100) : Math.round(Number(`${text}e2`));
  return hundredths / 100 + 0;
}

/** Stock in thousandths; whole units for normal products, whatever a misconfigured stock says. */
export function stockMilli(p: Pick<CartProduct, 'stock' | 'isFraction'>): number {
  if (!Number.isFinite(p.stock)) return 0;
  return p.isFraction ? qtyToMilli(p.stock, true) : Math.floor(p.stock) * 1000;
}

/**
 * §5 "out of stock is stock 0 or below": the add check refuses such a product, so the
 * screens offer a disabled "Out of stock" instead of an Add that can only fail. Not when
 * the shop orders without stock, nor for a product made to order.
 */
export function isSoldOut(product: Pick<CartProduct, 'stock' | 'madeToOrder'>, rules: Pick<CartRules, 'allowOrderOnNoStock'>): boolean {
  return !rules.allowOrderOnNoStock && !product.madeToOrder && !(product.stock > 0);
}

/**
 * §8 'Added to cart for pre-reservation.': the shop takes orders without stock and the line
 * now asks for more than the shop holds (a product made to order keeps no stock to go beyond).
 */
function beyondStock(line: CartItem, rules: Pick<CartRules, 'allowOrderOnNoStock'>): boolean {
  return rules.allowOrderOnNoStock && !line.madeToOrder && qtyToMilli(line.qty, line.isFraction) > stockMilli(line);
}

/** §5 quantity selector: max is the stock unless ordering without stock is allowed. */
export function quantityLimits(
  product: Pick<CartProduct, 'stock' | 'isFraction' | 'madeToOrder'>,
  rules: Pick<CartRules, 'allowOrderOnNoStock'>,
): QuantityLimits {
  const step = product.isFraction ? 0.01 : 1;
  // made to order: no stock to run out of, as when the shop orders without stock
  if (rules.allowOrderOnNoStock || product.madeToOrder) return { min: 0, max: MAX_QTY_WITHOUT_STOCK, step };
  // the selector steps in 0.01 kg, so a stock of 24.505 kg offers at most 24.50
  const max = Math.max(0, product.isFraction ? Math.floor(stockMilli(product) / 10) / 100 : Math.floor(stockMilli(product) / 1000));
  return { min: 0, max, step };
}

const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?\s*$/i;

/**
 * A typed quantity as a number. A lone comma is read as the decimal mark many keyboards and
 * locales type ("1,5" Kg is 1.5 Kg), not as "not a number", which would remove the line.
 */
export function readQuantity(text: string): number {
  const decimal = /^[^.,]*,[^.,]*$/.test(text) ? text.replace(',', '.') : text;
  return NUMERIC.test(decimal) ? Number(decimal) : Number.NaN;
}

/**
 * §5: non-numeric or below the minimum → the minimum; above the maximum → the maximum,
 * with `limited` so the UI can say 'Stock not available'. Rounded to the step first, so
 * 10.4 pieces with max 10 is 10 and not a stock warning.
 */
export function clampQuantity(input: string | number, limits: QuantityLimits): { qty: number; limited: boolean } {
  const raw = typeof input === 'number' ? input : readQuantity(input);
  const qty = normaliseQty(raw, limits.step !== 1);
  if (Number.isNaN(qty) || qty < limits.min) return { qty: limits.min, limited: false };
  if (limits.max !== null && qty > limits.max) return { qty: limits.max, limited: true };
  return { qty, limited: false };
}

/** Price the customer pays for one unit, tax included (the add check's "price incl. tax"). */
function unitPriceInclTax(p: CartProduct, rules: CartRules): Minor {
  const final = productPrices(p.price, rules.fractionDigits).final;
  return addMinor(final, percentOf(final, rules.taxPercent ?? 0));
}

/** qty × final price (§9), before tax: tax is added on top of the line totals. */
export function lineTotal(item: CartItem, fractionDigits: number): Minor {
  return multiplyMinor(productPrices(item.price, fractionDigits).final, qtyToMilli(item.qty, item.isFraction));
}

function add(items: readonly CartItem[], product: CartProduct, requested: number | undefined, rules: CartRules): Result {
  const unchanged = (n: CartNotice | null): Result => ({ items: [...items], notice: n });
  const qty = normaliseQty(requested ?? 1, product.isFraction);
  // a non-positive or non-numeric add has nothing to add; the UI never sends one
  if (!(qty > 0) || !Number.isFinite(qty)) return unchanged(null);
  if (!rules.allowZeroPriceProducts && unitPriceInclTax(product, rules) <= 0) return unchanged(notice('danger', 'priceUnknown'));
  // §5 "product error messages are also listed": an owner-set error blocks the add like a bad price
  const errors = Object.values(product.errors).filter((m) => m.trim() !== '');
  if (errors.length > 0) return unchanged({ type: 'danger', code: 'productError', message: errors.join('\n') });
  if (isSoldOut(product, rules)) return unchanged(notice('danger', 'outOfStock'));
  const { max } = quantityLimits(product, rules);
  // checked before any conversion: a typed 1e300 is "not available", not an overflow
  if (max !== null && qty > max) return unchanged(notice('danger', 'stockNotAvailable'));
  const index = items.findIndex((i) => i.id === product.id);
  const existing = index >= 0 ? items[index]! : null;
  const total = (existing ? qtyToMilli(existing.qty, existing.isFraction) : 0) + qtyToMilli(qty, product.isFraction);
  if (max !== null && total > qtyToMilli(max, product.isFraction)) return unchanged(notice('danger', 'stockNotAvailable'));
  // the added product is the fresher snapshot (price, stock, even isFraction), so the line takes its fields
  const line = toLine(product, normaliseQty(total / 1000, product.isFraction));
  const next = index >= 0 ? items.map((i, k) => (k === index ? line : i)) : [...items, line];
  return { items: next, notice: beyondStock(line, rules) ? notice('warning', 'preReservation') : notice('success', 'added') };
}

function setQty(items: readonly CartItem[], productId: string, requested: number, rules: CartRules): Result {
  const index = items.findIndex((i) => i.id === productId);
  if (index < 0) return { items: [...items], notice: null };
  const line = items[index]!;
  const { qty, limited } = clampQuantity(requested, quantityLimits(line, rules));
  // a line whose stock ran out keeps its 'Out of stock' row (with Remove) instead of vanishing on a raise
  if (limited && qty <= 0) return { items: [...items], notice: notice('danger', 'stockNotAvailable') };
  if (qty <= 0) return { items: items.filter((_, k) => k !== index), notice: notice('success', 'removed') };
  const changed = { ...line, qty };
  const next = items.map((i, k) => (k === index ? changed : i));
  // raising a line past the stock of a shop that orders without stock is the same pre-reservation as an add
  const reserved = qty > line.qty && beyondStock(changed, rules);
  return {
    items: next,
    notice: limited ? notice('danger', 'stockNotAvailable') : reserved ? notice('warning', 'preReservation') : notice('success', 'updated'),
  };
}

/**
 * What storage or the server hands back: kept as given (a line above today's stock stays, and
 * the order call refuses it), but the first line per product id wins and lines whose qty is not
 * a positive number after rounding, or too large to count in thousandths, are dropped.
 */
function replace(given: readonly CartItem[]): Result {
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const item of given) {
    if (seen.has(item.id) || typeof item.qty !== 'number') continue;
    const qty = normaliseQty(item.qty, item.isFraction);
    if (!Number.isFinite(qty) || qty <= 0 || qty * 1000 > Number.MAX_SAFE_INTEGER) continue;
    seen.add(item.id);
    items.push({ ...item, qty });
  }
  return { items, notice: null };
}

/** The one place a cart changes. Returns new arrays and lines; the inputs are never touched. */
export function applyCartAction(items: readonly CartItem[], action: CartAction, rules: CartRules): Result {
  switch (action.type) {
    case 'add':
      return add(items, action.product, action.qty, rules);
    case 'setQty':
      return setQty(items, action.productId, action.qty, rules);
    case 'remove': {
      const next = items.filter((i) => i.id !== action.productId);
      return { items: next, notice: next.length < items.length ? notice('success', 'removed') : null };
    }
    case 'replace':
      return replace(action.items);
    case 'clear':
      return { items: [], notice: null };
    default: {
      // actions can arrive from storage events or other tabs, where the type system is not watching
      const unknown: never = action;
      throw new TypeError(`Unknown cart action: ${JSON.stringify((unknown as { type?: unknown })?.type)}`);
    }
  }
}

/**
 * The header badge: pieces are counted one by one, while a by-weight line counts once —
 * 1.25 kg of tomatoes is one thing in the bag, not 1.25 or 2 things.
 */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((n, i) => n + (i.isFraction ? 1 : Math.floor(i.qty)), 0);
}

/** A product nobody carries anywhere: a download, a service, a gift card sent by e-mail. */
export const isDigitalType = (typeId: string): boolean => typeId === 'downloadable' || typeId === 'virtual';

/**
 * §4: nothing to ship when every line is downloadable or virtual; an empty cart ships nothing either, but is not "virtual".
 * Such a cart needs no address, no slot and pays no delivery or packing (`priceOrder` decides the same on the server).
 */
export function isCartVirtual(items: readonly Pick<CartItem, 'type_id'>[]): boolean {
  return items.length > 0 && items.every((i) => isDigitalType(i.type_id));
}
