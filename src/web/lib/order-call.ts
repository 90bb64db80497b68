import type { ApiResult } from './api.ts';
import { asUser } from './session.ts';

/**
 * How the browser shows it may act on an order (view, pay, ask to cancel; decision 043):
 * the order's notification token (a guest, the link in the e-mail), or null for the
 * logged-in shopper's own order, asked with their session. The token never goes in a URL
 * the server sees; it travels only as the bearer token.
 */
export type OrderToken = string | null;

/** A call about an order with its credential: the token as bearer, or the session (refreshed once if it expired). */
export function orderCall<T>(token: OrderToken, call: (headers: Record<string, string>) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  return token === null ? asUser(call) : call({ authorization: `Bearer ${token}` });
}
