import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutIssueMessages, tableCodesAsked } from '../../../domain/checkout-rules.ts';
import { emailIdentity, phoneIdentity } from '../../../domain/customer-identity.ts';
import { checkOrderAgainstShop, orderRequestSchema, type OrderRequest } from '../../../domain/order.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { DineTableRepository } from '../../db/repositories/dine-table-repository.ts';
import type { IdempotencyRepository } from '../../db/repositories/idempotency-repository.ts';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import type { PlaceResult } from '../../db/repositories/order-placement.ts';
import { mailOrigin } from '../../public-origin.ts';
import { sessionOf } from '../../plugins/user-session.ts';
import type { AccessTokens } from '../../services/access-tokens.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import type { Mailer } from '../../services/mailer.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import { orderPlacedNews } from '../../services/order-placed.ts';
import type { OwnerAlerts } from '../../services/owner-alerts.ts';
import type { PushSender } from '../../services/push.ts';
import type { SharedState } from '../../services/shared-state.ts';
import type { DeviceRepository } from '../../db/repositories/device-repository.ts';
import { placedAnswer, quoteAnswer, refusals, sessionRefusals } from './order-answers.ts';
import { answerUsedKey, deliverySlotFor, idempotencyHeaders, requestHash, successBody, type UsedClaim } from './order-placing.ts';
import { quoteBody, refusal } from './order-refusal.ts';
import { couponGuesses } from './coupon-guesses.ts';
import { fieldsBody } from '../../plugins/error-body.ts';

const SCOPE = 'order-create';
/** The checks of the order call a quote repeats: what changes the price, not the shopper's details still being typed. */
const quotedFields = ['sfId', 'order.deliveryMode', 'order.items'];

/** Quotes per client address: a checkout asks one as its cart and details change; a script asking hundreds a second is told to wait. */
const QUOTES = { max: 60, timeWindow: 60_000 };

type OrderRoutesOptions = {
  /** The config in use now (a reload changes it): read once per request. */
  shop: () => ShopConfig;
  /** Fixed for the process (decision 048): money's digits, and the order limiters made at the start. */
  fractionDigits: number;
  orderRateLimit: ShopConfig['orderConfig']['orderRateLimit'];
  /** The owner's live board hears of every order placed. */
  orderEvents: OrderEvents;
  /** The placing user's devices get a push (decision 022); without a sender none is sent. */
  devices: DeviceRepository;
  push?: PushSender | undefined;
  /** Now, for delivery slots' cut-offs. */
  clock: () => number;
  orders: OrderRepository;
  idempotency: IdempotencyRepository;
  /** The tables' codes a dine-in order must carry (issue 41). */
  dineTables: DineTableRepository;
  catalog: CatalogCache;
  /** Reads the logged-in shopper from the bearer token, if any. */
  accessTokens: AccessTokens;
  /** Sends the shopper the order e-mail; without it the e-mail is only logged as not sent. */
  mailer?: Mailer | undefined;
  /** PUBLIC_URL, for the links in the e-mails (mailOrigin). */
  publicUrl?: string | undefined;
  /** The owner hears of every order by push and e-mail (issue 18). */
  ownerAlerts: OwnerAlerts;
  /** The limiters' store: shared through Redis when several instances run. */
  rateLimits: SharedState['rateLimits'];
};

/** The e-mail and the phone an order names, each as a limiter's key: the mailbox and the number, however typed (null when not given). */
const contactOf = {
  email: (body: OrderRequest) => emailIdentity(body.order.personalDetails.email),
  phone: (body: OrderRequest) => phoneIdentity(body.order.personalDetails.phone),
};

/**
 * `POST /fn/order/create` {userId, sfId, order} (spec §7, the {serverless} order call).
 * The server prices the order from its own catalog and config; with an `Idempotency-Key`
 * header a retried checkout gets the first answer instead of a second order (and no
 * second e-mail: a replay returns before anything is placed).
 */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (
  app,
  {
    shop: shopNow,
    fractionDigits: digits,
    orderRateLimit,
    clock,
    devices,
    push,
    orders,
    orderEvents,
    idempotency,
    dineTables,
    catalog,
    accessTokens,
    mailer,
    publicUrl,
    ownerAlerts,
    rateLimits,
  },
) => {
  // Orders take stock: one address, and one e-mail or phone from any address, may place only so many in a while
  // (counted once the body is read and found valid, so a limiter can key on its contact, and a retry is known).
  await app.register(rateLimit, { ...rateLimits, global: false });
  const { perAddress, perContact, windowMinutes } = orderRateLimit;
  const timeWindow = windowMinutes * 60_000;
  const limiters = [
    ...(['email', 'phone'] as const).map((kind) =>
      app.createRateLimit({
        max: perContact,
        timeWindow,
        keyGenerator: (req) => `order-${kind}:${contactOf[kind](req.body as OrderRequest) ?? ''}`,
        allowList: (req) => contactOf[kind](req.body as OrderRequest) === null,
      }),
    ),
    app.createRateLimit({ max: perAddress, timeWindow, keyGenerator: (req) => `order-address:${req.ip}` }),
  ];
  // the plugin's own route hook runs one limiter per request; an order is counted by each
  const orderLimits = async (req: FastifyRequest, reply: FastifyReply) => {
    for (const limit of limiters) {
      const result = await limit(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw rateLimits.errorResponseBuilder!(req, { statusCode: 429, ban: false, max: result.max, ttl: result.ttl, after: `${result.ttlInSeconds} seconds` });
      }
    }
  };

  const guesses = couponGuesses(app, rateLimits);
  const news = orderPlacedNews({ orderEvents, ownerAlerts, devices, push, mailer });

  /**
   * `POST /fn/order/quote`: the same body as the order call, answered with exactly the
   * lines and totals it would charge now (the same pricing, `orders.quote`), or the
   * refusal it would give, in the same shape. Nothing is written; the checkout asks it
   * again as the cart, the mode, the slot or the coupon change.
   */
  const quoteLimits = { config: { rateLimit: QUOTES }, preHandler: guesses.refuse };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/order/quote', { ...quoteLimits, schema: { body: orderRequestSchema, response: { 200: quoteAnswer, ...refusals } } }, async (req, reply) => {
      const shop = shopNow();
      const fields = checkOrderAgainstShop(req.body, shop).filter((f) => quotedFields.some((p) => f.path.startsWith(p)));
      if (fields.length) return reply.code(400).send(fieldsBody(fields));
      const now = clock();
      const slot = deliverySlotFor(shop, req.body.order, now);
      // a coupon's per-customer rules read who is asking: the logged-in shopper, else the details given
      const session = await sessionOf(req, accessTokens);
      const userId = 'userId' in session ? session.userId : null;
      const result = slot === 'closed' ? ({ ok: false, reason: 'slot_closed' } as const) : await orders.quote(req.body, shop, { slot, userId, now });
      if (!result.ok) {
        await guesses.count(req, result);
        const answer = refusal(result, shop, req.body, digits);
        return reply.code(answer.statusCode).send(answer.body);
      }
      return quoteBody(result.priced, digits);
    });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/order/create',
    {
      schema: {
        body: orderRequestSchema,
        headers: idempotencyHeaders,
        response: { 200: placedAnswer, ...refusals, ...sessionRefusals },
      },
    },
    async (req, reply) => {
      const shop = shopNow();
      // a logged-in shopper's order is theirs; the body's userId is never trusted
      const session = await sessionOf(req, accessTokens);
      if ('reply' in session) return reply.code(session.reply.status).send(session.reply.body);
      const { userId } = session;

      const key = req.headers['idempotency-key'];
      const hash = key ? requestHash(userId, req.body) : '';
      const used = (claim: UsedClaim) => answerUsedKey(reply, claim);
      // a retry of an order answered already gets that answer before the limits count it, and is not counted (issue 37)
      const held = key ? await idempotency.held(SCOPE, key, hash, clock()) : null;
      if (held) return used(held);
      await orderLimits(req, reply);
      await guesses.refuse(req, reply);

      let fields = checkOrderAgainstShop(req.body, shop);
      // a cart of downloads and services needs no address, slot or table: asked only when they are missing, so other orders cost no query
      const digital = fields.length > 0 && (await orders.isDigitalOnly(req.body.order.items.map((i) => i.id)));
      if (digital) fields = checkOrderAgainstShop(req.body, shop, { digital });
      if (fields.length) return reply.code(400).send(fieldsBody(fields));
      // a table's link shared outside the shop sends nothing to the kitchen without the code on the table's card (issue 41)
      const table = req.body.order.dineInDetails;
      if (
        !digital &&
        req.body.order.deliveryMode === 'dine' &&
        tableCodesAsked(shop) &&
        !(await dineTables.codeMatches(table?.spaceId ?? '', table?.code?.trim() ?? ''))
      ) {
        req.log.info({ table: table?.spaceId }, 'order refused: not the table code');
        return reply.code(400).send(fieldsBody([{ path: 'order.dineInDetails.code', message: checkoutIssueMessages.wrongTableCode }]));
      }

      // the thank-you page says the order was e-mailed only when it is: an address given, a mail server and the links' origin set
      const origin = mailOrigin(req, publicUrl, mailer);
      const emailSent = !!mailer && origin !== null && !!req.body.order.personalDetails?.email?.trim();
      const now = clock();
      const slot = digital ? undefined : deliverySlotFor(shop, req.body.order, now);
      // with a key, it is claimed in the order's transaction and the answer stored there: a replay returns before anything is placed
      const result: PlaceResult =
        slot === 'closed'
          ? { ok: false, reason: 'slot_closed' }
          : await orders.place(req.body, shop, {
              now,
              userId,
              slot,
              digital,
              key: key ? { scope: SCOPE, key, requestHash: hash, answer: (placed) => successBody(placed, digits, emailSent) } : undefined,
            });
      if (!result.ok && result.reason === 'key_used') return used(result.claim);
      if (!result.ok) {
        await guesses.count(req, result);
        const answer = refusal(result, shop, req.body, digits);
        if (key) {
          // a refusal is an answer too, stored on its own (its order's work was rolled back)
          const claim = await idempotency.record(SCOPE, key, hash, answer.statusCode, answer.body, now);
          if (claim.state !== 'claimed') return used(claim);
        }
        req.log.info({ reason: result.reason }, 'order refused');
        return reply.code(answer.statusCode).send(answer.body);
      }
      catalog.invalidate();
      req.log.info({ orderId: result.order.id, kind: result.order.kind, grandTotal: result.order.grandTotal }, 'order placed');
      // the owner's board, the owner's alerts, the shopper's push and e-mail: after the answer is written, never before it
      news({ order: result.order, notificationToken: result.notificationToken, userId, shop, origin, log: req.log });
      // with a key, the answer as stored: the same bytes a replay sends, serialized once
      if (result.answer !== undefined) return reply.type('application/json; charset=utf-8').send(result.answer as unknown as Parameters<typeof reply.send>[0]);
      return successBody(result, digits, emailSent);
    },
  );
};
