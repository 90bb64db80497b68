import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkKeyedInOrder, keyedInOrderSchema } from '../../../domain/order.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { DeviceRepository } from '../../db/repositories/device-repository.ts';
import type { IdempotencyRepository } from '../../db/repositories/idempotency-repository.ts';
import type { PlaceResult } from '../../db/repositories/order-placement.ts';
import type { OrderRepository } from '../../db/repositories/order-repository.ts';
import { fieldsBody } from '../../plugins/error-body.ts';
import { mailOrigin } from '../../public-origin.ts';
import type { CatalogCache } from '../../services/catalog-cache.ts';
import type { Mailer } from '../../services/mailer.ts';
import type { OrderEvents } from '../../services/order-events.ts';
import { orderPlacedNews } from '../../services/order-placed.ts';
import type { PushSender } from '../../services/push.ts';
import { shopUpiQr } from '../../services/shop-upi-qr.ts';
import { placedAnswer, quoteAnswer, refusals, sessionRefusals } from '../fn/order-answers.ts';
import { answerUsedKey, deliverySlotFor, idempotencyHeaders, requestHash, successBody } from '../fn/order-placing.ts';
import { quoteBody, refusal } from '../fn/order-refusal.ts';

type Options = {
  shop: () => ShopConfig;
  fractionDigits: number;
  clock: () => number;
  orders: OrderRepository;
  idempotency: IdempotencyRepository;
  catalog: CatalogCache;
  orderEvents: OrderEvents;
  devices: DeviceRepository;
  push: PushSender | undefined;
  mailer: Mailer | undefined;
  publicUrl: string | undefined;
};

const SCOPE = 'owner-order-create';

/** A keyed-in order's body, with the reference of a UPI or card payment taken, when the owner notes one. */
const body = keyedInOrderSchema.extend({ paymentReference: z.string().trim().max(64).optional() });

/**
 * Orders the shop keys in on /admin (issue 41) — sold at the counter, taken by phone or from a
 * WhatsApp chat — placed exactly as the storefront's: the same pricing, stock, number series,
 * coupons and invoice (`orders.place`), not held to the storefront's hours, switch or caps, with
 * their channel, the payment taken on the spot and, at the counter, handed over at once. On the
 * board with the rest; the shopper's e-mail and WhatsApp go as for any order, the owner's own
 * alerts do not.
 */
export const ownerKeyedInRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { shop: shopNow, orders, clock, fractionDigits: digits } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const news = orderPlacedNews({ ...options, ownerAlerts: undefined });

  /**
   * What the order would charge now, or why it would be refused: the board's new order shows it as
   * lines are added; with `paymentType: 'upi'`, and the shop's UPI id set, the QR to pay that total.
   */
  typed.post('/orders/quote', { schema: { body, response: { 200: quoteAnswer, ...refusals, ...sessionRefusals } } }, async (req, reply) => {
    const shop = shopNow();
    const quoted = ['sfId', 'order.items', 'order.deliveryMode'];
    const fields = checkKeyedInOrder(req.body, shop).filter((f) => quoted.some((p) => f.path.startsWith(p)));
    if (fields.length) return reply.code(400).send(fieldsBody(fields));
    const result = await orders.quote(req.body, shop, { now: clock(), keyedIn: true });
    if (!result.ok) {
      const answer = refusal(result, shop, req.body, digits);
      return reply.code(answer.statusCode).send(answer.body);
    }
    const answer = quoteBody(result.priced, digits);
    if (req.body.paymentType !== 'upi') return answer;
    // the shop's own QR with the amount filled in, for the customer at the counter to scan
    const upi = await shopUpiQr(shop, result.priced.totals.grandTotal, digits, clock());
    return upi ? { ...answer, upi } : answer;
  });

  typed.post(
    '/orders',
    { schema: { body, headers: idempotencyHeaders, response: { 200: placedAnswer, ...refusals, ...sessionRefusals } } },
    async (req, reply) => {
      const shop = shopNow();
      const actor = req.userId!;
      const key = req.headers['idempotency-key'];
      const hash = key ? requestHash(actor, req.body) : '';
      const held = key ? await options.idempotency.held(SCOPE, key, hash, clock()) : null;
      if (held) return answerUsedKey(reply, held);

      let fields = checkKeyedInOrder(req.body, shop);
      const digital = fields.length > 0 && (await orders.isDigitalOnly(req.body.order.items.map((i) => i.id)));
      if (digital) fields = checkKeyedInOrder(req.body, shop, { digital });
      if (fields.length) return reply.code(400).send(fieldsBody(fields));

      const origin = mailOrigin(req, options.publicUrl, options.mailer);
      const emailSent = !!options.mailer && origin !== null && !!req.body.order.personalDetails.email.trim();
      const now = clock();
      const slot = digital ? undefined : deliverySlotFor(shop, req.body.order, now);
      const { channel, paymentType: taken, handOver } = req.body;
      const result: PlaceResult =
        slot === 'closed'
          ? { ok: false, reason: 'slot_closed' }
          : await orders.place(req.body, shop, {
              now,
              slot,
              digital,
              key: key ? { scope: SCOPE, key, requestHash: hash, answer: (placed) => successBody(placed, digits, emailSent) } : undefined,
              keyedIn: { channel, taken, handOver, reference: req.body.paymentReference || null, actor },
            });
      if (!result.ok && result.reason === 'key_used') return answerUsedKey(reply, result.claim);
      if (!result.ok) {
        const answer = refusal(result, shop, req.body, digits);
        if (key) {
          const claim = await options.idempotency.record(SCOPE, key, hash, answer.statusCode, answer.body, now);
          if (claim.state !== 'claimed') return answerUsedKey(reply, claim);
        }
        return reply.code(answer.statusCode).send(answer.body);
      }
      options.catalog.invalidate();
      req.log.info({ orderId: result.order.id, channel, grandTotal: result.order.grandTotal }, 'order keyed in by the shop');
      news({ order: result.order, notificationToken: result.notificationToken, userId: null, shop, origin, log: req.log });
      if (result.answer !== undefined) return reply.type('application/json; charset=utf-8').send(result.answer as unknown as Parameters<typeof reply.send>[0]);
      return successBody(result, digits, emailSent);
    },
  );
};
