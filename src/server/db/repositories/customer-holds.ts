import { sql } from 'kysely';
import { finalStatusList, handedOverStatuses } from '../../../domain/order-lifecycle.ts';
import type { Reader } from './order-repository.ts';

/**
 * What one shopper holds of the shop without having paid (decision 073), by the orders'
 * `customer_key` (`user:…` for an account, else `email:…`, else `phone:…`): the money their
 * open orders not paid through a gateway come to, whether the shop knows them, and the
 * places they hold in a delivery slot. A `guest` key (no account, e-mail or phone) names
 * nobody in particular, so the callers never sum or count by it.
 */

/**
 * The open orders (not handed over, not ended) of `key` that nobody has paid and no gateway
 * will: pay on delivery, UPI to the shop's id, enquiries — their grand totals summed, one left out
 * (`except`, the order being switched to such a payment). A subquery, also run inside an order's first statement.
 */
export function unpaidHeldQuery(reader: Reader, key: string, except?: string) {
  return reader
    .selectFrom('orders')
    .select(sql<number | string>`coalesce(sum(grand_total_minor), 0)`.as('held'))
    .where('customer_key', '=', key)
    .where('status', 'not in', [...finalStatusList])
    .where('payment_status', '<>', 'paid')
    .where((eb) => eb.or([eb('payment_type', 'is', null), eb('payment_type', '<>', 'payu')]))
    .$if(except !== undefined, (q) => q.where('id', '<>', except!));
}

/** Whether the shop has handed `key` an order (delivered, served, picked up) or been paid by them: a row, or none. */
export function knownCustomerQuery(reader: Reader, key: string) {
  return reader
    .selectFrom('orders')
    .select(sql<number>`1`.as('known'))
    .where('customer_key', '=', key)
    .where((eb) => eb.or([eb('status', 'in', [...handedOverStatuses]), eb('payment_status', '=', 'paid')]))
    .limit(1);
}

/** How many places of one delivery slot cell the orders of `key` hold, one order left out (`except`, the one being placed). */
export async function slotPlacesHeld(reader: Reader, key: string, slot: { resource: string; start: number }, except?: string): Promise<number> {
  const row = await reader
    .selectFrom('orders')
    .innerJoin('slot_claims', 'slot_claims.owner_id', 'orders.id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('orders.customer_key', '=', key)
    .where('slot_claims.resource', '=', slot.resource)
    .where('slot_claims.starts_at', '=', slot.start)
    .$if(except !== undefined, (q) => q.where('orders.id', '<>', except!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
