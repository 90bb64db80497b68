import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/** A gateway's event, acted on once (payment_events, migration 019); absent for the shopper's own signed answer. */
export type GatewayEvent = { id: string; name: string };

/**
 * Keeps `event` as acted on, in the transaction acting on it: false when it was before (a
 * webhook sent again), and nothing is to change. `outcome` is set by `eventOutcome`.
 */
export async function firstTimeEvent(trx: Transaction<Database>, provider: string, event: GatewayEvent, now: number): Promise<boolean> {
  const kept = await trx
    .insertInto('payment_events')
    .values({ provider, event_id: event.id, event: event.name, order_id: null, outcome: 'received', received_at: now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(kept.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** What the event did, beside it. */
export async function eventOutcome(trx: Transaction<Database>, provider: string, event: GatewayEvent, orderId: string | null, outcome: string) {
  await trx.updateTable('payment_events').set({ order_id: orderId, outcome }).where('provider', '=', provider).where('event_id', '=', event.id).execute();
}
