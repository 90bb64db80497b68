import type { Product } from '../catalog.ts';

/** A product for tests: one simple variant "x" at 10 with 5 in stock; `over` changes any field. */
export const testProduct = (over: Partial<Product> = {}): Product => ({
  id: 'x',
  itemId: 'x',
  variantId: 'x',
  variantName: '',
  title: 'X',
  description: '',
  categoryId: 'c1',
  price: { mrp: null, regular: 10, special: null },
  images: [],
  stock: 5,
  isFraction: false,
  sku: 'x',
  type_id: 'simple',
  errors: {},
  tags: [],
  ...over,
});
