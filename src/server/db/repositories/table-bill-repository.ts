import { sql, type Transaction } from 'kysely';
import { ulid } from 'ulid';
import { addMinor, type Minor } from '../../../domain/money.ts';
import { endedUnfulfilled, isFinalStatus, unpaidStatuses } from '../../../domain/order-lifecycle.ts';
import { paymentTypeOfTaken, type TakenPayment } from '../../../domain/order-channels.ts';
import type { Db } from '../database.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import type { OrderOutbox } from './order-outbox.ts';
import { recordTakenPayment } from './keyed-in-writes.ts';

/** A round of a table's bill: one dine-in order, its own kitchen ticket. */
export type BillRound = { id: string; number: number; status: string; paymentStatus: string; paymentType: string | null; total: Minor; createdAt: number };

/** A table's open bill as the staff see it: its rounds, what they come to and what is still to pay (ended rounds count for nothing). */
export type OpenBill = { id: string; spaceId: string; openedAt: number; rounds: BillRound[]; total: Minor; due: Minor };

export type SettleRefusal =
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'bill_closed' }
  /** The bill is not what the staff saw: a round came, went or was paid since (the answer has it as it is now). */
  | { ok: false; reason: 'bill_changed'; bill: OpenBill }
  /** Rounds the shop has not accepted yet: accept or reject them first. */
  | { ok: false; reason: 'round_not_accepted'; numbers: number[] };

export type Settled = { ok: true; bill: OpenBill; invoiced: boolean };

type Reader = Pick<Db['kysely'], 'selectFrom'>;

const ENDED = ['cancelled', 'rejected'];

async function roundsOf(reader: Reader, billIds: readonly string[]): Promise<Map<string, BillRound[]>> {
  const byBill = new Map<string, BillRound[]>();
  if (billIds.length === 0) return byBill;
  const rows = await reader
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'payment_status', 'payment_type', 'grand_total_minor', 'created_at', 'bill_id'])
    .where('bill_id', 'in', [...billIds])
    .orderBy('created_at')
    .orderBy('number')
    .execute();
  for (const r of rows) {
    const round: BillRound = {
      id: r.id,
      number: r.number,
      status: r.status,
      paymentStatus: r.payment_status,
      paymentType: r.payment_type,
      total: r.grand_total_minor,
      createdAt: r.created_at,
    };
    byBill.set(r.bill_id!, [...(byBill.get(r.bill_id!) ?? []), round]);
  }
  return byBill;
}

const live = (rounds: readonly BillRound[]) => rounds.filter((r) => !endedUnfulfilled(r.status));

function billOf(row: { id: string; space_id: string; opened_at: number }, rounds: BillRound[]): OpenBill {
  const counted = live(rounds);
  return {
    id: row.id,
    spaceId: row.space_id,
    openedAt: row.opened_at,
    rounds,
    total: addMinor(...counted.map((r) => r.total)),
    due: addMinor(...counted.filter((r) => unpaidStatuses.includes(r.paymentStatus)).map((r) => r.total)),
  };
}

/**
 * Makes a dine-in order at one of the shop's tables a round of that table's open bill, opening
 * one when the table has none — in the order's transaction. At most one bill of a table is open
 * (a unique index); on PostgreSQL the open bill's row is locked, so a round never joins a bill
 * being settled: it waits, finds the bill settled and opens the next one.
 */
export async function joinTableBill(
  trx: Transaction<Database>,
  { orderId, spaceId, postgres, onSettled }: { orderId: string; spaceId: string; postgres: boolean; onSettled: OnBillSettled | undefined },
  now: number,
): Promise<string> {
  for (;;) {
    await trx
      .insertInto('table_bills')
      .values({ id: ulid(now), space_id: spaceId, status: 'open', opened_at: now, settled_at: null, payment_type: null, reference: null })
      // the partial unique index's own predicate, written out: a bound value would not name it
      .onConflict((oc) =>
        oc
          .column('space_id')
          .where(sql<boolean>`status = 'open'`)
          .doNothing(),
      )
      .execute();
    let open = trx.selectFrom('table_bills').select('id').where('space_id', '=', spaceId).where('status', '=', 'open');
    if (postgres) open = open.forUpdate();
    const bill = await open.executeTakeFirst();
    // settled between the insert and the lock: the next bill is the table's
    if (!bill) continue;
    // every round of it paid and handed over: the party paid round by round and left, so the bill
    // is closed, with its invoice, and the new party starts their own
    const rounds = live((await roundsOf(trx, [bill.id])).get(bill.id) ?? []);
    if (rounds.length > 0 && rounds.every((r) => isFinalStatus(r.status) && !unpaidStatuses.includes(r.paymentStatus))) {
      await trx.updateTable('table_bills').set({ status: 'settled', settled_at: now }).where('id', '=', bill.id).execute();
      await onSettled?.(trx, bill.id, now);
      continue;
    }
    await trx.updateTable('orders').set({ bill_id: bill.id }).where('id', '=', orderId).execute();
    return bill.id;
  }
}

/** Issues a settled bill's one tax invoice in the settlement's transaction (none without a GSTIN). */
export type OnBillSettled = (trx: Transaction<Database>, billId: string, now: number) => Promise<boolean>;

/**
 * The tables' bills (issue 41): the open one of each table with its rounds, and settling one —
 * paid once, however many rounds — in one transaction with every round's payment, its hand-over
 * and the bill's invoice.
 */
export function createTableBillRepository(db: Db, { outbox, onSettled }: { outbox: OrderOutbox; onSettled: OnBillSettled }) {
  const { kysely } = db;

  async function openBills(where: { spaceIds: readonly string[] } | { billId: string }): Promise<OpenBill[]> {
    let query = kysely.selectFrom('table_bills').select(['id', 'space_id', 'opened_at']).where('status', '=', 'open');
    query = 'billId' in where ? query.where('id', '=', where.billId) : query.where('space_id', 'in', where.spaceIds.length ? [...where.spaceIds] : ['']);
    const rows = await query.execute();
    const rounds = await roundsOf(
      kysely,
      rows.map((r) => r.id),
    );
    return rows.map((row) => billOf(row, rounds.get(row.id) ?? []));
  }

  return {
    /** The open bill of each of the tables that has one. */
    openBills: (spaceIds: readonly string[]) => openBills({ spaceIds }),

    /** One bill, while it is open; null once settled, or for no such bill. */
    openBill: async (billId: string): Promise<OpenBill | null> => (await openBills({ billId }))[0] ?? null,

    /** The bill an order is a round of, open or settled; null for an order of no bill. */
    async billOfOrder(orderId: string): Promise<(OpenBill & { status: 'open' | 'settled' }) | null> {
      const row = await kysely
        .selectFrom('orders')
        .innerJoin('table_bills', 'table_bills.id', 'orders.bill_id')
        .select(['table_bills.id', 'table_bills.space_id', 'table_bills.opened_at', 'table_bills.status'])
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
      if (!row) return null;
      const rounds = await roundsOf(kysely, [row.id]);
      return { ...billOf(row, rounds.get(row.id) ?? []), status: row.status };
    },

    /**
     * Moves an open bill to another of the shop's tables (the party changed tables): the rounds to
     * come from there join it. Refused when that table has an open bill of its own.
     */
    async move(
      billId: string,
      spaceId: string,
      actor: Actor,
      now = Date.now(),
    ): Promise<{ ok: true } | { ok: false; reason: 'not_found' | 'bill_closed' | 'table_busy' }> {
      try {
        return await kysely.transaction().execute(async (trx) => {
          let read = trx.selectFrom('table_bills').select(['space_id', 'status']).where('id', '=', billId);
          if (db.dialect === 'postgres') read = read.forUpdate();
          const row = await read.executeTakeFirst();
          if (!row) return { ok: false, reason: 'not_found' } as const;
          if (row.status !== 'open') return { ok: false, reason: 'bill_closed' } as const;
          if (row.space_id === spaceId) return { ok: true } as const;
          const busy = await trx.selectFrom('table_bills').select('id').where('space_id', '=', spaceId).where('status', '=', 'open').executeTakeFirst();
          if (busy) return { ok: false, reason: 'table_busy' } as const;
          await trx.updateTable('table_bills').set({ space_id: spaceId }).where('id', '=', billId).execute();
          await recordAudit(trx, { actor, action: 'bill.moved', subject: `bill:${billId}`, detail: { from: row.space_id, to: spaceId } }, now);
          return { ok: true } as const;
        });
      } catch (e) {
        // a round opened a bill at that table meanwhile: one open bill per table
        if (isUniqueViolation(e)) return { ok: false, reason: 'table_busy' };
        throw e;
      }
    },

    /**
     * Settles the bill once: `due` must be what the staff were shown still to pay (a round that came,
     * went or was paid since refuses it as changed), every round must be accepted. Each unpaid round
     * is paid as taken (cash, UPI to the shop's QR, card), each round not yet served is served, the
     * bill is closed and its one invoice issued — all or nothing, each step audited under `actor`.
     */
    async settle(
      billId: string,
      { taken, reference, due, actor }: { taken: TakenPayment; reference: string | null; due: Minor; actor: Actor },
      now = Date.now(),
    ): Promise<Settled | SettleRefusal> {
      return kysely.transaction().execute(async (trx): Promise<Settled | SettleRefusal> => {
        // the bill's row locked first: a round joining it waits, and then finds it settled
        let read = trx.selectFrom('table_bills').select(['id', 'space_id', 'opened_at', 'status']).where('id', '=', billId);
        if (db.dialect === 'postgres') read = read.forUpdate();
        const row = await read.executeTakeFirst();
        if (!row) return { ok: false, reason: 'not_found' };
        if (row.status !== 'open') return { ok: false, reason: 'bill_closed' };
        const bill = billOf(row, (await roundsOf(trx, [billId])).get(billId) ?? []);
        if (bill.due !== due) return { ok: false, reason: 'bill_changed', bill };
        const waiting = live(bill.rounds).filter((r) => r.status === 'placed');
        if (waiting.length) return { ok: false, reason: 'round_not_accepted', numbers: waiting.map((r) => r.number) };

        const provider = paymentTypeOfTaken(taken);
        for (const round of live(bill.rounds)) {
          const subject = `order:${round.id}`;
          if (unpaidStatuses.includes(round.paymentStatus)) {
            await trx
              .updateTable('orders')
              .set({ payment_type: provider, payment_status: 'paid', updated_at: now })
              .where('id', '=', round.id)
              .where('payment_status', 'in', [...unpaidStatuses])
              .where('status', 'not in', ENDED)
              .execute();
            await recordTakenPayment(trx, { orderId: round.id, amount: round.total, taken, reference, actor, detail: { bill: billId } }, outbox, now);
          }
          if (!isFinalStatus(round.status)) {
            await trx.updateTable('orders').set({ status: 'served', updated_at: now }).where('id', '=', round.id).execute();
            await recordAudit(trx, { actor, action: 'order.status', subject, detail: { from: round.status, to: 'served', bill: billId } }, now);
            await outbox.record(trx, 'order.status_changed', round.id, { from: round.status, to: 'served' }, now);
          }
        }
        await trx.updateTable('table_bills').set({ status: 'settled', settled_at: now, payment_type: provider, reference }).where('id', '=', billId).execute();
        await recordAudit(
          trx,
          { actor, action: 'bill.settled', subject: `bill:${billId}`, detail: { table: row.space_id, paid: bill.due, total: bill.total, taken, reference } },
          now,
        );
        const invoiced = await onSettled(trx, billId, now);
        return { ok: true, bill, invoiced };
      });
    },
  };
}

export type TableBillRepository = ReturnType<typeof createTableBillRepository>;
