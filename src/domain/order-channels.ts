/**
 * Where an order came from (issue 41): the storefront (`online`), or keyed in by the shop on
 * /admin — sold at the `counter`, taken by `phone` or from a `whatsapp` chat. Every order is on
 * one board, in one number series and in every report, whichever way it came. No zod here:
 * the browser's chunks read it too.
 */
export const orderChannels = ['online', 'counter', 'phone', 'whatsapp'] as const;
export type OrderChannel = (typeof orderChannels)[number];

export const keyedInChannels = ['counter', 'phone', 'whatsapp'] as const satisfies readonly OrderChannel[];
export type KeyedInChannel = (typeof keyedInChannels)[number];

/** A payment the shop takes on the spot, paid at once: cash, UPI to the shop's own QR, or a card on the shop's own machine. */
export const takenPayments = ['cash', 'upi', 'card'] as const;
export type TakenPayment = (typeof takenPayments)[number];

/** How an order keeps a payment taken on the spot: UPI to the shop's QR is the same money as a shopper's UPI transfer to it. */
export const paymentTypeOfTaken = (taken: TakenPayment): string => (taken === 'upi' ? 'upi-manual' : taken);
