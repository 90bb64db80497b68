import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderForApi } from '../../../../domain/order.ts';
import type { OrderRepository } from '../../../db/repositories/order-repository.ts';

const NOT_FOUND = { success: false, errorMessage: 'We could not find this order. Please check the link you were sent.' } as const;

/**
 * `GET /api/guest/order/{orderId}` with `Authorization: Bearer <notification token>`
 * (spec §6, §7): one order for whoever holds its token. A wrong or missing token answers
 * exactly like an order that does not exist, so ids cannot be probed.
 */
export const guestOrderRoutes: FastifyPluginAsync<{ orders: OrderRepository; fractionDigits: number }> = async (app, { orders, fractionDigits }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/guest/order/:orderId',
    { schema: { params: z.object({ orderId: z.string().min(1).max(64) }) } },
    async (req, reply) => {
      const token = bearerToken(req.headers.authorization);
      const order = token ? await orders.findForGuest(req.params.orderId, token) : null;
      reply.header('cache-control', 'no-store');
      if (!order) return reply.code(404).send(NOT_FOUND);
      return { success: true, order: orderForApi(order, fractionDigits) };
    },
  );
};

/** The notification token of `Authorization: Bearer …`, or undefined. */
export const bearerToken = (authorization: string | undefined) => /^Bearer\s+(\S{1,200})$/i.exec(authorization ?? '')?.[1];

export { NOT_FOUND as ORDER_NOT_FOUND };
