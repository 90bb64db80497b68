import { parseDecimal } from './money.ts';

/**
 * The one quantity rule (spec §4 cart item, §5 quantity selector). A quantity is counted in
 * integer thousandths — of a piece, or of a kilogram for products sold by weight — so
 * 1.1 kg is 1100 and never 1.1000000000000000888. Pieces take whole numbers; weighed
 * products any multiple of their step (0.01 kg, the weight input's two decimals).
 */

/** The weight input's step (§5: two decimals, suffix Kg), in thousandths of a kg. */
const WEIGHT_STEP_MILLI = 10;
const PIECE_MILLI = 1000;
/** Beyond this nobody orders by hand: 100,000 pieces or kg. */
export const MAX_QUANTITY_MILLI = 100_000_000;

export type QuantityProblem = 'not_positive' | 'not_whole' | 'off_step' | 'too_large' | 'negative' | 'off_gram';

/** What the shopper reads for each problem. */
export const quantityMessages: Record<QuantityProblem, string> = {
  not_positive: 'The quantity must be above 0.',
  not_whole: 'Enter a whole number.',
  off_step: 'Enter a weight in steps of 0.01 kg.',
  too_large: 'This quantity is too large.',
  negative: 'Stock cannot be negative.',
  off_gram: 'Enter the weight in kg with at most 3 decimals (whole grams).',
};

export type QuantityCheck = { ok: true; milli: number } | { ok: false; problem: QuantityProblem };

/** A quantity as sent (units, or kg) checked against the rule, with its thousandths when it passes. */
export function checkQuantity(qty: number, isFraction: boolean): QuantityCheck {
  if (!Number.isFinite(qty) || qty <= 0) return { ok: false, problem: 'not_positive' };
  if (qty * 1000 > MAX_QUANTITY_MILLI) return { ok: false, problem: 'too_large' };
  return inSteps(qty, isFraction ? WEIGHT_STEP_MILLI : PIECE_MILLI, isFraction);
}

/**
 * A stock the owner sets, by the same rule with the scale's resolution: whole pieces, or
 * kg to the gram (3 decimals, as the catalog keeps it); none is a stock too.
 */
export function checkStock(stock: number, isFraction: boolean): QuantityCheck {
  if (!Number.isFinite(stock) || stock < 0) return { ok: false, problem: 'negative' };
  if (stock * 1000 > MAX_QUANTITY_MILLI * 10) return { ok: false, problem: 'too_large' };
  const check = inSteps(stock, isFraction ? 1 : PIECE_MILLI, isFraction);
  return check.ok || !isFraction ? check : { ok: false, problem: 'off_gram' };
}

function inSteps(qty: number, step: number, isFraction: boolean): QuantityCheck {
  // the decimal the sender wrote (1.1 is 11 × 10^-1), not the double behind it
  const { coefficient, exponent } = parseDecimal(qty);
  const scaled = exponent + 3;
  if (scaled < 0 && coefficient % 10n ** BigInt(-scaled) !== 0n) return { ok: false, problem: isFraction ? 'off_step' : 'not_whole' };
  const milli = Number(scaled >= 0 ? coefficient * 10n ** BigInt(scaled) : coefficient / 10n ** BigInt(-scaled));
  if (milli % step !== 0) return { ok: false, problem: isFraction ? 'off_step' : 'not_whole' };
  return { ok: true, milli };
}
