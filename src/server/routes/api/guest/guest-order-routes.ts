import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderForApi } from '../../../../domain/order-view.ts';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import type { InvoiceRepository } from '../../../db/repositories/invoice-repository.ts';
import type { OrderRepository } from '../../../db/repositories/order-repository.ts';
import { bearerToken } from '../../../plugins/user-session.ts';
import type { TableBillRepository } from '../../../db/repositories/table-bill-repository.ts';
import { shopperBill } from '../shopper-bill.ts';
import { invoiceAnswer } from '../../../services/invoice-html.ts';
import { NO_INVOICE } from '../../not-found.ts';
import { ORDER_NOT_FOUND } from '../../not-found.ts';

/**
 * `GET /api/guest/order/{orderId}` with `Authorization: Bearer <notification token>`
 * (spec §6, §7): one order for whoever holds its token. A wrong or missing token answers
 * exactly like an order that does not exist, so ids cannot be probed.
 */
export const guestOrderRoutes: FastifyPluginAsync<{
  orders: OrderRepository;
  invoices: InvoiceRepository;
  tableBills: TableBillRepository;
  shop: () => ShopConfig;
}> = async (app, { orders, invoices, tableBills, shop: shopNow }) => {
  const params = { params: z.object({ orderId: z.string().min(1).max(64) }) };
  /** The order whose token came with the request; null (answered like a missing one) otherwise. Never cached. */
  async function guestOrder(req: FastifyRequest<{ Params: { orderId: string } }>, reply: FastifyReply) {
    const token = bearerToken(req.headers.authorization);
    reply.header('cache-control', 'no-store');
    return token ? orders.findForGuest(req.params.orderId, token) : null;
  }

  app.withTypeProvider<ZodTypeProvider>().get('/guest/order/:orderId', { schema: params }, async (req, reply) => {
    const shop = shopNow();
    const order = await guestOrder(req, reply);
    if (!order) return reply.code(404).send(ORDER_NOT_FOUND);
    const digits = shop.localeConfig.fractionDigits;
    // at a table, the table's running bill too (issue 41)
    return { success: true, order: orderForApi(order, digits), bill: await shopperBill(tableBills, order.id, shop, digits) };
  });

  /** `GET /api/guest/order/{orderId}/invoice`, with the same token: the order's tax invoice as a printable page. */
  app.withTypeProvider<ZodTypeProvider>().get('/guest/order/:orderId/invoice', { schema: params }, async (req, reply) => {
    const shop = shopNow();
    const order = await guestOrder(req, reply);
    if (!order) return reply.code(404).send(ORDER_NOT_FOUND);
    const invoice = await invoices.forOrder(order.id);
    if (!invoice) return reply.code(404).send(NO_INVOICE);
    return invoiceAnswer(invoice, shop);
  });
};
