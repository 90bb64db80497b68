/**
 * A new product's most variants: a form the owner can still read on a phone. Apart from
 * product-edit.ts, whose schemas (zod) the owner's form must not load: the owner's file is
 * loaded by every page that reads server data (decision 060), and zod's first object schema
 * tries eval, which the shop's CSP refuses.
 */
export const MAX_VARIANTS = 20;
