import { useEffect, useRef } from 'react';
import type { CartProduct } from '../../../../domain/cart-rules.ts';
import { mergeOnLogin, syncToServer, type ServerCartLine } from '../../../../domain/cart-sync.ts';
import { deleteJson, getJson, postJson } from '../../../lib/api.ts';
import { asUser, useSession } from '../../../lib/session.ts';
import { useCartStore } from '../store/cart-store.ts';
import { useCart } from './use-cart.ts';

const cartPath = (productId: string) => `/api/user/cart/${encodeURIComponent(productId)}`;

/**
 * The logged-in shopper's cart on the server (spec §4 Cart sync). On login the two carts
 * merge (the guest's lines go up, the account's come down, nothing is added up, so a
 * second login changes nothing); after that every change is forced onto the server.
 */
function useServerCart(): void {
  const loggedIn = useSession((s) => s.status === 'user');
  const ready = useCartStore((s) => s.ready);
  const items = useCartStore((s) => s.items);
  const dispatch = useCartStore((s) => s.dispatch);
  const { rules } = useCart();
  // what the server holds as far as this page knows; null until the login merge is done
  const server = useRef<ServerCartLine[] | null>(null);

  useEffect(() => {
    server.current = null;
    if (!loggedIn || !ready) return;
    let live = true;
    void (async () => {
      const res = await asUser((headers) => getJson<ServerCartLine[]>('/api/user/cart', headers));
      if (!live || !res.ok) return;
      // the catalog is needed only for account lines this browser does not have yet
      const here = new Set(useCartStore.getState().items.map((i) => i.id));
      const needsCatalog = res.data.some((l) => !here.has(l.productId));
      const catalog = needsCatalog ? await import('../../../lib/catalog-query.ts').then((m) => m.loadCatalogOnce()).catch(() => null) : null;
      const products = new Map(catalog?.products.map((p) => [p.id, p]) ?? []);
      const productOf = (id: string): CartProduct | undefined => {
        const p = products.get(id);
        return p ? { ...p, images: p.images.slice(0, 2) } : undefined;
      };
      const merged = mergeOnLogin(useCartStore.getState().items, res.data, productOf);
      if (!live) return;
      dispatch({ type: 'replace', items: merged.items }, rules);
      await Promise.all(merged.push.map((l) => asUser((headers) => postJson(cartPath(l.productId), { qty: l.qty }, headers))));
      server.current = merged.items.map((i) => ({ productId: i.id, qty: i.qty }));
    })();
    return () => {
      live = false;
    };
  }, [loggedIn, ready, dispatch, rules]);

  useEffect(() => {
    if (!loggedIn || server.current === null) return;
    const { set, remove } = syncToServer(items, server.current);
    if (set.length === 0 && remove.length === 0) return;
    server.current = items.map((i) => ({ productId: i.id, qty: i.qty }));
    void Promise.all([...set.map((l) => asUser((headers) => postJson(cartPath(l.productId), { qty: l.qty }, headers))), ...remove.map((id) => asUser((headers) => deleteJson(cartPath(id), headers)))]);
  }, [items, loggedIn]);
}

/** The server cart's sync as a part of the page: loaded and mounted only for a logged-in shopper. */
export function ServerCart(): null {
  useServerCart();
  return null;
}
