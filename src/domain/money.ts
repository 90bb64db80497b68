import type { Category, Product } from './catalog.ts';
import type { LocaleConfig } from './shop-config.ts';

/** Money in integer minor units (paise, cents, fils). Never a float in logic. */
export type Minor = number & { readonly __brand: 'Minor' };
/** A percentage, 0..100 for discounts (may carry decimals, e.g. 2.5). */
export type Percent = number & { readonly __brand: 'Percent' };

export type PriceFormat = Pick<LocaleConfig, 'defaultLocale' | 'currencySign' | 'fractionDigits' | 'priceFormat'>;
export type ProductPrices = { base: Minor; final: Minor; discounted: Minor | null; discountPercent: Percent | null };

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

function assertDigits(fractionDigits: number): void {
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 3) {
    throw new RangeError(`fractionDigits must be an integer 0..3, got ${fractionDigits}`);
  }
}

function toSafe(n: bigint): Minor {
  if (n > MAX || n < -MAX) throw new RangeError(`Amount ${n} is beyond Number.MAX_SAFE_INTEGER`);
  return Number(n) as Minor;
}

/**
 * A finite number as coefficient × 10^exponent, read from its shortest round-trip string:
 * that string is the decimal the API author wrote (1.005 stays 1.005, while the double
 * behind it is 1.00499999999999989…, which is why Math.round(x * 100) gives 100).
 */
export function parseDecimal(x: number): { coefficient: bigint; exponent: number } {
  if (!Number.isFinite(x)) throw new RangeError(`Not a finite number: ${x}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new RangeError(`Unreadable number: ${x}`);
  const [, sign, int = '0', frac = '', exp = '0'] = m;
  const magnitude = BigInt(int + frac);
  return { coefficient: sign ? -magnitude : magnitude, exponent: Number(exp) - frac.length };
}

/** n / d (d > 0) rounded half away from zero. */
function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d; // truncates toward zero
  const r = n % d; // carries the sign of n
  const twiceAbsR = r < 0n ? -2n * r : 2n * r;
  if (twiceAbsR < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** Shifts coefficient × 10^exponent to an integer, rounding half away from zero. */
function scaleToInteger(coefficient: bigint, exponent: number): bigint {
  return exponent >= 0 ? coefficient * 10n ** BigInt(exponent) : roundDiv(coefficient, 10n ** BigInt(-exponent));
}

export function minor(n: number): Minor {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Minor units must be a safe integer, got ${n}`);
  return (n + 0) as Minor; // + 0 turns -0 into 0 so it never formats as "-0.00"
}

/** The API's decimal price → minor units, rounded half away from zero (1.005 → 101 at 2 digits). */
export function toMinor(decimal: number, fractionDigits: number): Minor {
  assertDigits(fractionDigits);
  const { coefficient, exponent } = parseDecimal(decimal);
  return toSafe(scaleToInteger(coefficient, exponent + fractionDigits));
}

/**
 * Minor units → the API's decimal. Exact in the sense that toMinor gives the same minor back
 * while the decimal has at most 15 significant digits (|minor| < 10^15); beyond that a double
 * cannot hold every decimal and the nearest one is returned.
 */
export function fromMinor(amount: Minor, fractionDigits: number): number {
  assertDigits(fractionDigits);
  minor(amount);
  return amount / 10 ** fractionDigits + 0;
}

export function addMinor(...xs: Minor[]): Minor {
  let sum = 0;
  for (const x of xs) {
    sum += minor(x);
    if (!Number.isSafeInteger(sum)) throw new RangeError('Sum is beyond Number.MAX_SAFE_INTEGER');
  }
  return minor(sum);
}

/** Unit price × quantity in thousandths (1.25 kg = 1250), rounded half away from zero. */
export function multiplyMinor(unit: Minor, qtyMilli: number): Minor {
  minor(unit);
  if (!Number.isSafeInteger(qtyMilli)) throw new RangeError(`Quantity must be integer thousandths, got ${qtyMilli}`);
  return toSafe(roundDiv(BigInt(unit) * BigInt(qtyMilli), 1000n));
}

/** percent % of amount, rounded half away from zero; percent is read as its decimal (2.5, not 2.4999…). */
export function percentOf(amount: Minor, percent: number): Minor {
  minor(amount);
  const { coefficient, exponent } = parseDecimal(percent);
  const numerator = BigInt(amount) * coefficient * (exponent > 0 ? 10n ** BigInt(exponent) : 1n);
  const denominator = 100n * (exponent < 0 ? 10n ** BigInt(-exponent) : 1n);
  return toSafe(roundDiv(numerator, denominator));
}

/** The tax inside a tax-inclusive amount at percent % (GST on an MRP): amount × p / (100 + p), rounded half away from zero. */
export function includedTaxOf(amount: Minor, percent: number): Minor {
  minor(amount);
  const { coefficient, exponent } = parseDecimal(percent);
  const rate = exponent >= 0 ? coefficient * 10n ** BigInt(exponent) : coefficient;
  const hundred = exponent >= 0 ? 100n : 100n * 10n ** BigInt(-exponent);
  return toSafe(roundDiv(BigInt(amount) * rate, hundred + rate));
}

/**
 * `total` shared in proportion to `weights` (a discount spread over an order's lines), in
 * whole minor units that add up to `total` exactly: each share rounded down, the units left
 * over going to the largest remainders (the earliest line wins a tie).
 */
export function allocateMinor(total: Minor, weights: readonly Minor[]): Minor[] {
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (sum <= 0n) return weights.map(() => minor(0));
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((x) => x / sum);
  let left = BigInt(total) - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = exact.map((x, i) => ({ i, r: x % sum })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(toSafe);
}

/**
 * Price derivations (§3 Product price):
 * - base: the crossed-out reference — mrp when it is > 0 (0 is no reference), else regular.
 * - final: what the customer pays — the lower of regular and special; special counts
 *   whenever it is not null (the schema's "no special" marker), so a special above
 *   regular is ignored and regular below mrp sells at regular (mrp 100, regular 80 → 80).
 * - discounted: final when it is below base, else null (nothing to cross out). A misconfigured
 *   mrp below regular therefore shows no discount rather than a price increase.
 * - discountPercent: (base − final) / base as a whole percent rounded down, so the badge
 *   never promises more than the customer saves.
 */
export function productPrices(price: Product['price'], fractionDigits: number): ProductPrices {
  const toM = (d: number | null) => (d === null ? null : toMinor(d, fractionDigits));
  return pricesOf({ mrp: toM(price.mrp), regular: toMinor(price.regular, fractionDigits), special: toM(price.special) });
}

/** A product's stored prices, in minor units (null: none). */
export type MinorPrices = { mrp: Minor | null; regular: Minor; special: Minor | null };

/** productPrices on prices already in minor units: what the server charges with. */
export function pricesOf({ mrp, regular, special }: MinorPrices): ProductPrices {
  const base = mrp !== null && mrp > 0 ? mrp : regular;
  const final = special !== null && special < regular ? special : regular;
  if (final >= base || base <= 0) return { base, final, discounted: null, discountPercent: null };
  const percent = (BigInt(base - final) * 100n) / BigInt(base); // BigInt division floors for positives
  return { base, final, discounted: final, discountPercent: Number(percent) as Percent };
}

export function categoryName(categories: readonly Pick<Category, 'oId' | 'name'>[], categoryId: string): string {
  const name = categories.find((c) => c.oId === categoryId)?.name.trim();
  return name ? name : 'Unnamed';
}

/** What formatMoney needs of a number format: a decimal string ("1234.50") in, the locale's text out. */
type DecimalFormat = { format(decimal: `${number}`): string };

const formatters = new Map<string, DecimalFormat>();

/**
 * How a locale writes an amount, when it writes it with ASCII digits and nothing but group
 * and decimal separators (en-IN: "12,34,567.50"): enough to write it without `Intl`. Read
 * from `Intl.NumberFormat` itself (on the server, whose ICU rendered the page); null for
 * a locale this cannot describe (other digits, signs or marks), which keeps `Intl`.
 */
export type NumberPattern = { group: string; decimal: string; primary: number; secondary: number; minGrouping: number };

const patterns = new Map<string, NumberPattern | null>();

export function numberPatternOf(locale: string, fractionDigits: number): NumberPattern | null {
  const key = `${locale}|${fractionDigits}`;
  if (!patterns.has(key)) patterns.set(key, readNumberPattern(locale, fractionDigits));
  return patterns.get(key)!;
}

function readNumberPattern(locale: string, fractionDigits: number): NumberPattern | null {
  assertDigits(fractionDigits);
  const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  const parts = nf.formatToParts(`1234567890123.${'9'.repeat(fractionDigits)}` as `${number}`);
  if (
    parts.some(
      (p) =>
        !['integer', 'group', 'decimal', 'fraction'].includes(p.type) || (p.type === 'integer' || p.type === 'fraction' ? !/^[0-9]+$/.test(p.value) : false),
    )
  )
    return null;
  const groups = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const group = parts.find((p) => p.type === 'group')?.value ?? '';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '';
  const primary = groups.length > 1 ? groups.at(-1)! : 0;
  const secondary = groups.length > 2 ? groups.at(-2)! : primary;
  const minGrouping = primary === 0 ? 1 : nf.formatToParts(10 ** primary).some((p) => p.type === 'group') ? 1 : 2;
  return { group, decimal, primary, secondary, minGrouping };
}

/** A decimal string written by `pattern`, as `Intl.NumberFormat` writes it in that locale (money.test.ts checks).
 * @internal a locale pattern tested apart from the locales
 */
export function patternFormat(pattern: NumberPattern): DecimalFormat {
  const { group, decimal, primary, secondary, minGrouping } = pattern;
  return {
    format(text) {
      const [whole = '', fraction] = text.split('.');
      let grouped = whole;
      if (primary > 0 && whole.length >= primary + minGrouping) {
        const out = [whole.slice(-primary)];
        let rest = whole.slice(0, -primary);
        while (rest.length > secondary) {
          out.unshift(rest.slice(-secondary));
          rest = rest.slice(0, -secondary);
        }
        out.unshift(rest);
        grouped = out.join(group);
      }
      return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`;
    },
  };
}

/**
 * Makes formatMoney write `locale`'s amounts by `pattern` instead of creating an
 * `Intl.NumberFormat`: a browser's first one costs 50–250 ms of a throttled phone's main
 * thread (decision 064), and the page it hydrates was written by the server's ICU anyway.
 */
export function presetNumberPattern(locale: string, fractionDigits: number, pattern: NumberPattern | null): void {
  const key = `${locale}|${fractionDigits}`;
  if (pattern && !formatters.has(key)) formatters.set(key, patternFormat(pattern));
}

function numberFormat(locale: string, fractionDigits: number): DecimalFormat {
  const key = `${locale}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A non-negative integer of units shifted by `digits` as an exact decimal string ("123450", 2 → "1234.50"). */
function decimalString(magnitude: bigint, digits: number): `${number}` {
  const s = magnitude.toString().padStart(digits + 1, '0');
  return (digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`) as `${number}`;
}

/** Minor units as the plain decimal a payment gateway reads: 109895 → "1098.95" (no grouping, no sign, exact). */
export function minorToText(amount: Minor, fractionDigits: number): string {
  minor(amount);
  assertDigits(fractionDigits);
  const text = decimalString(BigInt(amount < 0 ? -amount : amount), fractionDigits);
  return amount < 0 ? `-${text}` : text;
}

/** A plain decimal a gateway sent ("1098.95", "1098.9", "1098") → minor units; null when it is not one or is finer than the currency. */
export function minorFromText(text: string, fractionDigits: number): Minor | null {
  assertDigits(fractionDigits);
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (!m || (m[2] ?? '').length > fractionDigits) return null;
  return toSafe(BigInt(m[1]! + (m[2] ?? '').padEnd(fractionDigits, '0')));
}

function fillTemplate(template: string, sign: string, amount: string): string {
  // split/join rather than replace(): a sign like "$&" must not be read as a replacement pattern
  return template.split('{sign}').join(sign).split('{amount}').join(amount);
}

/**
 * The one money formatter. Intl formats the exact decimal string (Node 20 accepts strings
 * and keeps every digit, so no float ever carries the amount); the sign goes before the
 * whole formatted price ("-₹1,234.50", "-1.234,50 €").
 */
export function formatMoney(amount: Minor, locale: PriceFormat): string {
  minor(amount);
  assertDigits(locale.fractionDigits);
  const magnitude = BigInt(amount < 0 ? -amount : amount);
  const number = numberFormat(locale.defaultLocale, locale.fractionDigits).format(decimalString(magnitude, locale.fractionDigits));
  const formatted = fillTemplate(locale.priceFormat, locale.currencySign, number);
  return amount < 0 ? `-${formatted}` : formatted;
}

/** "2" for whole units; "1.25" (2 decimals, half away from zero) for fractional products. */
export function formatQuantity(qtyMilli: number, isFraction: boolean): string {
  if (!Number.isSafeInteger(qtyMilli)) throw new RangeError(`Quantity must be integer thousandths, got ${qtyMilli}`);
  const n = BigInt(qtyMilli);
  if (!isFraction && n % 1000n !== 0n) throw new RangeError(`A non-fractional quantity must be whole units, got ${qtyMilli}/1000`);
  const units = roundDiv(n, isFraction ? 10n : 1000n);
  const text = decimalString(units < 0n ? -units : units, isFraction ? 2 : 0);
  return units < 0n ? `-${text}` : text;
}

/** A quantity → integer thousandths: whole units only for non-fractional products. */
export function qtyToMilli(qty: number, isFraction: boolean): number {
  if (!isFraction && !Number.isInteger(qty)) throw new RangeError(`Quantity must be a whole number, got ${qty}`);
  const { coefficient, exponent } = parseDecimal(qty);
  return toSafe(scaleToInteger(coefficient, exponent + 3));
}
