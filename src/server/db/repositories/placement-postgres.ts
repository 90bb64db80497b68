import { randomInt } from 'node:crypto';
import { sql, type Compilable, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { catalogVersionStatement } from './catalog-version.ts';
import { numberOf, numberStatement } from './counter-repository.ts';
import { answerStatement } from './idempotency-repository.ts';
import { orderRows, viewOfRows } from './order-rows.ts';
import { refuseShort, stockUpdate, takeSlotPlace, type Placed, type PlacementWrite } from './placement-writes.ts';

/**
 * The order's number is taken in its last statement, after its answer is made; the answer
 * is made with a stand-in number (random, 16 digits) and cut around it, and the statement
 * puts the number between the two parts. A stand-in met more than once (a digit run in the
 * shopper's text) is drawn again.
 */
function answerAround(answer: (standIn: number) => string): { before: string; after: string } {
  for (;;) {
    const standIn = 1e15 + randomInt(2 ** 47);
    const parts = answer(standIn).split(String(standIn));
    if (parts.length === 2) return { before: parts[0]!, after: parts[1]! };
  }
}

/**
 * PostgreSQL's writes of a placed order (decisions 062, 065): one statement, each step a
 * data-modifying CTE of it (they all run, read or not) — the stock, the number, the order
 * with its lines and totals, the catalog version and the key's answer with the number put
 * in — the last before the commit, so the rows every order locks (its products' stock, the
 * number) are held for one statement and the commit. A short line rolls it all back
 * (`out_of_stock`); the delivery slot's place is taken after it, so a refusal keeps its order
 * (stock before slot).
 */
export async function placeOnPostgres(trx: Transaction<Database>, write: PlacementWrite): Promise<Placed> {
  const { record, lines, key, shop } = write;
  const now = record.createdAt;
  // the number is a stand-in until the statement takes it
  const rows = orderRows(record, 0);
  const view = viewOfRows(rows);
  const placed: Placed = { ok: true, order: view, notificationToken: write.token };
  const numbered = sql<number>`(select "value" from "n")`;
  const around = key && answerAround((standIn) => JSON.stringify(key.answer({ ...placed, order: { ...view, number: standIn } })));
  const writes: Compilable[] = [
    trx.insertInto('orders').values({ ...rows.order, number: numbered }),
    trx.insertInto('order_lines').values(rows.lines),
    trx.insertInto('order_totals').values(rows.totals),
    catalogVersionStatement(trx, now),
    ...(key && around ? [answerStatement(trx, key, 200, sql<string>`${around.before} || ${numbered}::text || ${around.after}`)] : []),
  ];
  const { rows: taken } = await sql<{ value: number | string; ids: string[] }>`with taken as (${stockUpdate(
    trx,
    'postgres',
    lines,
    shop.orderConfig.allowOrderOnNoStock,
    now,
  )}), n as (${numberStatement(trx, 'order')}), ${sql.join(writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`))}
    select n.value, array(select taken.id from taken) as ids from n`.execute(trx);
  refuseShort(lines, new Set(taken[0]?.ids));
  view.number = numberOf(taken[0], 'order');
  if (around) placed.answer = `${around.before}${view.number}${around.after}`;
  await takeSlotPlace(trx, write);
  return placed;
}
