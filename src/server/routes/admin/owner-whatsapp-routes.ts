import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import type { WhatsAppRepository } from '../../db/repositories/whatsapp-repository.ts';
import { errorBody } from '../../plugins/error-body.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import type { WhatsAppCloud } from '../../services/whatsapp-cloud.ts';

type Options = {
  /** WhatsApp's Cloud API: without it the call does not exist. */
  cloud: WhatsAppCloud | undefined;
  messages: WhatsAppRepository;
  orders: OrderRepository;
  orderEvents: OrderEvents;
  clock: () => number;
};

const NOT_FOUND = errorBody('not_found', 'There is no such order.');

const WINDOW_CLOSED =
  "The customer has not written on WhatsApp in the last 24 hours, and WhatsApp delivers only the shop's templates then. Use 'Message the customer on WhatsApp' from your own phone.";
const replyBody = z.object({ text: z.string().trim().min(1, 'Write the reply.').max(2000) });
const idParam = z.object({ id: z.string().min(1).max(200) });

/**
 * The owner's side of WhatsApp conversations (issue 40). `POST /admin/api/orders/:id/whatsapp-reply`:
 * the owner answers, from the order, a customer who wrote to the shop's WhatsApp about it;
 * `GET /admin/api/whatsapp/messages` lists what customers wrote lately (with or without an order) and
 * `POST /admin/api/whatsapp/messages/:id/reply` answers one. WhatsApp delivers a free-form text only
 * within 24 hours of the customer's last message (and it costs nothing then), so the call refuses
 * outside that window; the reply and its statuses join the order's history.
 */
export const ownerWhatsAppRoutes: FastifyPluginAsync<Options> = async (app, { cloud, messages, orders, orderEvents, clock }) => {
  if (!cloud) return;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** Sends the owner's text in the open window and keeps it; the answer says why not when it did not go. */
  async function sendReply(req: FastifyRequest, reply: FastifyReply, window: { to: string } | null, orderId: string | null, text: string) {
    if (!window) return reply.code(409).send(errorBody('window_closed', WINDOW_CLOSED));
    const sent = await cloud!.sendText(window.to, text);
    if (!sent.ok) {
      req.log.warn({ orderId, reason: sent.reason }, 'whatsapp reply not sent');
      return reply.code(502).send(errorBody('not_sent', `WhatsApp did not take the reply (${sent.reason}). Try again in a moment.`));
    }
    await messages.recordReply({ orderId, to: window.to, text, by: req.userId!, wamid: sent.wamid }, clock());
    if (orderId) orderEvents.publish({ orderId, status: '', what: 'whatsapp', at: clock() });
    return { success: true } as const;
  }

  typed.post('/orders/:id/whatsapp-reply', { schema: { params: idParam, body: replyBody } }, async (req, reply) => {
    const orderId = req.params.id;
    if (!(await orders.view(orderId))) return reply.code(404).send(NOT_FOUND);
    return sendReply(req, reply, await messages.replyWindow(orderId, clock()), orderId, req.body.text);
  });

  /** The customers' latest messages, for the list under Today: with their order, and whether a free reply is still open. */
  typed.get('/whatsapp/messages', async () => ({ success: true, messages: await messages.latestReceived(clock()) }));

  /** A reply to the number a message came from (one about no order, or from the list), within 24 hours of its last message. */
  typed.post('/whatsapp/messages/:id/reply', { schema: { params: idParam, body: replyBody } }, async (req, reply) => {
    const window = await messages.replyWindowOfMessage(req.params.id, clock());
    if (window === undefined) return reply.code(404).send(errorBody('not_found', 'There is no such message.'));
    return sendReply(req, reply, window, window?.orderId ?? null, req.body.text);
  });
};
