import type { FastifyPluginAsync } from 'fastify';
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

/**
 * `POST /admin/api/orders/:id/whatsapp-reply` (issue 40): the owner answers, from the order, a
 * customer who wrote to the shop's WhatsApp about it. WhatsApp delivers a free-form text only
 * within 24 hours of the customer's last message (and it costs nothing then), so the call refuses
 * outside that window; the reply and its statuses join the order's history.
 */
export const ownerWhatsAppRoutes: FastifyPluginAsync<Options> = async (app, { cloud, messages, orders, orderEvents, clock }) => {
  if (!cloud) return;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/orders/:id/whatsapp-reply',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({ text: z.string().trim().min(1, 'Write the reply.').max(2000) }),
      },
    },
    async (req, reply) => {
      const orderId = req.params.id;
      if (!(await orders.view(orderId))) return reply.code(404).send(NOT_FOUND);
      const window = await messages.replyWindow(orderId, clock());
      if (!window)
        return reply
          .code(409)
          .send(
            errorBody(
              'window_closed',
              "The customer has not written on WhatsApp about this order in the last 24 hours, and WhatsApp delivers only the shop's templates then. Use 'Message the customer on WhatsApp' from your own phone.",
            ),
          );
      const sent = await cloud.sendText(window.to, req.body.text);
      if (!sent.ok) {
        req.log.warn({ orderId, reason: sent.reason }, 'whatsapp reply not sent');
        return reply.code(502).send(errorBody('not_sent', `WhatsApp did not take the reply (${sent.reason}). Try again in a moment.`));
      }
      await messages.recordReply({ orderId, to: window.to, text: req.body.text, by: req.userId!, wamid: sent.wamid }, clock());
      orderEvents.publish({ orderId, status: '', what: 'whatsapp', at: clock() });
      return { success: true } as const;
    },
  );
};
