import { create } from 'zustand';
import type { AuthErrorCode } from '../../domain/auth-messages.ts';
import { postJson, type ApiResult } from './api.ts';
import { notify } from './notify.ts';

/**
 * The shopper's session (spec §4 Session): the user and the access token, in memory
 * only. The refresh token is an HttpOnly cookie the page never sees; a readable marker
 * cookie says whether there is one, so a guest's page load asks the server nothing.
 */
export type SessionUser = { id: string; name: string; email: string | null; phoneNumber: string | null; whatsappUpdates?: boolean };
export type AuthAnswer = { success: boolean; authToken: string | null; user: SessionUser | null; errorCode: string | null; errorMessage: string | null };

type SessionState = {
  /** 'unknown' until the page has asked (or had no reason to ask). */
  status: 'unknown' | 'guest' | 'user';
  user: SessionUser | null;
  token: string | null;
  signIn(answer: AuthAnswer): void;
  signOut(): void;
};

export const useSession = create<SessionState>()((set) => ({
  status: 'unknown',
  user: null,
  token: null,
  signIn: (answer) => set({ status: 'user', user: answer.user, token: answer.authToken }),
  signOut: () => set({ status: 'guest', user: null, token: null }),
}));

const SIGNED_IN = /(?:^|;\s*)sf_signed_in=1(?:;|$)/;
/** Whether the browser holds a session at all (the server sets and clears this marker with the refresh cookie). */
export const hasSessionCookie = () => SIGNED_IN.test(document.cookie);

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the refresh cookie for a new access token. Every request that meets an expired
 * token waits for the same one refresh (§4: one shared refresh for all in flight).
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= postJson<AuthAnswer>('/api/auth/refresh', {})
    .then((res) => {
      if (res.ok && res.data.success) {
        useSession.getState().signIn(res.data);
        return true;
      }
      useSession.getState().signOut();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** On page load: a returning shopper gets their session back; a guest costs no request. */
export async function restoreSession(): Promise<void> {
  if (useSession.getState().status !== 'unknown') return;
  if (!hasSessionCookie()) return useSession.getState().signOut();
  await refreshSession();
}

/**
 * Whether an answer is §8's 'access token expired' 401, told by its stable code (decision
 * 057), not by its words: the one 401 a refresh can mend.
 */
const EXPIRED: AuthErrorCode = 'access_token_expired';
export const accessTokenExpired = (status: number, body: unknown) =>
  status === 401 && typeof body === 'object' && body !== null && (body as { errorCode?: unknown }).errorCode === EXPIRED;
const expired = (res: ApiResult<unknown>) => !res.ok && accessTokenExpired(res.status, res.error);

/**
 * A call as the logged-in shopper: with the access token, and on §8's 'access token
 * expired' one shared refresh and one retry. When the refresh fails the shopper is
 * logged out with §8's warning.
 */
export async function asUser<T>(call: (headers: Record<string, string>) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const headers = (): Record<string, string> => {
    const token = useSession.getState().token;
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  const first = await call(headers());
  if (!expired(first)) return first;
  if (await refreshSession()) return call(headers());
  // the server's words for it, loaded only when needed (they are not part of any page's first load)
  void import('../../domain/auth-messages.ts').then(({ authMessages }) => notify({ type: 'warning', message: authMessages.sessionExpired }));
  return first;
}

/** Logout (§4): the server forgets the session; the page forgets user and token. */
export async function logOut(): Promise<void> {
  await postJson('/api/auth/logout', {});
  useSession.getState().signOut();
}
