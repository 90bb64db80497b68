import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsRepository } from '../../db/repositories/analytics-repository.ts';
import { sessionOf } from '../../plugins/user-session.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { SharedState } from '../../services/shared-state.ts';
import { deviceIdSchema } from '../../input-validation.ts';
import { wrongStore } from '../../plugins/error-body.ts';

const text = (max: number) => z.string().max(max).nullish();

/** §7 analytics/logEvent: the event, the page and the §3 device and session record. */
const eventSchema = z.object({
  event_type: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'An event type is lower-case letters, digits and _.'),
  value: z.string().max(2048),
  sf_id: z.string().max(60),
  localTime: text(64),
  device_id: deviceIdSchema.nullish(),
  session_id: deviceIdSchema.nullish(),
  version: text(20),
  os_name: text(80),
  device_brand: text(80),
  device_model: text(80),
  device_type: text(40),
  user_id: text(64),
});

/** How long events are kept (decision 022): enough for the owner's summaries, not a record of every visit for ever. */
const ANALYTICS_KEPT_MS = 90 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * `POST {serverless}/analytics/logEvent` (§7). Anyone may send events, so each is small,
 * checked and slowed per address; the user is the access token's when one comes with
 * it (the body's user_id is not believed), else none. Events older than 90 days are
 * deleted by a write, at most once an hour per instance: a shop that logs nothing has
 * nothing new to delete.
 */
export const analyticsRoutes: FastifyPluginAsync<{
  shopId: () => string;
  analytics: AnalyticsRepository;
  accessTokens: AccessTokens;
  rateLimits: SharedState['rateLimits'];
  clock: () => number;
}> = async (app, { shopId, analytics, accessTokens, rateLimits, clock }) => {
  await app.register(rateLimit, { ...rateLimits, global: false });
  let prunedAt = -Infinity;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/analytics/logEvent', { config: { rateLimit: { max: 300, timeWindow: '1 minute' } }, schema: { body: eventSchema } }, async (req, reply) => {
      const { event_type, value, sf_id, user_id: _claimed, ...record } = req.body;
      if (sf_id !== shopId()) return reply.code(400).send(wrongStore('sf_id'));
      const session = await sessionOf(req, accessTokens);
      const userId = 'userId' in session ? session.userId : null;
      const now = clock();
      await analytics.log(
        {
          eventType: event_type,
          value,
          deviceId: record.device_id ?? null,
          sessionId: record.session_id ?? null,
          userId,
          record: { ...record, user_id: userId },
        },
        now,
      );
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        try {
          const deleted = await analytics.deleteBefore(now - ANALYTICS_KEPT_MS);
          if (deleted) req.log.info({ deleted }, 'analytics events older than 90 days deleted');
        } catch (err) {
          // the event is stored; the old ones go at the next try, in an hour
          req.log.warn({ err }, 'deleting old analytics events failed');
        }
      }
      return { success: true };
    });
};
