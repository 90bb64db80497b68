import { z } from 'zod';
import { parseDecimal } from './money.ts';

/**
 * What the owner may change on a product from /admin (issue 21), as the edit call takes it
 * and the browser's form sends it: any of the fields, prices as the catalog's decimals.
 * Stock is not among them: it has its own call, so an edit never moves it.
 */

export const productEditMessages = {
  negativePrice: 'A price cannot be negative.',
  priceDigits: (digits: number) => (digits === 0 ? 'Write the price in whole units, e.g. 180.' : `Write the price with at most ${digits} decimals, e.g. 180.50.`),
  specialAboveRegular: 'The special price must not be above the regular price.',
  regularAboveMrp: 'The regular price must not be above the MRP.',
  unknownCategory: 'There is no such category.',
  blankTitle: 'A product needs a title.',
  taxRange: 'The tax rate is a percentage from 0 to 100.',
  notWholeStock: 'Its stock is not whole units: set the stock to whole units first, then sell it by the piece.',
} as const;

/** Decimals a price may carry in a shop writing `fractionDigits` of them. */
const hasDigits = (x: number, fractionDigits: number) => Number.isFinite(x) && -parseDecimal(x).exponent <= fractionDigits;

export function productEditSchema(fractionDigits: number) {
  const price = z
    .number()
    .finite()
    .min(0, productEditMessages.negativePrice)
    .max(1e12)
    .refine((x) => hasDigits(x, fractionDigits), productEditMessages.priceDigits(fractionDigits));
  return z
    .object({
      title: z.string().trim().min(1, productEditMessages.blankTitle).max(300),
      description: z.string().max(20_000),
      categoryId: z.string().trim().min(1, productEditMessages.unknownCategory).max(120),
      variantName: z.string().trim().max(200),
      price: z.object({ mrp: price.nullable(), regular: price, special: price.nullable() }).partial().strict(),
      /** Percent; null: the shop's global rate. */
      taxRate: z.number().min(0, productEditMessages.taxRange).max(100, productEditMessages.taxRange).multipleOf(0.01).nullable(),
      hsn: z.string().trim().regex(/^\d{4,8}$/, 'An HSN or SAC code is 4 to 8 digits.').nullable(),
      isFraction: z.boolean(),
      tags: z.array(z.string().trim().min(1).max(60)).max(50),
    })
    .partial()
    .strict();
}
export type ProductEdit = z.infer<ReturnType<typeof productEditSchema>>;

export type Prices = { mrp: number | null; regular: number; special: number | null };
export type FieldProblem = { path: string; message: string };

/** The rules between a product's prices once an edit is applied: special ≤ regular ≤ MRP (when there is one). */
export function priceProblems({ mrp, regular, special }: Prices): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (special !== null && special > regular) problems.push({ path: 'price.special', message: productEditMessages.specialAboveRegular });
  if (mrp !== null && regular > mrp) problems.push({ path: 'price.regular', message: productEditMessages.regularAboveMrp });
  return problems;
}
