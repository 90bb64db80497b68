import { z } from 'zod';
import type { ShopConfig } from './shop-config.ts';
import { deliveryModes } from './totals.ts';

/**
 * What `POST /fn/order/create` accepts (spec §7: {userId, sfId, order}). Only what the
 * shopper chose is read: product ids and quantities, the delivery mode and the details.
 * Prices, totals and anything else the browser sends are dropped by the schema; the
 * server works them out from its own catalog (decision 014).
 */

/** The checkout's field messages (§5 dictionary; the spec gives no exact wording for these). */
export const checkoutMessages = {
  required: 'This field is required.',
  name: 'Please enter at least 2 letters.',
  email: 'Please enter a valid e-mail address.',
  phone: 'Please enter a valid phone number.',
  zipCode: 'The zip code must have at least 3 characters.',
  invalid: 'This field is not correct.',
  quantity: 'The quantity must be above 0.',
  wholeQuantity: 'The quantity must be a positive integer.',
  storeNotSpecified: 'Store not specified',
} as const;

const text = (max: number) => z.string({ error: checkoutMessages.required }).trim().max(max, checkoutMessages.invalid);
const optionalText = (max: number) => text(max).optional().default('');

export const phoneSchema = z.object({
  number: text(20).regex(/^[0-9][0-9 -]{4,18}[0-9]$/, checkoutMessages.phone),
  dialCode: text(5).regex(/^\+[0-9]{1,4}$/, checkoutMessages.phone),
});

export const personalDetailsSchema = z.object({
  fullName: optionalText(120),
  email: optionalText(254),
  phone: z.object({ number: optionalText(20), dialCode: optionalText(5) }).optional().default({ number: '', dialCode: '' }),
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

export const orderLineSchema = z.object({
  /** The product's id (its variant's row). */
  id: z.string().min(1).max(120),
  qty: z.number({ error: checkoutMessages.quantity }).finite().positive(checkoutMessages.quantity).max(100_000, checkoutMessages.invalid),
});

export const paymentTypes = ['payu', 'upi-manual', 'pof'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const orderRequestSchema = z.object({
  userId: z.string().max(64).nullish(),
  sfId: z.string({ error: checkoutMessages.storeNotSpecified }).min(1, checkoutMessages.storeNotSpecified).max(60),
  order: z.object({
    items: z.array(orderLineSchema).min(1, 'The cart is empty.').max(200, 'An order holds at most 200 lines.'),
    deliveryMode: z.enum(deliveryModes),
    personalDetails: personalDetailsSchema.optional().default({ fullName: '', email: '', phone: { number: '', dialCode: '' } }),
    shippingDetails: shippingDetailsSchema.optional(),
    dineInDetails: z.object({ spaceId: optionalText(60), value: optionalText(60) }).optional(),
    shippingSlotId: z.string().max(60).nullish(),
    /** Absent for an enquiry (orders off, enquiries on). */
    paymentType: z.enum(paymentTypes).nullish(),
    couponCode: z.string().trim().max(40).nullish(),
  }),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

export type FieldIssue = { path: string; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The checks that depend on the shop: the details the shop requires (detailsConfig),
 * the modes it offers, its dine spaces and payment providers. Empty means acceptable.
 */
export function checkOrderAgainstShop(request: OrderRequest, shop: ShopConfig): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { order } = request;
  const add = (path: string, message: string) => issues.push({ path, message });
  if (request.sfId !== shop.id) add('sfId', checkoutMessages.storeNotSpecified);

  const required = shop.orderConfig.detailsConfig.personal;
  const p = order.personalDetails;
  if (required.fullName && p.fullName.length < 2) add('order.personalDetails.fullName', p.fullName ? checkoutMessages.name : checkoutMessages.required);
  if (p.email ? !EMAIL.test(p.email) : required.email) add('order.personalDetails.email', p.email ? checkoutMessages.email : checkoutMessages.required);
  const phoneGiven = p.phone.number !== '';
  if (phoneGiven ? !phoneSchema.safeParse(p.phone).success : required.phone) add('order.personalDetails.phone', phoneGiven ? checkoutMessages.phone : checkoutMessages.required);

  if (order.deliveryMode === 'ship' && !order.shippingDetails) add('order.shippingDetails', checkoutMessages.required);
  if (order.deliveryMode === 'pickup' && !shop.orderConfig.pickupEnabled) add('order.deliveryMode', checkoutMessages.invalid);
  if (order.deliveryMode === 'dine') {
    if (!shop.dineInConfig.dineInEnabled) add('order.deliveryMode', checkoutMessages.invalid);
    const space = order.dineInDetails?.spaceId ?? '';
    if (space && !shop.dineSpaces.some((s) => s.id === space)) add('order.dineInDetails.spaceId', checkoutMessages.invalid);
    if (!space && !order.dineInDetails?.value) add('order.dineInDetails', checkoutMessages.required);
  }
  if (order.shippingSlotId && !shop.orderConfig.deliverySlots.some((s) => s.id === order.shippingSlotId)) add('order.shippingSlotId', checkoutMessages.invalid);

  if (shop.orderConfig.orderEnabled) {
    if (!order.paymentType) add('order.paymentType', checkoutMessages.required);
    else if (!shop.payment.providers.some((pr) => pr.id === order.paymentType)) add('order.paymentType', checkoutMessages.invalid);
  } else if (!shop.orderConfig.enquiryEnabled) {
    add('order', 'This shop takes no orders.');
  }
  return issues;
}
