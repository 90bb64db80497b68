import type { FastifyRequest } from 'fastify';
import type { Order } from '../../../domain/order-view.ts';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import { sessionOf, type ACCESS_TOKEN_EXPIRED, type INVALID_CREDENTIALS } from '../../plugins/user-session.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import { bearerToken } from '../../plugins/user-session.ts';
import { ORDER_NOT_FOUND } from '../not-found.ts';

export type OrderCaller = { orders: OrderRepository; accessTokens: AccessTokens };

/** The order a call may act on, or what to answer instead. */
export type CallerOrder =
  { order: Order } | { status: 401; body: typeof ACCESS_TOKEN_EXPIRED | typeof INVALID_CREDENTIALS } | { status: 404; body: typeof ORDER_NOT_FOUND };

/**
 * Who may act on an order (view it, pay it, ask to cancel it; decision 043): whoever holds
 * its notification token (a guest, the link in the e-mail), or the account that placed it,
 * by its access token. Both come as `Authorization: Bearer …`; an access token is a JWT
 * (it has dots), a notification token never has one. Another account's order answers
 * exactly like a missing one; an expired access token answers §8's 401, so the browser
 * refreshes and asks again.
 */
export async function orderForCaller(req: FastifyRequest, orderId: string, { orders, accessTokens }: OrderCaller): Promise<CallerOrder> {
  const notFound = { status: 404 as const, body: ORDER_NOT_FOUND };
  const header = req.headers.authorization ?? '';
  if (header.includes('.')) {
    const session = await sessionOf(req, accessTokens);
    if ('reply' in session) return session.reply;
    const order = session.userId ? await orders.findForUser(orderId, session.userId) : null;
    return order ? { order } : notFound;
  }
  const token = bearerToken(header);
  const order = token ? await orders.findForGuest(orderId, token) : null;
  return order ? { order } : notFound;
}
