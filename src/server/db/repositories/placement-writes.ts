import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Order } from '../../../domain/order-view.ts';
import type { OrderRecord, SlotView } from '../../../domain/order-record.ts';
import { shortage, type OrderRefusal, type PricedOrder, type Shortage } from '../../../domain/order-pricing.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { takePlaces } from './booking-repository.ts';
import { namesSomebody, slotPlacesHeld } from './customer-holds.ts';
import type { Claim, KeyUse } from './idempotency-repository.ts';

/**
 * What the two writers of a placed order share (`placement-sqlite.ts`, `placement-postgres.ts`):
 * what they are given and answer, the stock's update and the delivery slot's place.
 */

/** An order placed: its view, the notification token, and with a key the key's answer as stored, in JSON (what a replay of it sends). */
export type Placed = { ok: true; order: Order; notificationToken: string; answer?: string };

/** Why `place` wrote nothing: the order refused, or its Idempotency-Key claimed before (`claim`). */
export type PlaceRefusal = ({ ok: false } & OrderRefusal) | { ok: false; reason: 'key_used'; claim: Exclude<Claim, { state: 'claimed' }> };

/** Thrown inside the transaction to roll it back; turned into `place`'s answer. */
export class Refused extends Error {
  constructor(readonly result: PlaceRefusal) {
    super(result.reason);
  }
}

/** The order's Idempotency-Key, with the answer it keeps for the order placed. */
export type KeyAnswer = KeyUse & { answer: (placed: Placed) => unknown };

/** The delivery slot an order takes a place in (checked open by the caller), with how the order shows it. */
export type SlotPlace = { resource: string; start: number; capacity: number; view: SlotView };

/** What a writer is given: the order to keep, and what its writing needs besides. */
export type PlacementWrite = {
  record: OrderRecord;
  /** The priced lines: the stock each takes, and what a short one tells the shopper. */
  lines: PricedOrder['lines'];
  /** The notification token whose hash the record keeps: the shopper's, in the answer. */
  token: string;
  /** None for a digital order, whatever it named. */
  slot: SlotPlace | undefined;
  key: KeyAnswer | undefined;
  shop: Pick<ShopConfig, 'orderConfig'>;
};

/**
 * Takes every line's stock with one `UPDATE … RETURNING id`; what it leaves out is short.
 * The conditions are read again in the update: the owner may have hidden a product or
 * marked it sold out meanwhile, and only a product with the quantity left (or made to order,
 * or in a shop that sells without stock) is taken from. On PostgreSQL the rows are locked
 * in id order first, as the lines come, so two orders never wait for each other (no deadlock);
 * SQLite has one writer. On PostgreSQL it runs as a data-modifying CTE of the order's
 * last statement (decision 065, `placement-postgres.ts`); on SQLite on its own (`placement-sqlite.ts`).
 */
export function stockUpdate(trx: Transaction<Database>, dialect: Db['dialect'], lines: PricedOrder['lines'], allowOrderOnNoStock: boolean, now: number) {
  const ids = lines.map((l) => l.product.id);
  const qtyOf = (eb: ExpressionBuilder<Database, 'products'>) => {
    const [first, ...rest] = lines;
    if (!rest.length) return eb.val(first!.qtyMilli);
    let qty = eb.case().when('id', '=', first!.product.id).then(first!.qtyMilli);
    for (const l of rest) qty = qty.when('id', '=', l.product.id).then(l.qtyMilli);
    return qty.end();
  };
  let update = trx
    .updateTable('products')
    .set((eb) => ({ stock_milli: eb('stock_milli', '-', eb.case().when('tracks_stock', '=', 1).then(qtyOf(eb)).else(0).end()), updated_at: now }))
    .where(
      'id',
      'in',
      dialect === 'postgres' && ids.length > 1 ? trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate() : ids,
    )
    .where('hidden', '=', 0)
    .where((eb) => eb.or([eb('sold_out_until', 'is', null), eb('sold_out_until', '<=', now)]));
  if (!allowOrderOnNoStock) update = update.where((eb) => eb.or([eb('tracks_stock', '=', 0), eb('stock_milli', '>=', qtyOf(eb))]));
  return update.returning('id');
}

/** Refuses the order when a line's stock was not taken (`taken`: the ids the update returned). */
export function refuseShort(lines: PricedOrder['lines'], taken: ReadonlySet<string>): void {
  const short: Shortage[] = lines.filter((l) => !taken.has(l.product.id)).map((l) => shortage(l.product, l.qtyMilli));
  if (short.length) throw new Refused({ ok: false, reason: 'out_of_stock', lines: short });
}

/**
 * Takes the order's place in its delivery slot, if it has one; refused when the slot is full
 * or the shopper holds `maxSlotPlacesPerCustomer` places of it already (decision 073).
 */
export async function takeSlotPlace(trx: Transaction<Database>, { record, slot, shop }: PlacementWrite): Promise<void> {
  if (!slot) return;
  if (!(await takePlaces(trx, record.id, slot.resource, [slot.start], slot.capacity))) throw new Refused({ ok: false, reason: 'slot_full' });
  // counted once the place is taken: on PostgreSQL the slot's row stays locked until this order commits, so the
  // orders for one slot count here one after another, each seeing the places of those before it
  const max = shop.orderConfig.maxSlotPlacesPerCustomer;
  if (namesSomebody(record.customer) && (await slotPlacesHeld(trx, record.customer, slot, record.id)) >= max)
    throw new Refused({ ok: false, reason: 'slot_limit_reached', max });
}
