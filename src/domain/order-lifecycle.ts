/**
 * The life of an order, as the owner moves it (issue 8): placed → confirmed (or
 * rejected) → preparing → ready / out for delivery → delivered / served / picked up;
 * cancelled from any state before the last. The steps depend on how the shopper gets the
 * order; a small shop may skip some (confirmed straight to ready), never go back.
 * Rejecting or cancelling puts the stock back and frees the delivery slot (once: the
 * repository's conditional update sees to that). No dependencies, so the browser uses it too.
 */

export const orderStatuses = [
  'placed',
  'confirmed',
  'rejected',
  'preparing',
  'ready',
  'out_for_delivery',
  'delivered',
  'served',
  'picked_up',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * How the shopper gets the order: the checkout's delivery modes, and `digital` for an order
 * of only downloads and services (decision 041), whatever mode it was sent with — nothing to
 * pack or carry, so the owner confirms it and marks it delivered once it is sent.
 */
export type FulfilmentMode = 'ship' | 'dine' | 'pickup' | 'digital';

const paths: Record<FulfilmentMode, readonly OrderStatus[]> = {
  ship: ['placed', 'confirmed', 'preparing', 'out_for_delivery', 'delivered'],
  dine: ['placed', 'confirmed', 'preparing', 'ready', 'served'],
  pickup: ['placed', 'confirmed', 'preparing', 'ready', 'picked_up'],
  digital: ['placed', 'confirmed', 'delivered'],
};

/** The step that hands the order over — delivered, served or picked up: where an order the shop hands over at once starts (issue 41). */
export const handOverStatus = (mode: FulfilmentMode): OrderStatus => paths[mode][paths[mode].length - 1]!;

/** Nothing happens to an order in these any more: it was handed over, or it ended unfulfilled. */
export const finalStatusList: readonly OrderStatus[] = ['rejected', 'delivered', 'served', 'picked_up', 'cancelled'];
const finalStatuses: ReadonlySet<string> = new Set<string>(finalStatusList);

/** The order reached its shopper — delivered, served or picked up: they may review what it held, and the shop knows them. */
export const handedOverStatuses: readonly OrderStatus[] = ['delivered', 'served', 'picked_up'];

export const isOrderStatus = (value: string): value is OrderStatus => (orderStatuses as readonly string[]).includes(value);

/** Nothing happens to the order any more: delivered, served, picked up, rejected or cancelled. */
export const isFinalStatus = (status: string): boolean => finalStatuses.has(status);

/** A status an order can be moved to (every one but the first). */
export type OrderMove = Exclude<OrderStatus, 'placed'>;

/** Where the owner may move an order from `from`: forward along its mode's steps, rejected while still placed, or cancelled. */
export function nextStatuses(from: string, mode: FulfilmentMode): OrderMove[] {
  if (!isOrderStatus(from) || isFinalStatus(from)) return [];
  const path = paths[mode];
  const at = path.indexOf(from);
  const forward = at < 0 ? [] : (path.slice(at + 1) as OrderMove[]);
  return [...forward, ...(from === 'placed' ? (['rejected'] as const) : []), 'cancelled'];
}

export const canMoveOrder = (from: string, to: string, mode: FulfilmentMode): boolean => nextStatuses(from, mode).includes(to as OrderMove);

/** The order ended unfulfilled, rejected or cancelled: it takes no more money (a payment that still arrives is owed back). */
export const endedUnfulfilled = (status: string): boolean => status === 'rejected' || status === 'cancelled';

/** Rejecting or cancelling gives the order's stock and delivery slot back. */
export const givesStockBack = (to: OrderStatus): boolean => endedUnfulfilled(to);

/** What the shopper is told (push and e-mail) when the order reaches the status; `{id}` is the short order number. */
export const orderStatusNews: Record<OrderMove, string> = {
  confirmed: 'Your order {id} is confirmed.',
  rejected: 'Sorry, the shop could not take your order {id}.',
  preparing: 'Your order {id} is being prepared.',
  ready: 'Your order {id} is ready.',
  out_for_delivery: 'Your order {id} is on its way.',
  delivered: 'Your order {id} was delivered. Thank you!',
  served: 'Your order {id} is served. Enjoy!',
  picked_up: 'Your order {id} was picked up. Thank you!',
  cancelled: 'Your order {id} is cancelled.',
};

/** Payment states that are still to be paid: the shopper may pick or change how, and the owner may mark a manual one paid. */
export const unpaidStatuses: readonly string[] = ['to_collect', 'awaiting_payment', 'awaiting_verification'];

/** The order ended, rejected or cancelled, before any money came: there is nothing to pay and nothing to collect (not "awaiting payment"). */
export const endedWithoutPayment = (order: { status: string; paymentStatus: string }): boolean =>
  endedUnfulfilled(order.status) && unpaidStatuses.includes(order.paymentStatus);

/** Whether the owner marks this order's payment by hand: an unpaid UPI transfer, or pay on delivery to collect, of an order that did not end unfulfilled. */
export const ownerMarksPayment = (order: { status: string; paymentStatus: string; paymentType: string | null }): boolean =>
  !endedUnfulfilled(order.status) && unpaidStatuses.includes(order.paymentStatus) && (order.paymentType === 'pof' || order.paymentType === 'upi-manual');

/** Whether the shopper is offered a way to pay now (the UPI QR, PayU's form): an order waiting for its payment, not rejected or cancelled. */
export const shopperMayPay = (order: { kind: string; status: string; paymentStatus: string }): boolean =>
  order.kind === 'order' && !endedUnfulfilled(order.status) && order.paymentStatus === 'awaiting_payment';

/** Whether a shop registered for GST has issued the order's tax invoice: an order it accepted (past placed), not rejected or cancelled. */
export const hasTaxInvoice = (order: { kind: string; status: string }): boolean =>
  order.kind === 'order' && isOrderStatus(order.status) && order.status !== 'placed' && !givesStockBack(order.status);
