/** The ways an order is paid (spec §9's providers and the shop's own): a module without zod, for the browser's chunks too. */
export const paymentTypes = ['payu', 'razorpay', 'upi-manual', 'pof'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/** Paid through a payment gateway: the gateway's signed answer tells the shop the money came, nobody checks it by hand. */
export const gatewayPaymentTypes = ['payu', 'razorpay'] as const satisfies readonly PaymentType[];

/** Whether `type` is paid through a gateway (PayU, Razorpay): the money is taken before the order is handed over, and an unpaid one expires. */
export const paidThroughGateway = (type: string | null | undefined): boolean => (gatewayPaymentTypes as readonly unknown[]).includes(type);

/** The ways a booking's deposit can be paid (issue 39): the shop's, in its order, but on delivery, which is at the visit. */
export const depositPaymentTypes = (providers: readonly { id: string }[]): PaymentType[] =>
  providers.map((p) => p.id).filter((id): id is PaymentType => id !== 'pof' && (paymentTypes as readonly string[]).includes(id));

/**
 * The pages a shopper pays on (the thank-you page, an order's own page): the only ones whose CSP
 * lets a gateway's script run (Razorpay's Checkout). A page reached by a client-side navigation
 * keeps the CSP of the page first loaded, so the browser loads a paying page afresh.
 */
export const PAYING_PAGES = /^\/(checkout2?|account\/orders\/[^/?]+|guest\/view-order)(\?|$)/;
