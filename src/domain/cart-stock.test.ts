import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart-rules.ts';
import { cartStock, lineStock, serverStockOf } from './cart-stock.ts';

const strict = { allowOrderOnNoStock: false };
const lenient = { allowOrderOnNoStock: true };

function line(id: string, qty: number, stock: number, over: Partial<CartItem> = {}): CartItem {
  return {
    id,
    itemId: id,
    variantId: id,
    variantName: '',
    title: id,
    price: { mrp: null, regular: 100, special: null },
    images: [],
    stock,
    isFraction: false,
    sku: id,
    type_id: 'simple',
    errors: {},
    categoryId: 'c',
    qty,
    ...over,
  };
}

describe('a cart line against the stock the page knows', () => {
  it('150 in the cart against 100 in stock is above stock, with 100 available', () => {
    expect(lineStock(line('rice', 150, 100), strict)).toEqual({ state: 'above', available: 100, unsure: false });
  });

  it('a line of a product with stock 0 or below is out of stock', () => {
    expect(lineStock(line('tea', 1, 0), strict)).toEqual({ state: 'out', available: 0, unsure: false });
    expect(lineStock(line('tea', 1, -3), strict)).toEqual({ state: 'out', available: 0, unsure: false });
  });

  it('a line within its stock, all of it included, is fine', () => {
    expect(lineStock(line('rice', 100, 100), strict).state).toBe('ok');
    expect(lineStock(line('flour', 2.5, 2.5, { isFraction: true }), strict).state).toBe('ok');
  });

  it('2.51 kg against 2.5 kg in stock is above stock', () => {
    expect(lineStock(line('flour', 2.51, 2.5, { isFraction: true }), strict)).toEqual({ state: 'above', available: 2.5, unsure: false });
  });

  it('flags nothing when the shop orders without stock, or for a product made to order', () => {
    expect(lineStock(line('rice', 150, 100), lenient).state).toBe('ok');
    expect(lineStock(line('cake', 3, 0, { madeToOrder: true }), strict).state).toBe('ok');
  });
});

describe("the server's word on a line", () => {
  it('wins over the page: 3 left at the server makes a line of 5 above stock, and the page was not sure', () => {
    // the page's catalog still said 10
    expect(lineStock(line('rice', 5, 10), strict, { available: 3 })).toEqual({ state: 'above', available: 3, unsure: true });
  });

  it('none left at the server is out of stock', () => {
    expect(lineStock(line('rice', 5, 10), strict, { available: 0 })).toEqual({ state: 'out', available: 0, unsure: true });
  });

  it('a shortage that matches the page is sure', () => {
    expect(lineStock(line('rice', 150, 100), strict, { available: 100 })).toEqual({ state: 'above', available: 100, unsure: false });
  });

  it('a line the server priced is fine even when the page thought it sold out (restocked meanwhile)', () => {
    expect(lineStock(line('tea', 2, 0), strict, 'enough')).toEqual({ state: 'ok', available: null, unsure: true });
    expect(lineStock(line('tea', 2, 5), strict, 'enough')).toEqual({ state: 'ok', available: null, unsure: false });
  });
});

describe('the whole cart', () => {
  const items = [line('rice', 150, 100), line('tea', 1, 0), line('salt', 2, 10)];

  it('leaves out-of-stock lines out of the totals but keeps lines above stock', () => {
    expect(cartStock(items, strict).counted.map((i) => i.id)).toEqual(['rice', 'salt']);
  });

  it('blocks placing while a line is out of stock or above it', () => {
    expect(cartStock(items, strict).blocked).toBe(true);
    expect(cartStock([line('rice', 150, 100)], strict).blocked).toBe(true);
    expect(cartStock([line('tea', 1, 0)], strict).blocked).toBe(true);
    expect(cartStock([line('salt', 2, 10)], strict).blocked).toBe(false);
  });

  it('blocks nothing and counts every line when the shop orders without stock', () => {
    const stock = cartStock(items, lenient);
    expect(stock.blocked).toBe(false);
    expect(stock.counted).toHaveLength(3);
  });

  it("takes the server's refusal line by line", () => {
    const server = serverStockOf({ shortages: [{ id: 'salt', available: 0 }] });
    const stock = cartStock(items, strict, server);
    expect(stock.lines.get('salt')).toEqual({ state: 'out', available: 0, unsure: true });
    expect(stock.counted.map((i) => i.id)).toEqual(['rice']);
  });

  it('a priced quote clears every line it priced', () => {
    const stock = cartStock([line('tea', 1, 0)], strict, serverStockOf({ pricedIds: ['tea'] }));
    expect(stock.blocked).toBe(false);
    expect(stock.counted).toHaveLength(1);
  });
});
