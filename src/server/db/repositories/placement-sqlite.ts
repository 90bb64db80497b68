import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { catalogVersionStatement } from './catalog-version.ts';
import { takeNumber } from './counter-repository.ts';
import { storeAnswer } from './idempotency-repository.ts';
import { orderRows, viewOfRows } from './order-rows.ts';
import { refuseShort, stockUpdate, takeSlotPlace, type Placed, type PlacementWrite } from './placement-writes.ts';

/**
 * SQLite's writes of a placed order, each a statement of its own in the transaction of
 * `Db.write`, which holds SQLite's one write lock and shares its commit with the orders placed
 * at the same moment: the stock, the slot's place, the number (the last write before the
 * rows), then the order, its lines and totals, the catalog version and the key's answer,
 * stored once with an upsert (decision 062).
 */
export async function placeOnSqlite(trx: Transaction<Database>, write: PlacementWrite): Promise<Placed> {
  const { record, lines, key, shop } = write;
  const now = record.createdAt;
  const taken = await stockUpdate(trx, 'sqlite', lines, shop.orderConfig.allowOrderOnNoStock, now).execute();
  refuseShort(lines, new Set(taken.map((r) => r.id)));
  await takeSlotPlace(trx, write);
  const rows = orderRows(record, await takeNumber(trx, 'order'));
  const placed: Placed = { ok: true, order: viewOfRows(rows), notificationToken: write.token };
  if (key) placed.answer = JSON.stringify(key.answer(placed));
  for (const w of [
    trx.insertInto('orders').values(rows.order),
    trx.insertInto('order_lines').values(rows.lines),
    trx.insertInto('order_totals').values(rows.totals),
    catalogVersionStatement(trx, now),
  ])
    await trx.executeQuery(w);
  if (key && placed.answer) await storeAnswer(trx, key, 200, placed.answer, now);
  return placed;
}
