import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartItem, CartProduct } from './cart-rules.ts';
import { mergeOnLogin, syncToServer, type ServerCartLine } from './cart-sync.ts';

const product = (id: string): CartProduct => ({ id, itemId: id, variantId: id, variantName: '', title: id, price: { mrp: null, regular: 10, special: null }, images: [], stock: 100, isFraction: false, sku: id, type_id: 'simple', errors: {}, categoryId: 'c' });
const item = (id: string, qty: number): CartItem => ({ ...product(id), qty });
const catalog = (id: string) => (id.startsWith('gone') ? undefined : product(id));

/** Applies the lines pushed to a server cart, as the server's POST /api/user/cart/:id does. */
const applyPush = (server: readonly ServerCartLine[], push: readonly ServerCartLine[]) => {
  const next = new Map(server.map((l) => [l.productId, l.qty]));
  for (const l of push) next.set(l.productId, l.qty);
  return [...next].map(([productId, qty]) => ({ productId, qty }));
};

describe('mergeOnLogin', () => {
  it("pushes the guest's lines, adds the account's, and keeps the browser's quantity for a line both have", () => {
    const { items, push } = mergeOnLogin([item('tea', 2), item('rice', 1)], [{ productId: 'rice', qty: 5 }, { productId: 'ghee', qty: 1 }, { productId: 'gone-soap', qty: 3 }], catalog);
    expect(items.map((i) => [i.id, i.qty])).toEqual([['tea', 2], ['rice', 1], ['ghee', 1]]);
    expect(push).toEqual([{ productId: 'tea', qty: 2 }, { productId: 'rice', qty: 1 }]);
  });

  it('a second merge after the first changes nothing: quantities are never doubled', () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd', 'gone-e');
    const lines = fc.uniqueArray(fc.record({ id: ids, qty: fc.integer({ min: 1, max: 9 }) }), { selector: (l) => l.id, maxLength: 5 });
    fc.assert(
      fc.property(lines, lines, (localLines, serverLines) => {
        const local = localLines.filter((l) => !l.id.startsWith('gone')).map((l) => item(l.id, l.qty));
        const server = serverLines.map((l) => ({ productId: l.id, qty: l.qty }));
        const first = mergeOnLogin(local, server, catalog);
        const serverAfter = applyPush(server, first.push);
        const second = mergeOnLogin(first.items, serverAfter, catalog);
        expect(second.items).toEqual(first.items);
        expect(second.push).toEqual([]);
        // every quantity is one side's, never a sum
        for (const i of first.items) expect([local.find((l) => l.id === i.id)?.qty, server.find((s) => s.productId === i.id)?.qty]).toContain(i.qty);
      }),
    );
  });
});

describe('syncToServer', () => {
  it('makes the server hold exactly the local lines', () => {
    expect(syncToServer([item('tea', 3)], [{ productId: 'tea', qty: 1 }, { productId: 'rice', qty: 2 }])).toEqual({ set: [{ productId: 'tea', qty: 3 }], remove: ['rice'] });
    expect(syncToServer([item('tea', 1)], [{ productId: 'tea', qty: 1 }])).toEqual({ set: [], remove: [] });
  });
});
