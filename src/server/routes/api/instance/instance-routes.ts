import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DeviceRepository } from '../../../db/repositories/device-repository.ts';
import { deviceIdSchema } from '../../../input-validation.ts';
import { sessionOf } from '../../../plugins/user-session.ts';
import type { AccessTokens } from '../../../services/access-tokens.ts';
import { isPushEndpoint, type PushSender } from '../../../services/push.ts';
import type { SharedState } from '../../../services/shared-state.ts';
import { errorBody, fieldsBody } from '../../../plugins/error-body.ts';

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);
const subscriptionSchema = z.object({ endpoint: z.string().max(1000), keys: z.object({ p256dh: base64url(200), auth: base64url(100) }) });

/**
 * `fcmToken` carries the browser's push subscription (decision 022): the JSON of
 * `PushSubscription`, as a string or an object; null when there is none (permission
 * not given, or logout).
 */
const fcmTokenSchema = z
  .union([
    subscriptionSchema,
    z
      .string()
      .max(2000)
      .transform((text, ctx) => {
        try {
          return subscriptionSchema.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'fcmToken must be a push subscription (PushSubscription.toJSON()).' });
          return z.NEVER;
        }
      }),
  ])
  .nullish();

type Options = {
  devices: DeviceRepository;
  accessTokens: AccessTokens;
  push: PushSender | undefined;
  pushServiceOrigin?: string | undefined;
  rateLimits: SharedState['rateLimits'];
};

/** The answer to a registration of a device id this browser does not hold the secret of. */
const DEVICE_SECRET_REFUSED = errorBody('device_secret', 'This device is registered by another browser. Register it under a new device id.');

/**
 * `POST /api/instance/updateFcmToken` {fcmToken, deviceId, userId, deviceSecret} (§7): the
 * device and its push subscription. The user is the access token's, never the body's
 * userId; without a token the device is attached to no user (§4: logout). The
 * `deviceSecret` the browser made and keeps beside its id binds the device at its first
 * registration (issue 25; one that brings none is answered one made here); every later
 * one must bring it, or is refused (403) and changes nothing (issue 20).
 * `GET /api/instance/pushKey`: the VAPID public key the browser subscribes with.
 */
export const instanceRoutes: FastifyPluginAsync<Options> = async (app, { devices, accessTokens, push, pushServiceOrigin, rateLimits }) => {
  await app.register(rateLimit, { ...rateLimits, global: false });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/instance/pushKey', async (_req, reply) => {
    if (!push) return reply.code(404).send(errorBody('not_found', 'This shop sends no push notifications.'));
    return { publicKey: push.publicKey };
  });

  typed.post(
    '/instance/updateFcmToken',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: z.object({
          fcmToken: fcmTokenSchema,
          deviceId: deviceIdSchema,
          userId: z.string().max(64).nullish(),
          // 32 random bytes, base64url: a secret that binds a device must not be guessable
          deviceSecret: z
            .string()
            .regex(/^[\w-]{43}$/)
            .nullish(),
        }),
      },
    },
    async (req, reply) => {
      const session = await sessionOf(req, accessTokens);
      if ('reply' in session) return reply.code(session.reply.status).send(session.reply.body);
      const subscription = req.body.fcmToken ?? null;
      if (subscription && !isPushEndpoint(subscription.endpoint, pushServiceOrigin)) {
        return reply.code(400).send(fieldsBody([{ path: 'fcmToken', message: 'This is not the address of a browser push service.' }]));
      }
      const registered = await devices.register({ deviceId: req.body.deviceId, userId: session.userId, subscription, secret: req.body.deviceSecret ?? null });
      if (!registered.ok) return reply.code(403).send(DEVICE_SECRET_REFUSED);
      return registered.secret ? { success: true, deviceSecret: registered.secret } : { success: true };
    },
  );
};
