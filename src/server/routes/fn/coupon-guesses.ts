import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COUPON_CODE } from '../../../domain/coupons.ts';
import type { OrderRefusal } from '../../../domain/order-pricing.ts';
import type { OrderRequest } from '../../../domain/order.ts';
import type { SharedState } from '../../services/shared-state.ts';

/**
 * Coupon codes that do not apply, per client address (decision 076): past `max` different
 * ones in `timeWindow`, the client's quotes and orders that carry a code are refused with 429
 * until the window ends. Different codes, because the checkout asks a new quote whenever the
 * cart or the contact changes, with the same code; room for a few typos and for the prefixes
 * a slow typist's quotes ask (300 ms after the last key), little for a script.
 */
const WRONG_COUPON_CODES = { max: 20, timeWindow: 10 * 60_000 };

/** The code a request carries, as the shop keeps codes; null for none, or for what cannot be a code (counted as no guess). */
const codeOf = (req: FastifyRequest) => {
  const code = (req.body as OrderRequest | undefined)?.order?.couponCode?.trim().toUpperCase();
  return code && COUPON_CODE.test(code) ? code : null;
};

/** The limiter of an app that registered @fastify/rate-limit with the shared `rateLimits`. */
export function couponGuesses(app: FastifyInstance, rateLimits: SharedState['rateLimits']) {
  const { max, timeWindow } = WRONG_COUPON_CODES;
  const wrong = app.createRateLimit({ max, timeWindow, keyGenerator: (req) => `coupon-wrong:${req.ip}` });
  // one per client and code: counts a code only the first time the client tries it in the window
  const seen = app.createRateLimit({ max: 1, timeWindow, keyGenerator: (req) => `coupon-seen:${req.ip}:${codeOf(req) ?? ''}` });

  return {
    /** A preHandler: a client that tried too many wrong codes gets 429 for a request with a code. */
    async refuse(req: FastifyRequest, reply: FastifyReply) {
      if (!req.body || !codeOf(req)) return;
      const count = await wrong(req, { increment: false });
      if (count.isAllowed || count.remaining > 0) return;
      reply.header('retry-after', count.ttlInSeconds);
      throw rateLimits.errorResponseBuilder!(req, { statusCode: 429, ban: false, max, ttl: count.ttl, after: `${count.ttlInSeconds} seconds` });
    },

    /** Counts the request's code when it was refused for any reason but the order's minimum (the one a right code gets). */
    async count(req: FastifyRequest, refusal: OrderRefusal) {
      if (refusal.reason !== 'coupon' || refusal.problem === 'minimum' || !codeOf(req)) return;
      const first = await seen(req);
      if (!first.isAllowed && first.isExceeded) return;
      await wrong(req);
    },
  };
}
