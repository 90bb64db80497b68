import type { CartItem, CartProduct } from './cart-rules.ts';

/**
 * The server cart of a logged-in shopper (spec §4 Cart sync), as lines of product id and
 * quantity (units, or kg with 2 decimals for fractional products).
 */
export type ServerCartLine = { productId: string; qty: number };

/**
 * What this browser last agreed with the server on (decision 046): the lines both held the
 * same after its last pull or confirmed push. Against it a difference has a side: a line
 * that differs from it here was changed on this device, one that differs on the server was
 * changed on another. An empty base (a guest's cart, the first login on a device) makes
 * every local line new and every server line the account's.
 */
export type CartBase = ReadonlyMap<string, number>;

// quantities compared as the server keeps them: in thousandths
const milli = (qty: number | undefined) => (qty === undefined || !(qty > 0) ? 0 : Math.round(qty * 1000));
const same = (a: number | undefined, b: number | undefined) => milli(a) === milli(b);

/**
 * A pull (§4 login merge, and on every later look at the server): each line this device did
 * not change since the base takes the server's state — added, its quantity, or removed,
 * since a removal on another device is an event, not an absence to fill in. A line changed
 * here keeps the browser's state for `pendingChanges` to push: a guest's new line, a
 * quantity set offline, a removal not yet sent. A line both sides hold keeps the browser's
 * quantity, never a sum. Server lines of products the catalog no longer has are left out
 * locally and out of the base, so they are neither shown nor deleted.
 */
export function pullServerCart(
  local: readonly CartItem[],
  base: CartBase,
  server: readonly ServerCartLine[],
  productOf: (id: string) => CartProduct | undefined,
): { items: CartItem[]; base: Map<string, number> } {
  const onServer = new Map(server.filter((l) => l.qty > 0).map((l) => [l.productId, l.qty]));
  const nextBase = new Map<string, number>();
  const agree = (id: string, qty: number | undefined) => {
    if (qty !== undefined) nextBase.set(id, qty);
  };
  const items: CartItem[] = [];
  for (const item of local) {
    const s = onServer.get(item.id);
    if (!same(item.qty, base.get(item.id))) {
      // changed here: the browser's line stands; the base learns only what already agrees
      if (same(item.qty, s)) agree(item.id, s);
      else agree(item.id, base.get(item.id));
      items.push(item);
    } else if (s !== undefined) {
      agree(item.id, s);
      items.push(same(item.qty, s) ? item : { ...item, qty: s });
    }
    // else: removed on another device since this one last agreed: it goes here too
  }
  const here = new Set(local.map((i) => i.id));
  for (const [id, s] of onServer) {
    if (here.has(id)) continue;
    if (base.has(id)) {
      // removed here, not yet sent: the removal stands and is pushed
      agree(id, base.get(id));
      continue;
    }
    const product = productOf(id);
    if (!product) continue;
    agree(id, s);
    items.push({ ...product, qty: s });
  }
  return { items, base: nextBase };
}

/**
 * What this device changed since the base, to force onto the server (§4 normal sync): the
 * lines to set and the ones to delete. Lines changed on other devices are not in it, so a
 * stale copy never writes them back.
 */
export function pendingChanges(local: readonly CartItem[], base: CartBase): { set: ServerCartLine[]; remove: string[] } {
  const here = new Set(local.map((i) => i.id));
  return {
    set: local.filter((i) => !same(i.qty, base.get(i.id))).map((i) => ({ productId: i.id, qty: i.qty })),
    remove: [...base.keys()].filter((id) => !here.has(id)),
  };
}
