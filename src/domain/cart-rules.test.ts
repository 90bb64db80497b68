import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  applyCartAction,
  cartCount,
  clampQuantity,
  isCartVirtual,
  isSoldOut,
  stockMilli,
  lineTotal,
  quantityLimits,
  readQuantity,
  stepQuantity,
  type CartAction,
  type CartItem,
  type CartProduct,
  type CartRules,
} from './cart-rules.ts';
import { qtyToMilli } from './money.ts';

/** §4, the oracle of these tests: valid unless some qty exceeds stock while ordering without stock is not allowed. */
const isCartValid = (items: readonly CartItem[], rules: Pick<CartRules, 'allowOrderOnNoStock'>): boolean =>
  rules.allowOrderOnNoStock || items.every((i) => i.madeToOrder || qtyToMilli(i.qty, i.isFraction) <= stockMilli(i));

const rules: CartRules = { allowOrderOnNoStock: false, allowZeroPriceProducts: false, fractionDigits: 2, taxPercent: 5 };
const noStockRules: CartRules = { ...rules, allowOrderOnNoStock: true };

function product(over: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 'tea',
    itemId: 'tea',
    variantId: 'tea',
    variantName: '',
    title: 'Assam CTC Tea (500 g)',
    price: { mrp: 300, regular: 280, special: null },
    images: [],
    stock: 5,
    isFraction: false,
    sku: 'tea',
    type_id: 'simple',
    errors: {},
    categoryId: 'cat-beverages',
    ...over,
  };
}
const tomatoes = product({
  id: 'tomato',
  itemId: 'tomato',
  variantId: 'tomato',
  sku: 'tomato',
  title: 'Tomatoes',
  isFraction: true,
  stock: 2.5,
  price: { mrp: null, regular: 40, special: 35.5 },
});
const line = (p: CartProduct, qty: number): CartItem => ({ ...p, qty });

describe('adding to the cart', () => {
  it('adds a new product with quantity 1 and says so', () => {
    const { items, notice } = applyCartAction([], { type: 'add', product: product() }, rules);
    expect(items).toEqual([line(product(), 1)]);
    expect(notice).toEqual({ type: 'success', code: 'added', message: 'Added to cart!' });
  });

  it('adding an item already in the cart adds the quantity', () => {
    const { items } = applyCartAction([line(product(), 2)], { type: 'add', product: product(), qty: 2 }, rules);
    expect(items.map((i) => i.qty)).toEqual([4]);
  });

  it('adding again without a quantity adds one more, also one kilogram of a product sold by weight', () => {
    expect(applyCartAction([line(product(), 2)], { type: 'add', product: product() }, rules).items[0]!.qty).toBe(3);
    expect(applyCartAction([line(tomatoes, 0.25)], { type: 'add', product: tomatoes }, rules).items[0]!.qty).toBe(1.25);
  });

  it('adds weights exactly: 0.1 kg and 0.2 kg make 0.3 kg', () => {
    const { items } = applyCartAction([line(tomatoes, 0.1)], { type: 'add', product: tomatoes, qty: 0.2 }, rules);
    expect(items[0]!.qty).toBe(0.3);
  });

  it('refuses a product whose price is unknown', () => {
    const free = product({ price: { mrp: null, regular: 0, special: null } });
    const { items, notice } = applyCartAction([], { type: 'add', product: free }, rules);
    expect(items).toEqual([]);
    expect(notice).toEqual({ type: 'danger', code: 'priceUnknown', message: 'Product price is unknown, product cannot be added to the cart!' });
  });

  it('lets shops that give things away add a zero-priced product', () => {
    const free = product({ price: { mrp: null, regular: 0, special: null } });
    expect(applyCartAction([], { type: 'add', product: free }, { ...rules, allowZeroPriceProducts: true }).notice?.code).toBe('added');
  });

  it("lists the product's own error messages and does not add it", () => {
    const broken = product({ errors: { sku: 'Discontinued by the brand', empty: '' } });
    const { items, notice } = applyCartAction([], { type: 'add', product: broken }, rules);
    expect(items).toEqual([]);
    expect(notice).toEqual({ type: 'danger', code: 'productError', message: 'Discontinued by the brand' });
  });

  it('refuses a product that is out of stock', () => {
    const { items, notice } = applyCartAction([], { type: 'add', product: product({ stock: 0 }) }, rules);
    expect(items).toEqual([]);
    expect(notice).toEqual({ type: 'danger', code: 'outOfStock', message: 'The product is out of stock and cannot be added to the cart!' });
  });

  it('a product with no stock is sold out, unless made to order or the shop orders without stock', () => {
    expect(isSoldOut(product({ stock: 0 }), rules)).toBe(true);
    expect(isSoldOut(product({ stock: -2 }), rules)).toBe(true);
    expect(isSoldOut(product({ stock: 1 }), rules)).toBe(false);
    expect(isSoldOut(product({ stock: 0.01, isFraction: true }), rules)).toBe(false);
    expect(isSoldOut(product({ stock: 0, madeToOrder: true }), rules)).toBe(false);
    expect(isSoldOut(product({ stock: 0 }), noStockRules)).toBe(false);
  });

  it('takes a made-to-order product with no stock, as many as the selector allows, and keeps the cart valid', () => {
    const cake = product({ stock: 0, madeToOrder: true });
    const { items, notice } = applyCartAction([], { type: 'add', product: cake, qty: 12 }, rules);
    expect(notice?.type).toBe('success');
    expect(items).toEqual([{ ...cake, qty: 12 }]);
    expect(quantityLimits(cake, rules).max).toBe(quantityLimits(cake, noStockRules).max);
    expect(isCartValid(items, rules)).toBe(true);
  });

  it('refuses to go above stock together with what is already in the cart, and changes nothing', () => {
    const before = [line(product(), 4)];
    const { items, notice } = applyCartAction(before, { type: 'add', product: product(), qty: 2 }, rules);
    expect(items).toEqual(before);
    expect(notice).toEqual({ type: 'danger', code: 'stockNotAvailable', message: 'Stock not available' });
  });

  it('compares weights with stock in thousandths: 2.5 kg in stock takes 2.5 kg but not 2.51', () => {
    expect(applyCartAction([line(tomatoes, 2)], { type: 'add', product: tomatoes, qty: 0.5 }, rules).notice?.code).toBe('added');
    expect(applyCartAction([line(tomatoes, 2)], { type: 'add', product: tomatoes, qty: 0.51 }, rules).notice?.code).toBe('stockNotAvailable');
  });

  it('shops that allow ordering without stock can add an out-of-stock product, up to the selector maximum', () => {
    expect(applyCartAction([], { type: 'add', product: product({ stock: 0 }), qty: 3 }, noStockRules).items[0]!.qty).toBe(3);
    expect(applyCartAction([line(product(), 9_999)], { type: 'add', product: product(), qty: 2 }, noStockRules).notice?.code).toBe('stockNotAvailable');
  });

  it('a shop that orders without stock warns that an add beyond the stock is a pre-reservation (§8)', () => {
    // 5 in stock: 4 in the cart plus 2 is 6, one beyond it
    const { items, notice } = applyCartAction([line(product(), 4)], { type: 'add', product: product(), qty: 2 }, noStockRules);
    expect(items[0]!.qty).toBe(6);
    expect(notice).toEqual({ type: 'warning', code: 'preReservation', message: 'Added to cart for pre-reservation.' });
    expect(applyCartAction([], { type: 'add', product: product({ stock: 0 }) }, noStockRules).notice?.code).toBe('preReservation');
    // within the stock, or made to order (no stock kept), it is a plain add
    expect(applyCartAction([line(product(), 4)], { type: 'add', product: product() }, noStockRules).notice?.code).toBe('added');
    expect(applyCartAction([], { type: 'add', product: product({ stock: 0, madeToOrder: true }) }, noStockRules).notice?.code).toBe('added');
  });

  it('raising a line past the stock of a shop that orders without stock is a pre-reservation; lowering it is not', () => {
    expect(applyCartAction([line(product(), 5)], { type: 'setQty', productId: 'tea', qty: 7 }, noStockRules).notice?.code).toBe('preReservation');
    expect(applyCartAction([line(product(), 8)], { type: 'setQty', productId: 'tea', qty: 7 }, noStockRules).notice?.code).toBe('updated');
    expect(applyCartAction([line(product(), 3)], { type: 'setQty', productId: 'tea', qty: 4 }, noStockRules).notice?.code).toBe('updated');
  });

  it('an absurd quantity is simply not available, even when the shop orders without stock', () => {
    expect(applyCartAction([], { type: 'add', product: product(), qty: 1e300 }, rules).notice?.code).toBe('stockNotAvailable');
    expect(applyCartAction([], { type: 'add', product: product(), qty: 1e300 }, noStockRules).notice?.code).toBe('stockNotAvailable');
    expect(applyCartAction([line(product(), 1)], { type: 'setQty', productId: 'tea', qty: 1e300 }, noStockRules).items[0]!.qty).toBe(10_000);
    expect(applyCartAction([], { type: 'replace', items: [line(product(), 1e300)] }, rules).items).toEqual([]);
  });

  it('rounds a fractional piece count down and a weight to 2 decimals', () => {
    expect(applyCartAction([], { type: 'add', product: product(), qty: 2.7 }, rules).items[0]!.qty).toBe(2);
    expect(applyCartAction([], { type: 'add', product: tomatoes, qty: 1.005 }, rules).items[0]!.qty).toBe(1.01);
  });

  it('ignores an add of nothing', () => {
    expect(applyCartAction([], { type: 'add', product: product(), qty: 0 }, rules)).toEqual({ items: [], notice: null });
    expect(applyCartAction([], { type: 'add', product: product(), qty: Number.NaN }, rules)).toEqual({ items: [], notice: null });
  });

  it('keeps only the fields a cart line needs and takes the fresher price and stock', () => {
    const full = { ...product({ stock: 9 }), description: 'long text', tags: ['tea'] };
    const { items } = applyCartAction([line(product(), 1)], { type: 'add', product: full }, rules);
    expect(items[0]).toEqual(line(product({ stock: 9 }), 2));
    expect(items[0]).not.toHaveProperty('description');
  });
});

describe('changing a quantity', () => {
  it('setting a new quantity updates the line and says so', () => {
    const { items, notice } = applyCartAction([line(product(), 1)], { type: 'setQty', productId: 'tea', qty: 3 }, rules);
    expect(items[0]!.qty).toBe(3);
    expect(notice).toEqual({ type: 'success', code: 'updated', message: 'Product quantity has been updated!' });
  });

  it('setting 0 or less removes the item', () => {
    for (const qty of [0, -2]) {
      const { items, notice } = applyCartAction([line(product(), 1)], { type: 'setQty', productId: 'tea', qty }, rules);
      expect(items).toEqual([]);
      expect(notice).toEqual({ type: 'success', code: 'removed', message: 'item removed from cart' });
    }
  });

  it('a quantity that is not a number counts as the minimum and removes the item', () => {
    expect(applyCartAction([line(product(), 1)], { type: 'setQty', productId: 'tea', qty: Number.NaN }, rules).items).toEqual([]);
  });

  it('a quantity above stock is cut to the stock with a stock warning', () => {
    const { items, notice } = applyCartAction([line(product(), 1)], { type: 'setQty', productId: 'tea', qty: 8 }, rules);
    expect(items[0]!.qty).toBe(5);
    expect(notice).toEqual({ type: 'danger', code: 'stockNotAvailable', message: 'Stock not available' });
  });

  it('asking for more when the line already holds the whole stock warns once and changes nothing', () => {
    const before = [line(product(), 5)];
    const { items, notice } = applyCartAction(before, { type: 'setQty', productId: 'tea', qty: 50 }, rules);
    expect(items).toEqual(before);
    expect(notice).toEqual({ type: 'danger', code: 'stockNotAvailable', message: 'Stock not available' });
  });

  it('raising a line whose stock ran out keeps the line and warns', () => {
    const before = [line(product({ stock: 0 }), 1)];
    const { items, notice } = applyCartAction(before, { type: 'setQty', productId: 'tea', qty: 2 }, rules);
    expect(items).toEqual(before);
    expect(notice?.code).toBe('stockNotAvailable');
  });

  it('rounds pieces down and weights half up to 2 decimals', () => {
    expect(applyCartAction([line(product(), 1)], { type: 'setQty', productId: 'tea', qty: 3.9 }, rules).items[0]!.qty).toBe(3);
    expect(applyCartAction([line(tomatoes, 1)], { type: 'setQty', productId: 'tomato', qty: 1.235 }, rules).items[0]!.qty).toBe(1.24);
    expect(applyCartAction([line(tomatoes, 1)], { type: 'setQty', productId: 'tomato', qty: 0.004 }, rules).items).toEqual([]);
  });

  it('setting the quantity of a product not in the cart changes nothing', () => {
    expect(applyCartAction([line(product(), 1)], { type: 'setQty', productId: 'nope', qty: 3 }, rules)).toEqual({ items: [line(product(), 1)], notice: null });
  });
});

describe('removing, replacing and clearing', () => {
  it('removing an item says so, and removing one that is not there says nothing', () => {
    expect(applyCartAction([line(product(), 1)], { type: 'remove', productId: 'tea' }, rules)).toEqual({
      items: [],
      notice: { type: 'success', code: 'removed', message: 'item removed from cart' },
    });
    expect(applyCartAction([line(product(), 1)], { type: 'remove', productId: 'nope' }, rules).notice).toBeNull();
  });

  it('replacing takes the given list once per product and drops lines without a usable quantity', () => {
    const given = [line(product(), 2), line(product(), 7), line(tomatoes, 0), line(product({ id: 'x' }), Number.NaN), line(product({ id: 'y' }), 12)];
    const { items, notice } = applyCartAction([line(tomatoes, 1)], { type: 'replace', items: given }, rules);
    // the server's 12 stays even above stock 5: isCartValid reports it, the cart does not hide it
    expect(items.map((i) => [i.id, i.qty])).toEqual([
      ['tea', 2],
      ['y', 12],
    ]);
    expect(notice).toBeNull();
  });

  it('clearing empties the cart', () => {
    expect(applyCartAction([line(product(), 1), line(tomatoes, 1)], { type: 'clear' }, rules)).toEqual({ items: [], notice: null });
  });

  it('rejects an action that is not one of the five', () => {
    expect(() => applyCartAction([], { type: 'merge' } as unknown as CartAction, rules)).toThrow(TypeError);
  });
});

describe('cart summaries', () => {
  it('the badge counts pieces one by one and a by-weight line once', () => {
    expect(cartCount([line(product(), 3), line(tomatoes, 1.25)])).toBe(4);
    expect(cartCount([])).toBe(0);
  });

  it('a cart above stock is invalid unless the shop orders without stock', () => {
    expect(isCartValid([line(product(), 5), line(tomatoes, 2.5)], rules)).toBe(true);
    expect(isCartValid([line(product(), 6)], rules)).toBe(false);
    expect(isCartValid([line(tomatoes, 2.51)], rules)).toBe(false);
    expect(isCartValid([line(product(), 6)], noStockRules)).toBe(true);
  });

  it('a cart of only downloads and services is virtual; an empty one is not', () => {
    expect(isCartVirtual([line(product({ type_id: 'virtual' }), 1), line(product({ id: 'e', type_id: 'downloadable' }), 1)])).toBe(true);
    expect(isCartVirtual([line(product({ type_id: 'virtual' }), 1), line(product({ id: 'b', type_id: 'bundle' }), 1)])).toBe(false);
    expect(isCartVirtual([])).toBe(false);
  });

  it('a line costs quantity times the final price, in minor units', () => {
    expect(lineTotal(line(product(), 3), 2)).toBe(84_000);
    expect(lineTotal(line(tomatoes, 1.25), 2)).toBe(4_438); // 35.50 × 1.25 = 44.375 → 44.38
  });
});

describe('the quantity selector', () => {
  it('moves a weight by its step exactly, as the scale reads it, and never below nothing', () => {
    expect(stepQuantity(1.1, 0.25, 1)).toBe(1.35);
    expect(stepQuantity(0.1, 0.2, 1)).toBe(0.3);
    expect(stepQuantity(1.35, 0.25, -1)).toBe(1.1);
    expect(stepQuantity(0.2, 0.25, -1)).toBe(0);
    expect(stepQuantity(2, 1, 1)).toBe(3);
  });

  it('goes from 0 to the stock in whole units, or 0.01 kg by weight', () => {
    expect(quantityLimits(product(), rules)).toEqual({ min: 0, max: 5, step: 1 });
    expect(quantityLimits(product({ isFraction: true, stock: 24.505 }), rules)).toEqual({ min: 0, max: 24.5, step: 0.01 });
    expect(quantityLimits(product({ stock: -3 }), rules)).toEqual({ min: 0, max: 0, step: 1 });
  });

  it('offers up to 10000 when the shop hides stock errors', () => {
    expect(quantityLimits(product({ stock: 0 }), noStockRules)).toEqual({ min: 0, max: 10_000, step: 1 });
  });

  it('resets non-numbers and values below the minimum, and clamps above the maximum with a stock signal', () => {
    const limits = quantityLimits(product(), rules);
    expect(clampQuantity('abc', limits)).toEqual({ qty: 0, limited: false });
    expect(clampQuantity('', limits)).toEqual({ qty: 0, limited: false });
    expect(clampQuantity(-1, limits)).toEqual({ qty: 0, limited: false });
    expect(clampQuantity('3', limits)).toEqual({ qty: 3, limited: false });
    expect(clampQuantity(' 7 ', limits)).toEqual({ qty: 5, limited: true });
    expect(clampQuantity(3, { min: 0, max: null, step: 1 })).toEqual({ qty: 3, limited: false });
    expect(clampQuantity('1.255', quantityLimits(tomatoes, rules))).toEqual({ qty: 1.26, limited: false });
  });

  it('reads what was typed as a number, a decimal comma too; anything else is not a number', () => {
    expect(readQuantity('1,5')).toBe(1.5);
    expect(readQuantity(' 12 ')).toBe(12);
    expect(readQuantity('50')).toBe(50);
    for (const text of ['', 'abc', '1,2,5', '1.2,5', '1 kg']) expect(readQuantity(text)).toBeNaN();
  });

  it('reads a decimal comma as a decimal point: 1,5 Kg is 1.5 Kg, not a removal', () => {
    const byWeight = quantityLimits(tomatoes, rules);
    expect(clampQuantity('1,5', byWeight)).toEqual({ qty: 1.5, limited: false });
    expect(clampQuantity(' 0,75 ', byWeight)).toEqual({ qty: 0.75, limited: false });
    expect(clampQuantity(',5', byWeight)).toEqual({ qty: 0.5, limited: false });
    expect(clampQuantity('2,6', byWeight)).toEqual({ qty: 2.5, limited: true });
    // pieces round down as with a point; more than one mark is still not a number
    expect(clampQuantity('2,7', quantityLimits(product(), rules))).toEqual({ qty: 2, limited: false });
    expect(clampQuantity('1,2,5', byWeight)).toEqual({ qty: 0, limited: false });
    expect(clampQuantity('1.2,5', byWeight)).toEqual({ qty: 0, limited: false });
  });
});

describe('cart invariants under any sequence of actions', () => {
  const ids = ['a', 'b', 'c', 'd'];
  const productArb = fc
    .record({
      id: fc.constantFrom(...ids),
      isFraction: fc.boolean(),
      stock: fc.oneof(
        fc.integer({ min: -2, max: 20 }),
        fc.integer({ min: 0, max: 20_000 }).map((m) => m / 1000),
      ),
      regular: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
    })
    .map(({ id, isFraction, stock, regular }) =>
      product({
        id,
        itemId: id,
        variantId: id,
        sku: id,
        isFraction,
        stock: isFraction ? stock : Math.floor(stock),
        price: { mrp: null, regular, special: null },
      }),
    );
  const qtyArb = fc.oneof(fc.integer({ min: -3, max: 30 }), fc.double({ min: -5, max: 30, noNaN: false }), fc.constantFrom(Number.NaN, 1e300, -0, 0.005));
  const itemArb = fc.tuple(productArb, qtyArb).map(([p, qty]) => line(p, qty));
  const actionArb: fc.Arbitrary<CartAction> = fc.oneof(
    fc.record({ type: fc.constant('add' as const), product: productArb, qty: fc.option(qtyArb, { nil: undefined }) }),
    fc.record({ type: fc.constant('remove' as const), productId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant('setQty' as const), productId: fc.constantFrom(...ids), qty: qtyArb }),
    fc.record({ type: fc.constant('replace' as const), items: fc.array(itemArb, { maxLength: 6 }) }),
    fc.constant({ type: 'clear' as const }),
  );
  const rulesArb = fc.record({
    allowOrderOnNoStock: fc.boolean(),
    allowZeroPriceProducts: fc.boolean(),
    fractionDigits: fc.constantFrom(0, 2, 3),
    taxPercent: fc.constantFrom(0, 5, 18),
  });

  const milli = (i: CartItem) => qtyToMilli(i.qty, i.isFraction);
  const stockMilli = (i: CartItem) => (i.isFraction ? qtyToMilli(i.stock, true) : Math.floor(i.stock) * 1000);

  it('never raises a quantity above stock, never keeps an empty or duplicate line, never mutates its input', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 25 }), rulesArb, (actions, cartRules) => {
        let items: CartItem[] = [];
        for (const action of actions) {
          const frozen = structuredClone(items);
          const actionCopy = structuredClone(action);
          deepFreeze(items);
          deepFreeze(action);
          const next = applyCartAction(items, action, cartRules).items;
          expect(items).toEqual(frozen);
          expect(action).toEqual(actionCopy);
          expect(new Set(next.map((i) => i.id)).size).toBe(next.length);
          for (const i of next) {
            expect(milli(i)).toBeGreaterThan(0);
            const before = items.find((b) => b.id === i.id);
            // only a replace may bring in a line above stock (the server's word); no action raises one
            const fromReplace = action.type === 'replace';
            if (!cartRules.allowOrderOnNoStock && !fromReplace && milli(i) > stockMilli(i)) expect(before && milli(before)).toBe(milli(i));
          }
          items = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a cart built only by adding and changing quantities always stays valid', () => {
    const editArb = actionArb.filter((a) => a.type !== 'replace');
    fc.assert(
      fc.property(fc.array(editArb, { maxLength: 25 }), rulesArb, (actions, cartRules) => {
        const items = actions.reduce<CartItem[]>((cart, a) => applyCartAction(cart, a, cartRules).items, []);
        expect(isCartValid(items, cartRules)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
