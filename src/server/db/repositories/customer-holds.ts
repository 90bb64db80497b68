import { sql, type ExpressionBuilder } from 'kysely';
import type { CustomerIdentity } from '../../../domain/customer-identity.ts';
import { gatewayPaymentTypes } from '../../../domain/payment-types.ts';
import { finalStatusList, handedOverStatuses } from '../../../domain/order-lifecycle.ts';
import type { Database } from '../schema.ts';
import type { Reader } from './order-views.ts';

/**
 * What one shopper holds of the shop without having paid (decision 073): the money their
 * open orders not paid through a gateway come to, whether the shop knows them, and the
 * places they hold in a delivery slot. A shopper's orders are those under their key
 * (`user:…` for an account, else `email:…`, else `phone:…`) or with their e-mail or phone
 * however typed (decision 076), so another e-mail with the same phone is the same shopper.
 * A `guest` key with neither names nobody in particular: the callers never sum or count by it.
 */

/** Whether the shopper is somebody the orders can be counted by: an account, an e-mail or a phone. */
export const namesSomebody = (who: CustomerIdentity) => who.key !== 'guest';

/** The shopper's orders: under their key, or carrying their e-mail or phone. */
function ofShopper(eb: ExpressionBuilder<Database, 'orders'>, who: CustomerIdentity) {
  return eb.or([
    eb('orders.customer_key', '=', who.key),
    ...(who.email ? [eb('orders.email_key', '=', who.email)] : []),
    ...(who.phone ? [eb('orders.phone_key', '=', who.phone)] : []),
  ]);
}

/**
 * The open orders (not handed over, not ended) of `who` that nobody has paid and no gateway
 * will: pay on delivery, UPI to the shop's id, enquiries — their grand totals summed, one left out
 * (`except`, the order being switched to such a payment). A subquery, also run inside an order's first statement.
 */
export function unpaidHeldQuery(reader: Reader, who: CustomerIdentity, except?: string) {
  return reader
    .selectFrom('orders')
    .select(sql<number | string>`coalesce(sum(grand_total_minor), 0)`.as('held'))
    .where((eb) => ofShopper(eb, who))
    .where('status', 'not in', [...finalStatusList])
    .where('payment_status', '<>', 'paid')
    .where((eb) => eb.or([eb('payment_type', 'is', null), eb('payment_type', 'not in', gatewayPaymentTypes)]))
    .$if(except !== undefined, (q) => q.where('id', '<>', except!));
}

/** Whether the shop has handed `who` an order (delivered, served, picked up) or been paid by them: a row, or none. */
export function knownCustomerQuery(reader: Reader, who: CustomerIdentity) {
  return reader
    .selectFrom('orders')
    .select(sql<number>`1`.as('known'))
    .where((eb) => ofShopper(eb, who))
    .where((eb) => eb.or([eb('status', 'in', [...handedOverStatuses]), eb('payment_status', '=', 'paid')]))
    .limit(1);
}

/** How many places of one delivery slot cell the orders of `who` hold, one order left out (`except`, the one being placed). */
export async function slotPlacesHeld(reader: Reader, who: CustomerIdentity, slot: { resource: string; start: number }, except?: string): Promise<number> {
  const row = await reader
    .selectFrom('orders')
    .innerJoin('slot_claims', 'slot_claims.owner_id', 'orders.id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => ofShopper(eb, who))
    .where('slot_claims.resource', '=', slot.resource)
    .where('slot_claims.starts_at', '=', slot.start)
    .$if(except !== undefined, (q) => q.where('orders.id', '<>', except!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
