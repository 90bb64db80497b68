import { z } from 'zod';
import { weightStepSchema } from './product-edit.ts';

/**
 * The catalog as the spec's client reads it (§3 Product, Category) and as the owner
 * imports it. Prices are decimals in the shop's currency here, as the API speaks; the
 * server stores them as integer minor units (see money.ts).
 */

const decimal = z.number().finite().nonnegative();
const id = z.string().trim().min(1).max(120);

export const productTypes = ['simple', 'configurable', 'bundle', 'virtual', 'downloadable'] as const;

const productImageSchema = z.object({
  id: id,
  position: z.number().int().nonnegative(),
  thumbnail: z.string().min(1),
  url: z.string().min(1),
});

const productPriceSchema = z.object({
  /** The list price ("maximum retail price"); when set it is the base price. */
  mrp: decimal.nullable(),
  regular: decimal,
  /** A discounted price; null when there is none. */
  special: decimal.nullable(),
});

export const productSchema = z.object({
  id,
  itemId: id,
  variantId: id.regex(/^[A-Za-z0-9._~-]+$/, 'Use letters, digits, ".", "_", "~" or "-" only'),
  variantName: z.string().max(200),
  title: z.string().trim().min(1).max(300),
  description: z.string().max(20_000),
  categoryId: id,
  price: productPriceSchema,
  images: z.array(productImageSchema),
  /** Units in stock; kilograms with up to three decimals when isFraction. */
  stock: z.number().finite(),
  isFraction: z.boolean(),
  sku: id,
  type_id: z.enum(productTypes),
  errors: z.record(z.string(), z.string()),
  tags: z.array(z.string().trim().min(1).max(60)),
  /** Its own tax rate in percent (GST 5, 12, 18 …); absent: the shop's globalTaxPercentage. */
  taxRate: z.number().min(0).max(100).multipleOf(0.01).optional(),
  /** Its HSN code (goods) or SAC code (services), printed on the tax invoice. */
  hsn: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'An HSN or SAC code is 4 to 8 digits')
    .optional(),
  /** Made to order: it keeps no stock, is always orderable and an order takes none (issue 21). */
  madeToOrder: z.boolean().optional(),
  /** Hidden by the owner: kept in the shop's files, never shown to shoppers nor ordered. */
  hidden: z.boolean().optional(),
  /** Sold by weight: the kg the + and − buttons add or take (absent: 0.25). */
  weightStep: weightStepSchema.optional(),
  /** Its own size guide, shown in the size guide window (absent: the shop's general one, for products with sizes). */
  sizeGuide: z.string().trim().min(1).max(5000).optional(),
});
export type Product = z.infer<typeof productSchema>;
/** The fields a product carries wherever it is sold from (a tile, the cart): not its description or reviews. */
export type SoldProductField =
  | 'id'
  | 'itemId'
  | 'variantId'
  | 'variantName'
  | 'title'
  | 'price'
  | 'images'
  | 'stock'
  | 'madeToOrder'
  | 'isFraction'
  | 'categoryId'
  | 'sku'
  | 'type_id'
  | 'errors';

export const categorySchema = z.object({
  oId: id,
  name: z.string().max(200),
  position: z.number().int(),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c'),
  image: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const bannerLinkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('categories'), value: z.array(id).min(1) }),
  z.object({ type: z.literal('tags'), value: z.array(z.string().min(1)).min(1) }),
  z.object({ type: z.literal('url'), urlValue: z.url() }),
]);

export const bannerSchema = z.object({
  id,
  kind: z.enum(['hero', 'slider']),
  position: z.number().int(),
  title: z.string().max(200),
  subtitle: z.string().max(400),
  buttonText: z.string().max(60),
  image: z.object({ mobile: z.string().min(1), desktop: z.string().min(1) }),
  background: z.string(),
  link: bannerLinkSchema,
});
export type Banner = z.infer<typeof bannerSchema>;

/** What `GET /api/catalog` answers. */
export type CatalogResponse = { products: Product[]; categories: Category[] };

/**
 * The import file: products may leave out what has an obvious default, so an owner's
 * catalog stays short. The parsed result is complete.
 */
export const productInputSchema = productSchema.extend({
  id: id.optional(),
  itemId: id.optional(),
  variantName: z.string().max(200).default(''),
  description: z.string().max(20_000).default(''),
  images: z.array(productImageSchema).default([]),
  isFraction: z.boolean().default(false),
  sku: id.optional(),
  type_id: z.enum(productTypes).default('simple'),
  errors: z.record(z.string(), z.string()).default({}),
  tags: z.array(z.string().trim().min(1).max(60)).default([]),
});

export const catalogFileSchema = z.object({
  categories: z.array(categorySchema),
  products: z.array(productInputSchema),
  banners: z.array(bannerSchema).default([]),
});
export type CatalogFile = z.output<typeof catalogFileSchema>;

/** Fills the defaults that depend on other fields (id, itemId, sku from the variant id). */
export function completeProduct(p: CatalogFile['products'][number]): Product {
  return { ...p, id: p.id ?? p.variantId, itemId: p.itemId ?? p.variantId, sku: p.sku ?? p.variantId };
}
