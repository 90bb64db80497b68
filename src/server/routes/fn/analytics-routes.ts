import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsRepository } from '../../db/repositories/analytics-repository.ts';
import { clientAddress } from '../../client-address.ts';
import { sessionOf } from '../../plugins/user-session.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { SharedState } from '../../services/shared-state.ts';
import { deviceIdSchema } from '../../input-validation.ts';
import { errorBody, wrongStore } from '../../plugins/error-body.ts';

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
 * How many events a UTC day stores (decision 077): for one client (an IPv4 address or an
 * IPv6 /64, which a few shoppers may share: a shopper's visit sends one to a few dozen), and
 * for all clients together (ANALYTICS_EVENTS_PER_DAY). Past either, an event is answered as
 * if stored, so no client sends it again, and not stored: the owner's analytics are theirs,
 * not a disk for anyone to fill.
 */
export const ANALYTICS_LIMITS = { perClient: 200, perDay: 5000 };
export type AnalyticsLimits = typeof ANALYTICS_LIMITS;

/**
 * The most one event stores of what the client sent, its value and its device record (UTF-8):
 * a shopper's is about 300 bytes. At this size two rows still share a 4 KB SQLite page;
 * at 1,900 one takes a page of its own, twice the disk (decision 077).
 */
const MAX_EVENT_BYTES = 1536;

/**
 * `POST {serverless}/analytics/logEvent` (§7). Anyone may send events, so each is small,
 * checked, slowed per address and stored within its client's and the day's budgets; the
 * user is the access token's when one comes with it (the body's user_id is not believed),
 * else none. Events older than 90 days, and the budgets of past days, are deleted by a
 * write, at most once an hour per instance: a shop that logs nothing has nothing new to delete.
 */
export const analyticsRoutes: FastifyPluginAsync<{
  shopId: () => string;
  analytics: AnalyticsRepository;
  accessTokens: AccessTokens;
  rateLimits: SharedState['rateLimits'];
  limits: AnalyticsLimits;
  clock: () => number;
}> = async (app, { shopId, analytics, accessTokens, rateLimits, limits, clock }) => {
  await app.register(rateLimit, { ...rateLimits, global: false });
  let prunedAt = -Infinity;
  let fullDayTold = -1;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/analytics/logEvent', { config: { rateLimit: { max: 300, timeWindow: '1 minute' } }, schema: { body: eventSchema } }, async (req, reply) => {
      const { event_type, value, sf_id, user_id: _claimed, ...record } = req.body;
      if (sf_id !== shopId()) return reply.code(400).send(wrongStore('sf_id'));
      const session = await sessionOf(req, accessTokens);
      const userId = 'userId' in session ? session.userId : null;
      const stored = { ...record, user_id: userId };
      if (Buffer.byteLength(value) + Buffer.byteLength(JSON.stringify(stored)) > MAX_EVENT_BYTES) {
        return reply
          .code(400)
          .send(errorBody('event_too_large', `An analytics event is at most ${MAX_EVENT_BYTES} bytes: its value and device details together are longer.`));
      }
      const now = clock();
      const logged = await analytics.log(
        { eventType: event_type, value, deviceId: record.device_id ?? null, sessionId: record.session_id ?? null, userId, record: stored },
        now,
        { client: clientAddress(req.ip), perClient: limits.perClient, perDay: limits.perDay },
      );
      const day = Math.floor(now / 86_400_000);
      if (logged === 'day_spent' && fullDayTold !== day) {
        fullDayTold = day;
        req.log.warn(
          `Today's ${limits.perDay} analytics events are stored: later ones are not, until midnight UTC. A shop with more visitors than that can raise ANALYTICS_EVENTS_PER_DAY.`,
        );
      }
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        try {
          const deleted = await analytics.deleteBefore(now - ANALYTICS_KEPT_MS);
          await analytics.deleteBudgetsBefore(now);
          if (deleted) req.log.info({ deleted }, 'analytics events older than 90 days deleted');
        } catch (err) {
          // the event is stored; the old ones go at the next try, in an hour
          req.log.warn({ err }, 'deleting old analytics events failed');
        }
      }
      return { success: true };
    });
};
