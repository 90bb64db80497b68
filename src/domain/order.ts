import { z } from 'zod';
import type { ShopConfig } from './shop-config.ts';
import { checkoutIssueMessages, checkoutIssues } from './checkout-rules.ts';
import { isPlainLine, PLAIN_LINE } from './plain-text.ts';
import { MAX_QUANTITY_MILLI, quantityMessages } from './quantity.ts';
import { deliveryModes } from './totals.ts';
import { paymentTypes } from './payment-types.ts';
import { keyedInChannels, takenPayments } from './order-channels.ts';

/**
 * What `POST /fn/order/create` accepts (spec §7: {userId, sfId, order}). Only what the
 * shopper chose is read: product ids and quantities, the delivery mode and the details.
 * Prices, totals and anything else the browser sends are dropped by the schema; the
 * server works them out from its own catalog (decision 014).
 */

/** The checkout's field messages (§5 dictionary; the spec gives no exact wording for most). */
export const checkoutMessages = {
  ...checkoutIssueMessages,
  storeNotSpecified: 'Store not specified',
} as const;

/** A one-line field of a person (name, address line, e-mail, phone): no hidden characters (plain-text.ts). */
const text = (max: number) => z.string({ error: checkoutMessages.required }).trim().refine(isPlainLine, PLAIN_LINE).max(max, checkoutMessages.invalid);
const optionalText = (max: number) => text(max).optional().default('');

const personalDetailsSchema = z.object({
  fullName: optionalText(120),
  email: optionalText(254),
  phone: z
    .object({ number: optionalText(20), dialCode: optionalText(5) })
    .optional()
    .default({ number: '', dialCode: '' }),
});

export const shippingDetailsSchema = z.object({
  fullName: text(120).min(2, checkoutMessages.name),
  streetName: text(200).min(1, checkoutMessages.required),
  apartment: optionalText(200),
  city: text(100).min(1, checkoutMessages.required),
  state: text(100).min(1, checkoutMessages.required),
  zipCode: text(12).min(3, checkoutMessages.zipCode),
  country: text(60).min(1, checkoutMessages.required),
  phone: optionalText(20),
});

const orderLineSchema = z.object({
  /** The product's id (its variant's row). */
  id: z.string().min(1).max(120),
  qty: z
    .number({ error: quantityMessages.not_positive })
    .finite()
    .positive(quantityMessages.not_positive)
    .max(MAX_QUANTITY_MILLI / 1000, quantityMessages.too_large),
});

export { paymentTypes, type PaymentType } from './payment-types.ts';

export const orderRequestSchema = z.object({
  userId: z.string().max(64).nullish(),
  sfId: z.string({ error: checkoutMessages.storeNotSpecified }).min(1, checkoutMessages.storeNotSpecified).max(60),
  order: z.object({
    items: z.array(orderLineSchema).min(1, 'The cart is empty.').max(200, 'An order holds at most 200 lines.'),
    deliveryMode: z.enum(deliveryModes),
    personalDetails: personalDetailsSchema.optional().default({ fullName: '', email: '', phone: { number: '', dialCode: '' } }),
    shippingDetails: shippingDetailsSchema.optional(),
    /** `code`: the table's code (issue 41), checked against the shop's and never kept with the order. */
    dineInDetails: z.object({ spaceId: optionalText(60), value: optionalText(60), code: z.string().trim().max(8).optional() }).optional(),
    shippingSlotId: z.string().max(60).nullish(),
    /** Absent for an enquiry (orders off, enquiries on). */
    paymentType: z.enum(paymentTypes).nullish(),
    couponCode: z.string().trim().max(40).nullish(),
    /** For the shop, printed on the slip and the kitchen ticket. */
    note: z.string().trim().max(500, checkoutMessages.invalid).optional().default(''),
    /** The shopper ticked "Send me updates on WhatsApp" (issue 40): the order's news goes to its phone number there. */
    whatsappUpdates: z.boolean().optional(),
    /**
     * The grand total the checkout showed (the quote's `grandTotal`, in the shop's decimals): when the
     * order would cost anything else now, it is refused with the new quote and nothing is placed.
     */
    quotedTotal: z.number().finite().nonnegative().max(1e12).nullish(),
  }),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/**
 * The checks that depend on the shop, in the server's words (the browser runs the same
 * rules with its own texts). Empty means acceptable.
 */
export function checkOrderAgainstShop(
  request: OrderRequest,
  shop: ShopConfig,
  options: Parameters<typeof checkoutIssues>[2] = {},
): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = checkoutIssues(request.order, shop, options).map((i) => ({
    path: `order.${i.path}`,
    message: checkoutMessages[i.code],
  }));
  if (request.sfId !== shop.id) issues.unshift({ path: 'sfId', message: checkoutMessages.storeNotSpecified });
  return issues;
}

/**
 * `POST /admin/api/orders` (issue 41): the body of the shop's own order call, plus where the order
 * came from (`channel`), the payment taken on the spot (`paymentType`: paid at once; without it
 * the order's own `paymentType`, else collected later) and whether the goods are handed over at
 * once (`handOver`: a sale at the counter, or served at a table).
 */
export const keyedInOrderSchema = orderRequestSchema.extend({
  channel: z.enum(keyedInChannels),
  paymentType: z.enum(takenPayments).optional(),
  handOver: z.boolean().optional().default(false),
});
export type KeyedInOrder = z.infer<typeof keyedInOrderSchema>;

/** The checks of a keyed-in order (empty: acceptable): the order's, as the shop asks them of itself, and a delivery is not handed over at the counter. */
export function checkKeyedInOrder(
  body: KeyedInOrder,
  shop: ShopConfig,
  { digital = false }: { digital?: boolean } = {},
): Array<{ path: string; message: string }> {
  const issues = checkOrderAgainstShop(body, shop, { digital, keyedIn: { channel: body.channel, paid: body.paymentType !== undefined } });
  if (body.handOver && body.order.deliveryMode === 'ship' && !digital)
    issues.push({ path: 'handOver', message: 'A delivery is handed over at the door: place it, then mark it delivered.' });
  return issues;
}
