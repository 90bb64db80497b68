import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayBounds } from '../../../domain/booking.ts';
import { orderChannels } from '../../../domain/order-channels.ts';
import { orderForApi, type Order } from '../../../domain/order-view.ts';
import { isOrderStatus, nextStatuses, orderStatuses, type FulfilmentMode } from '../../../domain/order-lifecycle.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { DeviceRepository } from '../../db/repositories/device-repository.ts';
import type { InvoiceRepository } from '../../db/repositories/invoice-repository.ts';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import { invoiceAnswer } from '../../services/invoice-html.ts';
import { NO_INVOICE } from '../not-found.ts';
import type { PaymentRepository } from '../../db/repositories/payment-repository.ts';
import type { RefundRepository } from '../../db/repositories/refund-repository.ts';
import type { StoreRepository } from '../../db/repositories/store-repository.ts';
import { mailOrigin } from '../../public-origin.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import type { Mailer } from '../../services/mailer.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import { tellShopper } from '../../services/order-news.ts';
import type { PushSender } from '../../services/push.ts';
import type { StoreState } from '../../services/store-state.ts';
import { errorBody, fieldsBody } from '../../plugins/error-body.ts';

type Options = {
  /** The config in use now (a reload changes it): read once per request. */
  shop: () => ShopConfig;
  /** The shop's money digits, fixed for the process (decision 048). */
  fractionDigits: number;
  accessTokens: AccessTokens;
  orders: OrderRepository;
  invoices: InvoiceRepository;
  payments: PaymentRepository;
  refunds: RefundRepository;
  devices: DeviceRepository;
  catalog: CatalogCache;
  push: PushSender | undefined;
  mailer: Mailer | undefined;
  publicUrl: string | undefined;
  orderEvents: OrderEvents;
  store: StoreRepository;
  storeState: StoreState;
  clock: () => number;
};

const NOT_FOUND = errorBody('not_found', 'There is no such order.');
const NO_GSTIN = errorBody('no_invoice', "Tax invoices need the shop's GSTIN: add gst (gstin, legalName, address) to the shop config.");

/**
 * The owner's orders (issue 8, decision 024), under /admin/api: the list, one order with
 * where it may go and its audit trail, status moves and payments. Every change is made
 * by the repositories in one transaction with its audit entry, then told to the shopper.
 */
export const ownerOrderRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { shop: shopNow, orders, payments, accessTokens, catalog } = options;
  const forApi = <T extends Order>(order: T) => orderForApi(order, options.fractionDigits);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const idParam = z.object({ id: z.string().min(1).max(64) });

  /**
   * The board's orders, newest first, filtered by any of: statuses (`status=placed,confirmed`),
   * the shop's day they were placed (`day=2026-11-28`), where they came from (`channel`), paid or
   * not (`payment=paid|unpaid`) and `q` — an order number, a name, an e-mail or a phone number.
   */
  const listQuery = z.object({
    status: z.string().max(300).optional(),
    q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
    day: z.iso.date('A day is written 2026-11-28.').optional(),
    channel: z.enum(orderChannels).optional(),
    payment: z.enum(['paid', 'unpaid']).optional(),
  });
  typed.get('/orders', { schema: { querystring: listQuery } }, async (req, reply) => {
    const { status, q, day, channel, payment } = req.query;
    const statuses = (status ?? '').split(',').filter(Boolean);
    const unknown = statuses.filter((s) => !isOrderStatus(s));
    if (unknown.length)
      return reply.code(400).send(fieldsBody([{ path: 'status', message: `One of ${orderStatuses.join(', ')}.` }], `Unknown status: ${unknown.join(', ')}.`));
    const bounds = day ? dayBounds(day, shopNow().timeZone) : undefined;
    const filter = { statuses, q, channel, from: bounds?.start, to: bounds?.end, paid: payment === undefined ? undefined : payment === 'paid' };
    return { success: true, orders: (await orders.listForOwner(filter)).map(forApi) };
  });

  /**
   * The live board's feed (server-sent events): one `order` event per order placed,
   * moved, paid or asked to be cancelled. A comment every 25 s keeps proxies from closing
   * it; the browser reconnects after 3 s when it drops. Open feeds end when the app closes,
   * and when the owner's session ends (logout, password reset): before the next event or
   * beat, not when the connection happens to drop.
   */
  const feeds = new Set<ServerResponse>();
  // the connections feeds were sent on: a shutdown never waits for one a board left half-closed
  const sockets = new Set<Socket>();
  app.addHook('preClose', async () => {
    for (const feed of feeds) feed.end();
    for (const socket of sockets) socket.destroy();
  });
  app.get('/events', async (req, reply) => {
    const sessionId = req.sessionId!;
    reply.hijack();
    const feed = reply.raw;
    feed.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
    feed.write('retry: 3000\n\n');
    feeds.add(feed);
    const socket = feed.socket;
    if (socket) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    const write = (text: string) => void (feed.writableEnded || feed.destroyed ? undefined : feed.write(text));
    const send = async (text: string) => {
      if (await accessTokens.sessionEnded(sessionId).catch(() => false)) feed.end();
      else write(text);
    };
    const stop = options.orderEvents.subscribe(
      (event) => void send(`event: ${event.what === 'booked' ? 'booking' : 'order'}\ndata: ${JSON.stringify(event)}\n\n`),
    );
    const beat = setInterval(() => void send(': still here\n\n'), 25_000);
    // the board went away (or the app ended the feed): stop writing to it
    feed.on('close', () => {
      clearInterval(beat);
      stop();
      feeds.delete(feed);
    });
  });

  /** The shop's open / closed switch: closed, the storefront says so and orders are refused. */
  typed.get('/store', async () => ({ success: true, open: await options.store.isOpen() }));
  typed.post('/store', { schema: { body: z.object({ open: z.boolean() }) } }, async (req) => {
    await options.store.setOpen(req.body.open, req.userId!);
    options.storeState.invalidate();
    req.log.info({ open: req.body.open }, 'the owner switched the shop');
    return { success: true, open: req.body.open };
  });

  typed.get('/orders/:id', { schema: { params: idParam } }, async (req, reply) => {
    const order = await orders.ownerView(req.params.id);
    if (!order) return reply.code(404).send(NOT_FOUND);
    return { success: true, order: forApi(order), next: nextStatuses(order.status, order.deliveryMode as FulfilmentMode) };
  });

  typed.get('/orders/:id/invoice', { schema: { params: idParam } }, async (req, reply) => {
    const shop = shopNow();
    const invoice = await options.invoices.forOrder(req.params.id);
    if (!invoice) return reply.code(404).send(shop.gst ? NO_INVOICE : NO_GSTIN);
    return invoiceAnswer(invoice, shop);
  });

  typed.post('/orders/:id/status', { schema: { params: idParam, body: z.object({ status: z.enum(orderStatuses) }) } }, async (req, reply) => {
    const shop = shopNow();
    const change = await orders.setStatus(req.params.id, req.body.status, req.userId!, options.clock());
    if (!change.ok) {
      if (change.reason === 'not_found') return reply.code(404).send(NOT_FOUND);
      return reply
        .code(409)
        .send(
          errorBody('not_allowed', `The order is ${change.status}: it cannot become ${req.body.status}.`, { status: change.status, allowed: change.allowed }),
        );
    }
    if (change.to === 'cancelled' || change.to === 'rejected') catalog.invalidate();
    options.orderEvents.publish({ orderId: change.order.id, status: change.to, what: 'status', at: options.clock() });
    req.log.info({ orderId: change.order.id, from: change.from, to: change.to }, 'order status changed by the owner');
    // after the answer, like the order e-mail: a slow mail server never holds up the owner
    void tellShopper(
      { shop, devices: options.devices, push: options.push, mailer: options.mailer, log: req.log, origin: mailOrigin(req, options.publicUrl, options.mailer) },
      change,
    );
    return { success: true, order: forApi(change.order), next: nextStatuses(change.to, change.order.deliveryMode as FulfilmentMode) };
  });

  typed.post('/orders/:id/refund', { schema: { params: idParam, body: z.object({ reference: z.string().trim().max(64).optional() }) } }, async (req, reply) => {
    const result = await options.refunds.markRefunded(req.params.id, req.userId!, req.body.reference || null, options.clock());
    if (result.ok) {
      const order = await orders.ownerView(req.params.id);
      options.orderEvents.publish({ orderId: req.params.id, status: order?.status ?? '', what: 'refunded', at: options.clock() });
      req.log.info({ orderId: req.params.id }, 'refund marked done by the owner');
      return { success: true, order: order && forApi(order) };
    }
    if (result.reason === 'not_found') return reply.code(404).send(NOT_FOUND);
    const messages = {
      no_refund: 'This order owes no refund: it was not paid, or it was not cancelled or rejected.',
      already_refunded: 'This refund is marked done already.',
    } as const;
    return reply.code(409).send(errorBody(result.reason, messages[result.reason]));
  });

  typed.post(
    '/orders/:id/paid',
    { schema: { params: idParam, body: z.object({ reference: z.string().trim().min(4).max(64).optional() }) } },
    async (req, reply) => {
      const result = await payments.markPaid(req.params.id, req.userId!, req.body.reference ?? null, options.clock());
      if (result.ok) {
        const order = await orders.view(req.params.id);
        options.orderEvents.publish({ orderId: req.params.id, status: order?.status ?? '', what: 'paid', at: options.clock() });
        return { success: true, order: order && forApi(order) };
      }
      if (result.reason === 'not_found') return reply.code(404).send(NOT_FOUND);
      const messages = {
        already_paid: 'The order is paid already.',
        order_ended: 'The order was cancelled or rejected: it takes no payment.',
        no_payment: 'The order takes no payment (an enquiry).',
        provider: 'PayU settles its own payments.',
        reference: 'Give the UPI reference from your statement.',
      } as const;
      return reply.code(409).send(errorBody(result.reason, messages[result.reason]));
    },
  );
};
