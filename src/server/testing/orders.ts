import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../db/database.ts';
import { testPersonal } from './fixtures.ts';

/** How many orders the database holds. */
export async function countOrders(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The body of `POST /fn/order/create` as the checkout sends it: a pickup order of one Cotton Tee
 * (Red / M) for Asha, paid on delivery, unless `order` says otherwise (`checkoutOrder({ paymentType: 'upi-manual' })`).
 */
export const checkoutOrder = (order: Record<string, unknown> = {}) => ({
  sfId: 'test-shop',
  order: { items: [{ id: 'tee-red-m', qty: 1 }], deliveryMode: 'pickup', personalDetails: testPersonal(), paymentType: 'pof', ...order },
});

/** Places an order as the checkout does, a guest's unless `headers` sign someone in. */
export const placeOrder = (app: FastifyInstance, body: object = checkoutOrder(), headers: InjectOptions['headers'] = {}) =>
  app.inject({ method: 'POST', url: '/fn/order/create', payload: body, headers });
