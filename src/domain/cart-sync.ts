import type { CartItem, CartProduct } from './cart-rules.ts';

/**
 * The server cart of a logged-in shopper (spec §4 Cart sync), as lines of product id and
 * quantity (units, or kg with 2 decimals for fractional products).
 */
export type ServerCartLine = { productId: string; qty: number };

/**
 * Login merge (§4): local lines the server lacks are pushed to it, server lines the
 * browser lacks are added locally (when the catalog still has the product). A line both
 * sides hold keeps the browser's quantity — the merge never adds the two up, so running
 * it twice changes nothing the second time.
 */
export function mergeOnLogin(local: readonly CartItem[], server: readonly ServerCartLine[], productOf: (id: string) => CartProduct | undefined): { items: CartItem[]; push: ServerCartLine[] } {
  const onServer = new Map(server.map((l) => [l.productId, l.qty]));
  const push = local.filter((i) => onServer.get(i.id) !== i.qty).map((i) => ({ productId: i.id, qty: i.qty }));
  const here = new Set(local.map((i) => i.id));
  const added = server.flatMap((l) => {
    if (here.has(l.productId) || !(l.qty > 0)) return [];
    const product = productOf(l.productId);
    return product ? [{ ...product, qty: l.qty }] : [];
  });
  return { items: [...local, ...added], push };
}

/**
 * A normal sync forces the browser's cart onto the server (§4): what to set and what to
 * delete there so that it holds exactly the local lines.
 */
export function syncToServer(local: readonly CartItem[], server: readonly ServerCartLine[]): { set: ServerCartLine[]; remove: string[] } {
  const onServer = new Map(server.map((l) => [l.productId, l.qty]));
  const here = new Set(local.map((i) => i.id));
  return {
    set: local.filter((i) => onServer.get(i.id) !== i.qty).map((i) => ({ productId: i.id, qty: i.qty })),
    remove: server.filter((l) => !here.has(l.productId)).map((l) => l.productId),
  };
}
