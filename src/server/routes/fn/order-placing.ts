import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { checkDeliverySlot, deliveryResource, isoInZone } from '../../../domain/booking.ts';
import type { OrderRequest } from '../../../domain/order.ts';
import { orderForApi } from '../../../domain/order-view.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { Claim } from '../../db/repositories/idempotency-repository.ts';
import type { PlaceResult } from '../../db/repositories/order-placement.ts';
import { errorBody } from '../../plugins/error-body.ts';

/**
 * What the two calls that place an order share — the shopper's (`/fn/order/create`) and the
 * shop's own (`POST /admin/api/orders`, issue 41): the Idempotency-Key, the delivery slot an
 * order takes, and the answer.
 */

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'An Idempotency-Key is 8 to 100 letters, digits, - or _.')
    .optional(),
});

/** The parsed body and who sent it: what the order depends on, in a fixed key order. */
export const requestHash = (userId: string | null, body: unknown): string => createHash('sha256').update(JSON.stringify({ userId, body })).digest('hex');

export type UsedClaim = Exclude<Claim, { state: 'claimed' }>;

/** A key used before: its first answer as it was sent (not serialized again), or why it cannot be used now. */
export function answerUsedKey(reply: FastifyReply, claim: UsedClaim) {
  if (claim.state === 'mismatch') return reply.code(422).send(errorBody('idempotency_key_reused', 'This Idempotency-Key was used for a different order.'));
  if (claim.state === 'in_flight') return reply.code(409).send(errorBody('in_progress', 'This order is still being placed. Please wait a moment.'));
  return reply
    .code(claim.statusCode)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(claim.body as Parameters<typeof reply.send>[0]);
}

/** The delivery slot a ship order takes a place in, if it names one; 'closed' when it no longer takes orders. */
export function deliverySlotFor(shop: ShopConfig, order: OrderRequest['order'], now: number) {
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

/** `emailSent`: whether the order e-mail goes to the shopper (decision 043), so the page claims no e-mail that never comes. */
export function successBody(placed: PlaceResult & { ok: true }, fractionDigits: number, emailSent: boolean) {
  return {
    success: true as const,
    orderId: placed.order.id,
    notificationToken: placed.notificationToken,
    emailSent,
    order: orderForApi(placed.order, fractionDigits),
  };
}
