import { hasSessionCookie, useSession, type SessionUser } from './session.ts';
import { keepUserValue, userStorageKey, userValue } from './user-storage.ts';

/**
 * What the session does to the shop's 'user' collection (§9): while logged in it holds who
 * the shopper is; once the browser holds no session (logout, or a page finding none) it
 * forgets them, and every other tab of the shop that still shows them logged in logs out
 * too (§4: logout clears the user). A refresh that failed for want of a network leaves the
 * session marker, and so the other tabs, alone.
 * @internal Exported for its unit test only (a test seam): each storage event's answer is tested without tabs and a session.
 */
export function rememberedUserAction(
  stored: SessionUser | undefined,
  status: 'unknown' | 'guest' | 'user',
  user: SessionUser | null,
  signedIn: boolean,
): 'keep' | 'forget' | null {
  if (status === 'user' && user) return JSON.stringify(stored) === JSON.stringify(user) ? null : 'keep';
  if (status === 'guest' && stored && !signedIn) return 'forget';
  return null;
}

/**
 * Keeps the 'user' collection in step with the session, and follows a logout made in another
 * tab; returns what stops it. Loaded after hydration (root.tsx): nothing on screen needs it.
 */
export function followRememberedUser(shopId: string): () => void {
  const sync = () => {
    const { status, user } = useSession.getState();
    const action = rememberedUserAction(userValue(shopId, 'user'), status, user, hasSessionCookie());
    if (action === 'keep') keepUserValue(shopId, 'user', user!);
    else if (action === 'forget') keepUserValue(shopId, 'user', undefined);
  };
  sync();
  const unsubscribe = useSession.subscribe(sync);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== userStorageKey(shopId)) return;
    // another tab logged out: the session (and its cookie) is gone for this one as well
    if (useSession.getState().status === 'user' && !userValue(shopId, 'user') && !hasSessionCookie()) useSession.getState().signOut();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
