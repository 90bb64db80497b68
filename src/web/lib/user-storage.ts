import type { SessionUser } from './session.ts';

/**
 * §9: "Local storage is per shop; collections 'cart' and 'user'." The 'user' collection is
 * one entry, `<shopId>/user` beside `<shopId>/cart`, holding what this browser keeps about
 * its shopper between visits: the country found for them, the device id and its secret,
 * and while they are logged in who they are (never a token: those stay in memory and in
 * the HttpOnly cookie; decision 043). Values kept under their own keys before
 * (`<shopId>/country`, `<shopId>/device`, `<shopId>/deviceSecret`) move in on the first
 * read, so an upgrade loses no device (and no push subscription tied to it).
 */
export type UserCollection = { country?: string; device?: string; deviceSecret?: string; user?: SessionUser };

export const userStorageKey = (shopId: string) => `${shopId}/user`;

/** The values that had keys of their own before the collection. */
const MOVED_IN = ['country', 'device', 'deviceSecret'] as const;

function parse(text: string | null): UserCollection {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as UserCollection) : {};
  } catch {
    // a damaged entry must not break the shop: start again
    return {};
  }
}

/**
 * The collection, with any value still under its old key moved in (and the old key removed). Empty where storage is refused.
 * @internal Exported for its unit test only (a test seam): the move from the old keys is tested on storage alone.
 */
export function readUserCollection(shopId: string): UserCollection {
  try {
    const collection = parse(localStorage.getItem(userStorageKey(shopId)));
    let moved = false;
    for (const name of MOVED_IN) {
      const old = localStorage.getItem(`${shopId}/${name}`);
      if (old === null) continue;
      collection[name] ??= old;
      moved = true;
    }
    if (moved) {
      localStorage.setItem(userStorageKey(shopId), JSON.stringify(collection));
      for (const name of MOVED_IN) localStorage.removeItem(`${shopId}/${name}`);
    }
    return collection;
  } catch {
    return {};
  }
}

export function userValue<K extends keyof UserCollection>(shopId: string, name: K): UserCollection[K] | undefined {
  return readUserCollection(shopId)[name];
}

/** Keeps one value of the collection, or with undefined forgets it; storage that refuses (private mode) keeps nothing. */
export function keepUserValue<K extends keyof UserCollection>(shopId: string, name: K, value: UserCollection[K] | undefined): void {
  const collection = readUserCollection(shopId);
  if (value === undefined) delete collection[name];
  else collection[name] = value;
  try {
    localStorage.setItem(userStorageKey(shopId), JSON.stringify(collection));
  } catch {
    // private mode: asked or made again next time
  }
}
