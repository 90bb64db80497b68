import { useEffect, useRef } from 'react';
import type { CartProduct } from '../../../../domain/cart-rules.ts';
import { pendingChanges, pullServerCart, type ServerCartLine } from '../../../../domain/cart-sync.ts';
import { deleteJson, getJson, postJson } from '../../../lib/api.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { asUser, useSession } from '../../../lib/session.ts';
import { readCartBase, writeCartBase } from '../store/cart-base.ts';
import { useCartStore } from '../store/cart-store.ts';
import { useCart } from './use-cart.ts';

const cartPath = (productId: string) => `/api/user/cart/${encodeURIComponent(productId)}`;

/** The catalog's products by id, loaded only when the account has lines this browser lacks. */
async function productsFor(lines: readonly ServerCartLine[]): Promise<(id: string) => CartProduct | undefined> {
  const here = new Set(useCartStore.getState().items.map((i) => i.id));
  if (lines.every((l) => here.has(l.productId))) return () => undefined;
  const catalog = await import('../../../lib/catalog-query.ts').then((m) => m.loadCatalogOnce()).catch(() => null);
  const products = new Map(catalog?.products.map((p) => [p.id, p]) ?? []);
  return (id) => {
    const p = products.get(id);
    return p ? { ...p, images: p.images.slice(0, 2) } : undefined;
  };
}

/**
 * The logged-in shopper's cart on the server (spec §4 Cart sync, decision 046). A pull — at
 * login, on each page load, and whenever the tab is shown again or comes back online — takes
 * what other devices changed (a line removed there goes here too), and keeps this device's
 * own changes; every change made here is then forced onto the server. One step at a time,
 * so a pull never reads the server between a push and its answer.
 */
function useServerCart(): void {
  const userId = useSession((s) => s.user?.id ?? null);
  const shopId = useShop().id;
  const ready = useCartStore((s) => s.ready);
  const dispatch = useCartStore((s) => s.dispatch);
  const { rules } = useCart();
  const queue = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (!userId || !ready) return;
    let live = true;
    const enqueue = (step: () => Promise<void>) => {
      queue.current = queue.current.then(() => (live ? step() : undefined)).catch((err: unknown) => console.warn('cart not synced', err));
    };
    const push = async () => {
      const { set, remove } = pendingChanges(useCartStore.getState().items, readCartBase(shopId, userId));
      const agreed = await Promise.all([
        ...set.map(async (l) =>
          (await asUser((headers) => postJson(cartPath(l.productId), { qty: l.qty }, headers))).ok ? ([l.productId, l.qty] as const) : null,
        ),
        ...remove.map(async (id) => ((await asUser((headers) => deleteJson(cartPath(id), headers))).ok ? ([id, undefined] as const) : null)),
      ]);
      // a change the server did not take stays a change of this device, tried again next time
      const base = readCartBase(shopId, userId);
      for (const done of agreed) {
        if (!done) continue;
        const [id, qty] = done;
        if (qty === undefined) base.delete(id);
        else base.set(id, qty);
      }
      if (live) writeCartBase(shopId, userId, base);
    };
    const pull = async () => {
      const res = await asUser((headers) => getJson<ServerCartLine[]>('/api/user/cart', headers));
      if (!live || !res.ok) return;
      const productOf = await productsFor(res.data);
      if (!live) return;
      const local = useCartStore.getState().items;
      const pulled = pullServerCart(local, readCartBase(shopId, userId), res.data, productOf);
      // the cart first, then the base: another tab reading between sees at worst a change to push again, never one to undo
      if (pulled.items.some((item, n) => item !== local[n]) || pulled.items.length !== local.length) dispatch({ type: 'replace', items: pulled.items }, rules);
      writeCartBase(shopId, userId, pulled.base);
      await push();
    };
    enqueue(pull);
    const again = () => {
      if (document.visibilityState === 'visible') enqueue(pull);
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('online', again);
    const unsubscribe = useCartStore.subscribe((state, before) => {
      if (state.items !== before.items) enqueue(push);
    });
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('online', again);
      unsubscribe();
    };
  }, [userId, shopId, ready, dispatch, rules]);
}

/** The server cart's sync as a part of the page: loaded and mounted only for a logged-in shopper. */
export function ServerCart(): null {
  useServerCart();
  return null;
}
