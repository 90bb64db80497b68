import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import { wrongStore } from '../../plugins/error-body.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import { cancelAnswer, orderRefusals, refusals } from './order-answers.ts';
import { orderForCaller } from './order-caller.ts';

/**
 * `POST /fn/order/cancelRequest` {sfId, orderId} (spec §7). The spec's payload names no
 * credential; an order id alone must not cancel someone's order, so the order's
 * notification token comes as the bearer token, as for the guest view (decision 015), or
 * the access token of the account that placed it (decision 043).
 */
export const cancelRequestRoutes: FastifyPluginAsync<{
  shop: () => ShopConfig;
  orders: OrderRepository;
  accessTokens: AccessTokens;
  catalog: CatalogCache;
  orderEvents: OrderEvents;
}> = async (app, { shop: shopNow, orders, accessTokens, catalog, orderEvents }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/order/cancelRequest',
    {
      schema: {
        body: z.object({ sfId: z.string().max(60), orderId: z.string().min(1).max(64) }),
        response: { 200: cancelAnswer, ...refusals, ...orderRefusals },
      },
    },
    async (req, reply) => {
      const shop = shopNow();
      if (req.body.sfId !== shop.id) return reply.code(400).send(wrongStore('sfId'));
      const found = await orderForCaller(req, req.body.orderId, { orders, accessTokens });
      if (!('order' in found)) return reply.code(found.status).send(found.body);
      const { order } = found;
      const outcome = await orders.requestCancel(order.id);
      if (outcome === 'cancelled') catalog.invalidate();
      orderEvents.publish({ orderId: order.id, status: outcome === 'cancelled' ? 'cancelled' : order.status, what: 'cancel_requested', at: Date.now() });
      req.log.info({ orderId: order.id, outcome }, 'order cancel request');
      return { success: true as const, status: outcome === 'cancelled' ? 'cancelled' : order.status, cancelRequested: true as const };
    },
  );
};
