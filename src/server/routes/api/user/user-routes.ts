import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shippingDetailsSchema } from '../../../../domain/order.ts';
import { orderForApi } from '../../../../domain/order-view.ts';
import type { AddressRepository } from '../../../db/repositories/address-repository.ts';
import type { CartRepository } from '../../../db/repositories/cart-repository.ts';
import type { DeviceRepository } from '../../../db/repositories/device-repository.ts';
import type { TableBillRepository } from '../../../db/repositories/table-bill-repository.ts';
import { shopperBill } from '../shopper-bill.ts';
import type { InvoiceRepository } from '../../../db/repositories/invoice-repository.ts';
import type { OrderRepository } from '../../../db/repositories/order-repository.ts';
import { publicUser, type UserRepository } from '../../../db/repositories/user-repository.ts';
import { requireUser } from '../../../plugins/user-session.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import { invoiceAnswer } from '../../../services/invoice-html.ts';
import { NO_INVOICE } from '../../not-found.ts';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import { ORDER_NOT_FOUND } from '../../not-found.ts';
import { errorBody } from '../../../plugins/error-body.ts';
import { nameField } from '../../../services/account-fields.ts';

type Options = {
  accessTokens: AccessTokens;
  users: UserRepository;
  orders: OrderRepository;
  addresses: AddressRepository;
  carts: CartRepository;
  devices: DeviceRepository;
  invoices: InvoiceRepository;
  tableBills: TableBillRepository;
  shop: () => ShopConfig;
  fractionDigits: number;
};

const NOT_FOUND = errorBody('not_found', 'There is no such address.');

/**
 * The logged-in user's own data (spec §7 api/user/…): orders, saved addresses, cart, name.
 * Every call needs a valid access token, and every query is scoped to its user: another
 * user's id answers 404, like one that does not exist. Ids in bodies are ignored.
 */
export const userRoutes: FastifyPluginAsync<Options> = async (
  app,
  { accessTokens, users, orders, addresses, carts, devices, invoices, tableBills, shop, fractionDigits },
) => {
  app.addHook('preHandler', requireUser(accessTokens));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const addressBody = shippingDetailsSchema.strip();
  const idParam = z.object({ id: z.string().min(1).max(64) });

  typed.get('/user/orders', async (req) => (await orders.listForUser(req.userId!)).map((o) => orderForApi(o, fractionDigits)));
  // one of them in full, for the account's order view; another user's answers like a missing one
  typed.get('/user/orders/:id', { schema: { params: idParam } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const order = await orders.findForUser(req.params.id, req.userId!);
    if (!order) return reply.code(404).send(ORDER_NOT_FOUND);
    // at a table, the table's running bill too (issue 41)
    return { success: true, order: orderForApi(order, fractionDigits), bill: await shopperBill(tableBills, order.id, shop(), fractionDigits) };
  });
  // its tax invoice, as the guest's token gets it (GET /api/guest/order/{id}/invoice)
  typed.get('/user/orders/:id/invoice', { schema: { params: idParam } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const order = await orders.findForUser(req.params.id, req.userId!);
    if (!order) return reply.code(404).send(ORDER_NOT_FOUND);
    const invoice = await invoices.forOrder(order.id);
    return invoice ? invoiceAnswer(invoice, shop()) : reply.code(404).send(NO_INVOICE);
  });

  typed.get('/user/addresses', async (req) => addresses.list(req.userId!));
  typed.post('/user/addresses', { schema: { body: addressBody } }, async (req) => addresses.create(req.userId!, req.body));
  typed.post('/user/addresses/:id', { schema: { params: idParam, body: addressBody } }, async (req, reply) => {
    const saved = await addresses.update(req.userId!, req.params.id, req.body);
    return saved ?? reply.code(404).send(NOT_FOUND);
  });
  typed.delete('/user/addresses/:id', { schema: { params: idParam } }, async (req, reply) => {
    return (await addresses.remove(req.userId!, req.params.id)) ? { success: true } : reply.code(404).send(NOT_FOUND);
  });

  // the cart: product id and quantity are all the server keeps; a cart item's other fields are ignored
  const productParam = z.object({ id: z.string().min(1).max(120) });
  typed.get('/user/cart', async (req) => carts.list(req.userId!));
  typed.post(
    '/user/cart/:id',
    { schema: { params: productParam, body: z.object({ qty: z.number().finite().positive().max(100_000) }) } },
    async (req, reply) => {
      if (!(await carts.set(req.userId!, req.params.id, req.body.qty)))
        return reply.code(400).send(errorBody('bad_request', 'There is no such product, or the quantity does not fit it.'));
      return { success: true };
    },
  );
  typed.delete('/user/cart/:id', { schema: { params: productParam } }, async (req) => {
    await carts.remove(req.userId!, req.params.id);
    return { success: true };
  });
  typed.delete('/user/cart', async (req) => {
    await carts.clear(req.userId!);
    return { success: true };
  });

  // the devices the user is logged in on, and stopping push to one of them
  typed.get('/user/devices', async (req) => devices.listForUser(req.userId!));
  typed.delete('/user/devices/:id', { schema: { params: idParam } }, async (req, reply) => {
    return (await devices.forget(req.userId!, req.params.id)) ? { success: true } : reply.code(404).send(errorBody('not_found', 'There is no such device.'));
  });

  typed.post('/user/updateName', { schema: { body: z.object({ newName: nameField }) } }, async (req) => {
    const user = await users.rename(req.userId!, req.body.newName);
    return { success: true, user: user ? publicUser(user) : null };
  });
};
