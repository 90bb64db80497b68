import { z } from 'zod';
import { MAX_VARIANTS } from './variant-limit.ts';
import { parseDecimal } from './money.ts';
import { checkStock, quantityMessages } from './quantity.ts';

/**
 * What the owner may change on a product from /admin (issue 21), as the edit call takes it
 * and the browser's form sends it: any of the fields, prices as the catalog's decimals.
 * Stock is not among them: it has its own call, so an edit never moves it.
 */

export const productEditMessages = {
  negativePrice: 'A price cannot be negative.',
  priceDigits: (digits: number) =>
    digits === 0 ? 'Write the price in whole units, e.g. 180.' : `Write the price with at most ${digits} decimals, e.g. 180.50.`,
  specialAboveRegular: 'The special price must not be above the regular price.',
  regularAboveMrp: 'The regular price must not be above the MRP.',
  unknownCategory: 'There is no such category.',
  blankTitle: 'A product needs a title.',
  taxRange: 'The tax rate is a percentage from 0 to 100.',
  notWholeStock: 'Its stock is not whole units: set the stock to whole units first, then sell it by the piece.',
} as const;

/**
 * Kg with the cart's two decimals, from 10 g to 100 kg: the catalog's field too. Kept here,
 * and the catalog's schemas import it, not the other way: the owner's code then takes no
 * catalog schemas (and zod's storefront users) into its chunk.
 */
export const weightStepSchema = z
  .number()
  .min(0.01, 'Write the step in kg from 0.01 to 100, e.g. 0.25.')
  .max(100, 'Write the step in kg from 0.01 to 100, e.g. 0.25.')
  .multipleOf(0.01, 'Write the step in kg with at most 2 decimals, e.g. 0.25.');

/** Decimals a price may carry in a shop writing `fractionDigits` of them. */
const hasDigits = (x: number, fractionDigits: number) => Number.isFinite(x) && -parseDecimal(x).exponent <= fractionDigits;

/** Each field as the owner writes it, for the edit and the create calls alike. */
function productFields(fractionDigits: number) {
  const price = z
    .number()
    .finite()
    .min(0, productEditMessages.negativePrice)
    .max(1e12)
    .refine((x) => hasDigits(x, fractionDigits), productEditMessages.priceDigits(fractionDigits));
  return {
    price,
    title: z.string().trim().min(1, productEditMessages.blankTitle).max(300),
    description: z.string().max(20_000),
    categoryId: z.string().trim().min(1, productEditMessages.unknownCategory).max(120),
    variantName: z.string().trim().max(200),
    /** Percent; null: the shop's global rate. */
    taxRate: z.number().min(0, productEditMessages.taxRange).max(100, productEditMessages.taxRange).multipleOf(0.01).nullable(),
    hsn: z
      .string()
      .trim()
      .regex(/^\d{4,8}$/, 'An HSN or SAC code is 4 to 8 digits.')
      .nullable(),
    isFraction: z.boolean(),
    /** Kg the + and − buttons move when sold by weight; null: the storefront's 0.25. */
    weightStep: weightStepSchema.nullable(),
    /** The product's own size guide; blank: none. */
    sizeGuide: z.string().trim().max(5000),
    tags: z.array(z.string().trim().min(1).max(60)).max(50),
  };
}

export function productEditSchema(fractionDigits: number) {
  const { price, ...fields } = productFields(fractionDigits);
  return z
    .object({ ...fields, price: z.object({ mrp: price.nullable(), regular: price, special: price.nullable() }).partial().strict() })
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

export const productCreateMessages = {
  variantIdUsed: 'This variant id is used already.',
  sameVariantId: 'Two variants have the same id.',
  sameVariantName: 'Two variants have the same name.',
  variantIdChars: 'Use letters, digits, ".", "_", "~" or "-" only.',
  noVariants: 'A product needs at least one variant.',
  tooManyVariants: `A product has at most ${MAX_VARIANTS} variants.`,
} as const;

/**
 * A new product (issue 21): what it is, and its variants, each with its name, prices,
 * starting stock and whether it is made to order. A variant id left out is made from the
 * title and the variant's name. Images are added afterwards.
 */
export function productCreateSchema(fractionDigits: number) {
  const { price, ...fields } = productFields(fractionDigits);
  const variant = z
    .object({
      variantId: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .regex(/^[A-Za-z0-9._~-]+$/, productCreateMessages.variantIdChars)
        .optional(),
      variantName: fields.variantName.default(''),
      price: z.object({ mrp: price.nullable().default(null), regular: price, special: price.nullable().default(null) }).strict(),
      /** Units, or kg when sold by weight; checked by the quantity rule once isFraction is known. */
      stock: z.number().finite().default(0),
      madeToOrder: z.boolean().default(false),
    })
    .strict();
  return z
    .object({
      title: fields.title,
      description: fields.description.default(''),
      categoryId: fields.categoryId,
      tags: fields.tags.default([]),
      taxRate: fields.taxRate.default(null),
      hsn: fields.hsn.default(null),
      isFraction: fields.isFraction.default(false),
      weightStep: fields.weightStep.default(null),
      sizeGuide: fields.sizeGuide.default(''),
      variants: z.array(variant).min(1, productCreateMessages.noVariants).max(MAX_VARIANTS, productCreateMessages.tooManyVariants),
    })
    .strict();
}
export type ProductCreate = z.infer<ReturnType<typeof productCreateSchema>>;
/** What the browser sends: defaults left out. */
export type ProductCreateInput = z.input<ReturnType<typeof productCreateSchema>>;

/**
 * What a new product breaks between its fields, found without the database: each
 * variant's prices in order, its stock by the quantity rule (whole pieces, or kg to the
 * gram), and no two variants with the same id or name.
 */
export function productCreateProblems(create: ProductCreate): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  create.variants.forEach((v, i) => {
    const at = `variants.${i}`;
    problems.push(...priceProblems(v.price).map((p) => ({ ...p, path: `${at}.${p.path}` })));
    const stock = checkStock(v.stock, create.isFraction);
    if (!stock.ok) problems.push({ path: `${at}.stock`, message: quantityMessages[stock.problem] });
    if (v.variantId !== undefined) {
      if (ids.has(v.variantId)) problems.push({ path: `${at}.variantId`, message: productCreateMessages.sameVariantId });
      ids.add(v.variantId);
    }
    const name = v.variantName.toLowerCase();
    if (names.has(name)) problems.push({ path: `${at}.variantName`, message: productCreateMessages.sameVariantName });
    names.add(name);
  });
  return problems;
}

/** Words as an id: "Masala Chai" and "250 g" make `masala-chai-250-g` (letters without their accents; "product" when none is left). */
export function slugOf(...words: string[]): string {
  const slug = words
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'product';
}
