import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartItem, CartProduct } from './cart-rules.ts';
import { pendingChanges, pullServerCart, type ServerCartLine } from './cart-sync.ts';

const product = (id: string): CartProduct => ({
  id,
  itemId: id,
  variantId: id,
  variantName: '',
  title: id,
  price: { mrp: null, regular: 10, special: null },
  images: [],
  stock: 100,
  isFraction: false,
  sku: id,
  type_id: 'simple',
  errors: {},
  categoryId: 'c',
});
const item = (id: string, qty: number): CartItem => ({ ...product(id), qty });
const catalog = (id: string) => (id.startsWith('gone') ? undefined : product(id));
const lines = (items: readonly CartItem[]) => items.map((i) => [i.id, i.qty]);

/** One browser of the shopper: its cart and what it last agreed with the server on. */
type Device = { items: CartItem[]; base: Map<string, number> };
const device = (...items: CartItem[]): Device => ({ items, base: new Map() });

/**
 * The server's cart and what a device does against it, as `use-server-cart` does: pull,
 * then push its own changes (POST and DELETE /api/user/cart/:id), each one agreed after.
 */
function account(initial: ServerCartLine[] = []) {
  const server = new Map(initial.map((l) => [l.productId, l.qty]));
  return {
    lines: () => [...server].map(([productId, qty]) => ({ productId, qty })),
    sync(d: Device): { set: ServerCartLine[]; remove: string[] } {
      const pulled = pullServerCart(d.items, d.base, this.lines(), catalog);
      d.items = pulled.items;
      d.base = pulled.base;
      const push = pendingChanges(d.items, d.base);
      for (const l of push.set) {
        server.set(l.productId, l.qty);
        d.base.set(l.productId, l.qty);
      }
      for (const id of push.remove) {
        server.delete(id);
        d.base.delete(id);
      }
      return push;
    },
  };
}

/** A phone that filled the account's cart, and a laptop that logged in to it since: both in step. */
function twoDevices(...items: CartItem[]) {
  const shop = account();
  const phone = device(...items);
  shop.sync(phone);
  const laptop = device();
  shop.sync(laptop);
  return { shop, phone, laptop };
}

describe('two logged-in devices (issue 23: a removal is an event, not an absence)', () => {
  it('an item removed on one device is removed on the other, which still held it, instead of coming back', () => {
    const { shop, phone, laptop } = twoDevices(item('tea', 2), item('rice', 1));
    expect(lines(laptop.items)).toEqual([
      ['tea', 2],
      ['rice', 1],
    ]);

    // the phone removes the rice; the laptop, untouched, still holds it
    phone.items = phone.items.filter((i) => i.id !== 'rice');
    expect(shop.sync(phone)).toEqual({ set: [], remove: ['rice'] });
    expect(lines(laptop.items)).toEqual([
      ['tea', 2],
      ['rice', 1],
    ]);

    // the laptop's next look at the server (a reload, a login, the tab shown again)
    expect(shop.sync(laptop)).toEqual({ set: [], remove: [] });
    expect(lines(laptop.items)).toEqual([['tea', 2]]);
    expect(shop.lines()).toEqual([{ productId: 'tea', qty: 2 }]);
  });

  it('an emptied cart (an order placed on the phone) stays empty on the laptop', () => {
    const { shop, phone, laptop } = twoDevices(item('tea', 2), item('rice', 1));
    phone.items = [];
    shop.sync(phone);
    shop.sync(laptop);
    expect(laptop.items).toEqual([]);
    expect(shop.lines()).toEqual([]);
  });

  it('a quantity changed on one device comes down to the other; one changed on this device goes up', () => {
    const { shop, phone, laptop } = twoDevices(item('tea', 2), item('rice', 1));
    phone.items = [item('tea', 5), item('rice', 1)];
    laptop.items = [item('tea', 2), item('rice', 3)];
    expect(shop.sync(phone)).toEqual({ set: [{ productId: 'tea', qty: 5 }], remove: [] });
    expect(shop.sync(laptop)).toEqual({ set: [{ productId: 'rice', qty: 3 }], remove: [] });
    expect(lines(laptop.items)).toEqual([
      ['tea', 5],
      ['rice', 3],
    ]);
    shop.sync(phone);
    expect(lines(phone.items)).toEqual([
      ['tea', 5],
      ['rice', 3],
    ]);
  });

  it('a line edited here after another device removed it is kept: the later, explicit change stands', () => {
    const { shop, phone, laptop } = twoDevices(item('tea', 1));
    phone.items = [];
    shop.sync(phone);
    laptop.items = [item('tea', 4)];
    expect(shop.sync(laptop)).toEqual({ set: [{ productId: 'tea', qty: 4 }], remove: [] });
  });
});

describe('the login merge (§4)', () => {
  it("pushes the guest's lines, adds the account's, and keeps the browser's quantity for a line both have", () => {
    const server = [
      { productId: 'rice', qty: 5 },
      { productId: 'ghee', qty: 1 },
      { productId: 'gone-soap', qty: 3 },
    ];
    const { items, base } = pullServerCart([item('tea', 2), item('rice', 1)], new Map(), server, catalog);
    expect(lines(items)).toEqual([
      ['tea', 2],
      ['rice', 1],
      ['ghee', 1],
    ]);
    expect(pendingChanges(items, base)).toEqual({
      set: [
        { productId: 'tea', qty: 2 },
        { productId: 'rice', qty: 1 },
      ],
      remove: [],
    });
  });

  it('a line of a product the catalog no longer has is neither shown nor deleted from the account', () => {
    const { items, base } = pullServerCart([], new Map(), [{ productId: 'gone-soap', qty: 3 }], catalog);
    expect(items).toEqual([]);
    expect(pendingChanges(items, base)).toEqual({ set: [], remove: [] });
  });

  it('a line removed here while the push did not go through is removed on the server at the next sync, not brought back', () => {
    const { items, base } = pullServerCart(
      [item('tea', 1)],
      new Map([
        ['tea', 1],
        ['rice', 2],
      ]),
      [
        { productId: 'tea', qty: 1 },
        { productId: 'rice', qty: 2 },
      ],
      catalog,
    );
    expect(lines(items)).toEqual([['tea', 1]]);
    expect(pendingChanges(items, base)).toEqual({ set: [], remove: ['rice'] });
  });

  it('fractional quantities are compared as the server keeps them (thousandths)', () => {
    const { items, base } = pullServerCart([{ ...item('dal', 0), isFraction: true, qty: 1.1 }], new Map(), [{ productId: 'dal', qty: 1.1000000001 }], catalog);
    expect(pendingChanges(items, base)).toEqual({ set: [], remove: [] });
  });
});

describe('any interleaving of two devices', () => {
  const ids = ['a', 'b', 'c', 'd'] as const;
  const edit = fc.record({ on: fc.constantFrom(0, 1), id: fc.constantFrom(...ids), qty: fc.integer({ min: 0, max: 5 }), sync: fc.boolean() });

  it('ends with both devices holding what the server holds, and a second sync changes nothing', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 12 }), (edits) => {
        const shop = account();
        const devices = [device(), device()];
        for (const e of edits) {
          const d = devices[e.on]!;
          const rest = d.items.filter((i) => i.id !== e.id);
          d.items = e.qty === 0 ? rest : [...rest, item(e.id, e.qty)];
          if (e.sync) shop.sync(d);
        }
        shop.sync(devices[0]!);
        shop.sync(devices[1]!);
        shop.sync(devices[0]!);
        const sorted = (d: Device) => lines(d.items).sort();
        const onServer = shop
          .lines()
          .map((l) => [l.productId, l.qty])
          .sort();
        expect(sorted(devices[0]!)).toEqual(onServer);
        expect(sorted(devices[1]!)).toEqual(onServer);
        for (const d of devices) expect(shop.sync(d)).toEqual({ set: [], remove: [] });
      }),
    );
  });

  it('a line one device removed never comes back from a device that did not touch it since it last synced', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1 }), fc.nat(), (held, pick) => {
        const { shop, phone, laptop } = twoDevices(...held.map((id) => item(id, 1)));
        const removed = held[pick % held.length]!;
        phone.items = phone.items.filter((i) => i.id !== removed);
        shop.sync(phone);
        shop.sync(laptop);
        shop.sync(phone);
        expect(laptop.items.map((i) => i.id)).not.toContain(removed);
        expect(phone.items.map((i) => i.id)).not.toContain(removed);
        expect(shop.lines().map((l) => l.productId)).not.toContain(removed);
      }),
    );
  });
});
