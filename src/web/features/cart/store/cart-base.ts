import type { CartBase } from '../../../../domain/cart-sync.ts';

/**
 * What this browser last agreed with the account's server cart on (decision 046), kept beside
 * the cart under `<shopId>/cartBase` with the user it belongs to, so a reload, a later login
 * and the shop's other tabs know which lines were changed here and which elsewhere.
 */
const key = (shopId: string) => `${shopId}/cartBase`;

type Stored = { userId: string; lines: Array<[string, number]> };

/** The base for this user; empty when there is none (a guest's cart, another user's). */
export function readCartBase(shopId: string, userId: string): Map<string, number> {
  try {
    const stored = JSON.parse(localStorage.getItem(key(shopId)) ?? 'null') as Stored | null;
    return stored?.userId === userId && Array.isArray(stored.lines)
      ? new Map(stored.lines.filter(([id, qty]) => typeof id === 'string' && typeof qty === 'number'))
      : new Map();
  } catch {
    return new Map();
  }
}

export function writeCartBase(shopId: string, userId: string, base: CartBase): void {
  try {
    localStorage.setItem(key(shopId), JSON.stringify({ userId, lines: [...base] } satisfies Stored));
  } catch {
    // storage blocked or full: the next pull treats every line as new, as at a first login
  }
}

/** Logout: the emptied cart must not read as lines removed here, to be deleted from the account at the next login. */
export function forgetCartBase(shopId: string): void {
  try {
    localStorage.removeItem(key(shopId));
  } catch {
    // nothing kept, nothing to forget
  }
}
