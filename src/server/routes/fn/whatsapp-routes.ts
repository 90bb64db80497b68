import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WhatsAppRepository } from '../../db/repositories/whatsapp-repository.ts';
import { keepRawBodies, rawBody, parseJson } from '../../plugins/raw-body.ts';
import { errorBody, errorSchema } from '../../plugins/error-body.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import { readNotification, webhookIsGenuine, type WhatsAppSettings } from '../../services/whatsapp-cloud.ts';

type Options = {
  /** The Cloud API's settings: without them the webhook does not exist. */
  settings: WhatsAppSettings | undefined;
  messages: WhatsAppRepository;
  orderEvents: OrderEvents;
  clock: () => number;
};

/** A notification carries up to a thousand statuses or messages; a few hundred kilobytes at most. */
const BODY_LIMIT = 1024 * 1024;

const handshake = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `GET/POST /fn/whatsapp/webhook` (issue 40), the callback URL given in the Meta app's WhatsApp
 * settings. GET is the subscription handshake: `hub.mode=subscribe` with the shop's
 * WHATSAPP_VERIFY_TOKEN is answered with `hub.challenge`. POST is a notification, signed with the
 * app secret over its exact bytes: statuses move the shop's messages on (the order's history shows
 * them), a customer's STOP ends their updates, anything else they write is kept for the owner with
 * their latest order. A database away answers 503 and WhatsApp sends it again; never a 500.
 */
export const whatsappRoutes: FastifyPluginAsync<Options> = async (app, { settings, messages, orderEvents, clock }) => {
  if (!settings) return;

  // the challenge goes back as plain text, as WhatsApp reads it: no JSON answer is declared (a refusal is the usual error body)
  app.withTypeProvider<ZodTypeProvider>().get('/whatsapp/webhook', { schema: { querystring: handshake } }, async (req, reply) => {
    const q = req.query;
    if (q['hub.mode'] !== 'subscribe' || !q['hub.verify_token'] || !sameText(q['hub.verify_token'], settings.verifyToken) || !q['hub.challenge'])
      return reply.code(403).send(errorBody('not_verified', 'The verify token does not match WHATSAPP_VERIFY_TOKEN.'));
    return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
  });

  await app.register(async (hook) => {
    // the signature covers the body's exact bytes: it is kept as they came
    keepRawBodies(hook, BODY_LIMIT);
    hook.post(
      '/whatsapp/webhook',
      { schema: { response: { 200: z.looseObject({ ok: z.literal(true) }), '4xx': errorSchema, 503: errorSchema } } },
      async (req, reply) => {
        const raw = rawBody(req);
        if (!webhookIsGenuine(settings.appSecret, raw, req.headers['x-hub-signature-256'])) {
          req.log.warn('WhatsApp webhook with a wrong signature ignored');
          return reply.code(401).send(errorBody('bad_signature', 'X-Hub-Signature-256 does not match the body.'));
        }
        const notification = readNotification(parseJson(raw));
        if (!notification) return reply.code(400).send(errorBody('bad_notification', 'The body is not a WhatsApp Business Account notification.'));
        try {
          await messages.applyStatuses(notification.statuses);
          for (const message of notification.messages) {
            const outcome = await messages.receive(message, clock());
            req.log.info({ messageId: message.id, outcome }, 'whatsapp message received');
          }
          // a customer's message rings on the owner's board; a status only refreshes it
          const wrote = await messages.ordersOf({ statuses: [], messages: notification.messages });
          for (const orderId of wrote) orderEvents.publish({ orderId, status: '', what: 'message', at: clock() });
          // a message about no order rings too (with no order to name)
          if (wrote.length < new Set(notification.messages.map((m) => m.from)).size)
            orderEvents.publish({ orderId: '', status: '', what: 'message', at: clock() });
          for (const orderId of await messages.ordersOf({ statuses: notification.statuses, messages: [] }))
            if (!wrote.includes(orderId)) orderEvents.publish({ orderId, status: '', what: 'whatsapp', at: clock() });
          return { ok: true } as const;
        } catch (err) {
          req.log.error({ err }, 'WhatsApp notification not recorded: it will be sent again');
          return reply.code(503).send(errorBody('try_later', 'The shop could not record this notification now.'));
        }
      },
    );
  });
};
