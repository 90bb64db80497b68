import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerAlertRepository } from '../../db/repositories/owner-alert-repository.ts';
import { isPushEndpoint } from '../../services/push.ts';
import { fieldsBody } from '../../plugins/error-body.ts';

type Options = { alerts: OwnerAlertRepository; pushServiceOrigin: string | undefined };

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);
const endpoint = z.string().min(1).max(1000);

/**
 * The owner's alerts on this device (issue 18), under /admin/api: `POST alerts` with the
 * browser's push subscription turns them on, `POST alerts/off` turns them off,
 * `POST alerts/status` says whether this browser has them. The endpoint travels in the
 * body, never the address: it is the device's push address. Only the browsers' push
 * services are accepted, as for the shoppers' subscriptions.
 */
export const ownerAlertRoutes: FastifyPluginAsync<Options> = async (app, { alerts, pushServiceOrigin }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/alerts',
    { schema: { body: z.object({ subscription: z.object({ endpoint, keys: z.object({ p256dh: base64url(200), auth: base64url(100) }) }) }) } },
    async (req, reply) => {
      const { subscription } = req.body;
      if (!isPushEndpoint(subscription.endpoint, pushServiceOrigin))
        return reply.code(400).send(fieldsBody([{ path: 'subscription.endpoint', message: 'This is not the address of a browser push service.' }]));
      await alerts.subscribe(req.userId!, subscription);
      req.log.info('owner alerts turned on for a device');
      return { success: true, on: true };
    },
  );

  typed.post('/alerts/off', { schema: { body: z.object({ endpoint }) } }, async (req) => {
    await alerts.unsubscribe(req.userId!, req.body.endpoint);
    return { success: true, on: false };
  });

  typed.post('/alerts/status', { schema: { body: z.object({ endpoint }) } }, async (req) => ({
    success: true,
    on: await alerts.isSubscribed(req.userId!, req.body.endpoint),
  }));
};
