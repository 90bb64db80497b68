import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailIdentity, phoneIdentity } from '../../../domain/customer-identity.ts';
import { bookingMessages, checkDeliverySlot, deliveryResource, isoInZone } from '../../../domain/booking.ts';
import { fromMinor, type Minor } from '../../../domain/money.ts';
import { checkOrderAgainstShop, checkoutMessages, orderForApi, orderRequestSchema, type OrderRequest } from '../../../domain/order.ts';
import {
  orderLimitMessage,
  overLimitMessage,
  priceChangedMessage,
  slotLimitMessage,
  takesGateway,
  type CouponProblem,
  type OrderRefusal,
  type PricedOrder,
} from '../../../domain/order-pricing.ts';
import { totalsForApi } from '../../../domain/totals.ts';
import { openingSentence } from '../../../domain/opening-words.ts';
import { quantityMessages } from '../../../domain/quantity.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { Claim, IdempotencyRepository } from '../../db/repositories/idempotency-repository.ts';
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
import { cancelAnswer, orderRefusals, placedAnswer, quoteAnswer, refusals, sessionRefusals } from './order-answers.ts';
import { orderForCaller } from './order-caller.ts';
import { couponGuesses } from './coupon-guesses.ts';
import { errorBody, fieldsBody, wrongStore, type ErrorBody } from '../../plugins/error-body.ts';

const SCOPE = 'order-create';
/** The checks of the order call a quote repeats: what changes the price, not the shopper's details still being typed. */
const quotedFields = ['sfId', 'order.deliveryMode', 'order.items'];
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

type Answer = { statusCode: number; body: ErrorBody };

const NOT_VALID = 'This coupon is not valid or was used already.';
/**
 * What the shopper reads for each reason a coupon is refused: one answer for a code that does not
 * exist, is off, out of its dates, used up or not this shopper's (it tells a guesser nothing, nor
 * whether an e-mail ordered here before); the minimum only to a code that would apply (decision 076).
 */
export const couponMessages: Record<CouponProblem, string> = {
  unknown: NOT_VALID,
  used: NOT_VALID,
  expired: NOT_VALID,
  not_yet: NOT_VALID,
  first_order: NOT_VALID,
  minimum: "Your order is below this coupon's minimum.",
};
/** Quotes per client address: a checkout asks one as its cart and details change; a script asking hundreds a second is told to wait. */
const QUOTES = { max: 60, timeWindow: 60_000 };

/** A refusal as the shopper reads it; nothing was written. `fractionDigits`: money's, for a new quote. */
function refusal(result: OrderRefusal, shop: ShopConfig, request: OrderRequest, fractionDigits: number): Answer {
  switch (result.reason) {
    case 'needs_delivery':
      // what the order would have been told had its products been known to need carrying
      return { statusCode: 400, body: fieldsBody(checkOrderAgainstShop(request, shop)) };
    case 'no_delivery_to_pay_at':
      return { statusCode: 400, body: fieldsBody([{ path: 'order.paymentType', message: checkoutMessages.noDeliveryToPayAt }]) };
    case 'out_of_stock':
      return {
        statusCode: 409,
        body: errorBody('out_of_stock', 'Some products are no longer in stock in the quantity you asked for.', { lines: result.lines }),
      };
    case 'unavailable':
      return { statusCode: 409, body: errorBody('unavailable', 'Some products can no longer be ordered.', { ids: result.ids }) };
    case 'quantity':
      return {
        statusCode: 400,
        body: fieldsBody(
          result.lines.map((l) => ({
            path: `order.items.${l.index}.qty`,
            message: l.problem === 'over_limit' ? overLimitMessage(l.max, l.isFraction) : quantityMessages[l.problem],
          })),
        ),
      };
    case 'order_limit':
      return { statusCode: 409, body: errorBody('order_limit', orderLimitMessage(result.limit, shop.localeConfig, { gateway: takesGateway(shop) })) };
    case 'slot_limit_reached':
      return { statusCode: 409, body: errorBody('slot_limit_reached', slotLimitMessage(result.max)) };
    case 'price_changed': {
      const quote = quoteBody(result.priced, fractionDigits);
      return { statusCode: 409, body: errorBody('price_changed', priceChangedMessage(result.priced.totals.grandTotal, shop.localeConfig), { quote }) };
    }
    case 'slot_full':
    case 'slot_closed':
      return { statusCode: 409, body: errorBody(result.reason, bookingMessages[result.reason]) };
    case 'store_closed': {
      const { message, ...opensAt } = closedWords(result.hours, shop);
      return { statusCode: 409, body: errorBody('store_closed', message, opensAt) };
    }
    case 'coupon':
      return { statusCode: 400, body: fieldsBody([{ path: 'order.couponCode', message: couponMessages[result.problem] }]) };
  }
}

/**
 * A closed shop's words: by the switch as ever, by its ordering hours when it opens again
 * (`opensAt`, ISO with the shop's offset, for the checkout to say in the shopper's language),
 * each followed by the owner's own `closedMessage`.
 */
function closedWords(hours: { opensAt: number | null; now: number } | undefined, shop: ShopConfig) {
  const own = shop.orderConfig.closedMessage;
  const closed = hours
    ? `The shop is not taking orders right now. ${openingSentence(hours.opensAt, hours.now, shop.timeZone, englishLocale(shop.localeConfig.defaultLocale))}`
    : 'The shop is closed right now and is not taking orders.';
  return { message: own ? `${closed} ${own}` : closed, ...(hours ? { opensAt: hours.opensAt === null ? null : isoInZone(hours.opensAt, shop.timeZone) } : {}) };
}

/** The server speaks English: in the shop's own English (7:00 am in India), else American. */
const englishLocale = (locale: string) => (locale.startsWith('en-') ? locale : 'en-US');

/** The delivery slot a ship order takes a place in, if it names one; 'closed' when it no longer takes orders. */
function deliverySlotFor(shop: ShopConfig, order: OrderRequest['order'], now: number) {
  if (order.deliveryMode !== 'ship' || !order.shippingSlotId) return undefined;
  const check = checkDeliverySlot(shop.orderConfig.deliverySlots, shop, shop.orderConfig.deliveryDays, order.shippingSlotId, now);
  if (!check.ok) return 'closed' as const;
  const { slot } = check;
  return {
    resource: deliveryResource(slot.slotId),
    start: slot.start,
    capacity: slot.capacity,
    view: { label: slot.label, start: isoInZone(slot.start, shop.timeZone), end: isoInZone(slot.end, shop.timeZone), timeZone: shop.timeZone },
  };
}

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
        headers: z.object({ 'idempotency-key': z.string().regex(IDEMPOTENCY_KEY, 'An Idempotency-Key is 8 to 100 letters, digits, - or _.').optional() }),
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
      // the parsed body and who sent it: what the order depends on, in a fixed key order
      const hash = key
        ? createHash('sha256')
            .update(JSON.stringify({ userId, body: req.body }))
            .digest('hex')
        : '';
      const used = (claim: Exclude<Claim, { state: 'claimed' }>) => {
        if (claim.state === 'mismatch')
          return reply.code(422).send(errorBody('idempotency_key_reused', 'This Idempotency-Key was used for a different order.'));
        if (claim.state === 'in_flight') return reply.code(409).send(errorBody('in_progress', 'This order is still being placed. Please wait a moment.'));
        // the first answer as it was sent, not serialized again
        return reply
          .code(claim.statusCode)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send(claim.body as Parameters<typeof reply.send>[0]);
      };
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

/**
 * `POST /fn/order/cancelRequest` {sfId, orderId} (spec §7). The spec's payload names no
 * credential; an order id alone must not cancel someone's order, so the order's
 * notification token comes as the bearer token, as for the guest view (decision 015), or
 * the access token of the account that placed it (decision 043).
 */
export const cancelRequestRoutes: FastifyPluginAsync<{
  shop: () => ShopConfig;
  orders: OrderRepository;
  accessTokens: AccessTokens;
  catalog: CatalogCache;
  orderEvents: OrderEvents;
}> = async (app, { shop: shopNow, orders, accessTokens, catalog, orderEvents }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/order/cancelRequest',
    {
      schema: {
        body: z.object({ sfId: z.string().max(60), orderId: z.string().min(1).max(64) }),
        response: { 200: cancelAnswer, ...refusals, ...orderRefusals },
      },
    },
    async (req, reply) => {
      const shop = shopNow();
      if (req.body.sfId !== shop.id) return reply.code(400).send(wrongStore('sfId'));
      const found = await orderForCaller(req, req.body.orderId, { orders, accessTokens });
      if (!('order' in found)) return reply.code(found.status).send(found.body);
      const { order } = found;
      const outcome = await orders.requestCancel(order.id);
      if (outcome === 'cancelled') catalog.invalidate();
      orderEvents.publish({ orderId: order.id, status: outcome === 'cancelled' ? 'cancelled' : order.status, what: 'cancel_requested', at: Date.now() });
      req.log.info({ orderId: order.id, outcome }, 'order cancel request');
      return { success: true as const, status: outcome === 'cancelled' ? 'cancelled' : order.status, cancelRequested: true as const };
    },
  );
};

/** `emailSent`: whether the order e-mail goes to the shopper (decision 043), so the page claims no e-mail that never comes. */
function successBody(placed: PlaceResult & { ok: true }, fractionDigits: number, emailSent: boolean) {
  return {
    success: true as const,
    orderId: placed.order.id,
    notificationToken: placed.notificationToken,
    emailSent,
    order: orderForApi(placed.order, fractionDigits),
  };
}

/** A quote as the checkout shows it: the lines and totals the order would get, in the API's decimals. */
function quoteBody({ lines, totals }: PricedOrder, fractionDigits: number) {
  const money = (m: Minor) => fromMinor(m, fractionDigits);
  return {
    success: true as const,
    lines: lines.map((l) => ({
      productId: l.product.id,
      title: l.product.title,
      variantName: l.product.variantName,
      qty: l.qtyMilli / 1000,
      isFraction: l.product.isFraction,
      unitPrice: money(l.unit),
      total: money(l.total),
      discount: money(l.discount),
      tax: money(l.tax),
      taxPercent: l.taxPercent,
    })),
    totals: totalsForApi(totals.lines, fractionDigits),
    grandTotal: money(totals.grandTotal),
  };
}
