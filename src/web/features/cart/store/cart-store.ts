import { create } from 'zustand';
import { applyCartAction, type CartAction, type CartItem, type CartNotice, type CartRules } from '../../../../domain/cart-rules.ts';

/**
 * The local cart (§3 Cart item, §4 Cart): kept in the browser per shop (storage key
 * `<shopId>/cart`), so a guest's cart survives a reload, and other tabs of the same shop
 * follow within a moment through the `storage` event. Every change goes through the
 * domain's applyCartAction.
 */

const cartStorageKey = (shopId: string) => `${shopId}/cart`;

type CartState = {
  shopId: string | null;
  items: CartItem[];
  /** False until the browser's copy was read: the server renders an empty cart. */
  ready: boolean;
  attach(shopId: string): () => void;
  dispatch(action: CartAction, rules: CartRules): CartNotice | null;
};

function read(shopId: string): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(cartStorageKey(shopId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as CartItem[]) : [];
  } catch {
    // a damaged entry must not break the shop: start with an empty cart
    return [];
  }
}

function save(shopId: string, items: CartItem[]): void {
  try {
    localStorage.setItem(cartStorageKey(shopId), JSON.stringify(items));
  } catch {
    // storage full or blocked (private mode): the cart still works for this tab
  }
}

/**
 * Changes made before the browser's copy was read: a tap in the moment between the page
 * becoming interactive and the cart being attached. Made again on top of the copy read, so the
 * product the shopper added is not dropped by it.
 */
let early: Array<{ action: CartAction; rules: CartRules }> = [];

export const useCartStore = create<CartState>()((set, get) => ({
  shopId: null,
  items: [],
  ready: false,
  attach(shopId) {
    let items = read(shopId);
    for (const change of early) items = applyCartAction(items, change.action, change.rules).items;
    const changed = early.length > 0;
    early = [];
    set({ shopId, items, ready: true });
    if (changed) save(shopId, items);
    const onStorage = (e: StorageEvent) => {
      if (e.key === cartStorageKey(shopId)) set({ items: read(shopId) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
  dispatch(action, rules) {
    const { shopId, items } = get();
    const result = applyCartAction(items, action, rules);
    if (!shopId) early.push({ action, rules });
    if (result.items !== items) {
      set({ items: result.items });
      if (shopId) save(shopId, result.items);
    }
    return result.notice;
  },
}));
