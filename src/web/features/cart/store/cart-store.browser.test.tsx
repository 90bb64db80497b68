import { afterEach, describe, expect, test } from 'vitest';
import type { CartItem, CartRules } from '../../../../domain/cart-rules.ts';
import { useCartStore } from './cart-store.ts';

const rules: CartRules = { allowOrderOnNoStock: false, allowZeroPriceProducts: false, fractionDigits: 2 };

const product = (id: string, title: string): CartItem => ({
  id,
  itemId: id,
  variantId: id,
  variantName: '',
  title,
  price: { mrp: null, regular: 40, special: null },
  images: [],
  stock: 10,
  isFraction: false,
  sku: id,
  type_id: 'simple',
  errors: {},
  categoryId: 'bakery',
  qty: 1,
});

describe('the cart in the moment the page becomes interactive', () => {
  afterEach(() => localStorage.clear());

  test('a product added before the cart kept in the browser was read is added to it, not dropped when it is read', () => {
    localStorage.setItem('tab-shop/cart', JSON.stringify([product('tea', 'Masala tea')]));
    // the shopper taps Add before the page's effects have attached the cart
    expect(useCartStore.getState().ready).toBe(false);
    useCartStore.getState().dispatch({ type: 'add', product: product('rusk', 'Milk rusk') }, rules);
    const detach = useCartStore.getState().attach('tab-shop');
    try {
      expect(useCartStore.getState().items.map((i) => [i.title, i.qty])).toEqual([
        ['Masala tea', 1],
        ['Milk rusk', 1],
      ]);
      // and kept, for the next page and the other tabs
      expect((JSON.parse(localStorage.getItem('tab-shop/cart')!) as CartItem[]).map((i) => i.title)).toEqual(['Masala tea', 'Milk rusk']);
    } finally {
      detach();
    }
  });
});
