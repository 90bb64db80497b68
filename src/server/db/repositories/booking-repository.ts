import type { Transaction } from 'kysely';
import { ulid } from 'ulid';
import { depositState, type AppointmentStatus, type BookingOutcome, type DepositState, type Placement } from '../../../domain/booking.ts';
import { minor, type Minor } from '../../../domain/money.ts';
import type { OrderRecord } from '../../../domain/order-record.ts';
import type { Order } from '../../../domain/order-view.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { AppointmentTable } from '../tables/bookings.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { takeNumber } from './counter-repository.ts';
import { noOutbox, type OrderOutbox } from './order-outbox.ts';
import { orderRows, viewOfRows } from './order-rows.ts';

type Trx = Transaction<Database>;

/**
 * The booking engine's storage (decision 021), shared by appointments and delivery
 * slots. A place is taken with one conditional update per cell, `taken < capacity`, so
 * concurrent requests never pass the capacity on either database; the owner's claims
 * say what to give back.
 */

/**
 * Takes one place in every cell for the owner, inside the caller's transaction. False
 * when a cell is full: the caller must roll back (some cells may have been taken).
 */
export async function takePlaces(trx: Trx, ownerId: string, resource: string, cells: readonly number[], capacity: number): Promise<boolean> {
  // cells in one order in every transaction: no deadlocks between bookings
  for (const startsAt of [...cells].sort((a, b) => a - b)) {
    await trx
      .insertInto('slot_use')
      .values({ resource, starts_at: startsAt, taken: 0 })
      .onConflict((oc) => oc.columns(['resource', 'starts_at']).doNothing())
      .execute();
    const taken = await trx
      .updateTable('slot_use')
      .set((eb) => ({ taken: eb('taken', '+', 1) }))
      .where('resource', '=', resource)
      .where('starts_at', '=', startsAt)
      .where('taken', '<', capacity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await trx.insertInto('slot_claims').values({ owner_id: ownerId, resource, starts_at: startsAt }).execute();
  }
  return true;
}

/** Gives back every place the owner holds, once: a second release finds no claims. */
export async function releasePlaces(trx: Trx, ownerId: string): Promise<number> {
  const claims = await trx.deleteFrom('slot_claims').where('owner_id', '=', ownerId).returning(['resource', 'starts_at']).execute();
  claims.sort((a, b) => (a.resource === b.resource ? a.starts_at - b.starts_at : a.resource < b.resource ? -1 : 1));
  for (const c of claims) {
    await trx
      .updateTable('slot_use')
      .set((eb) => ({ taken: eb('taken', '-', 1) }))
      .where('resource', '=', c.resource)
      .where('starts_at', '=', c.starts_at)
      .where('taken', '>', 0)
      .execute();
  }
  return claims.length;
}

/** Places taken per cell start of a resource between two instants (cells never used are absent). */
export async function placesTaken(db: Db, resource: string, from: number, to: number): Promise<Map<number, number>> {
  const rows = await db.kysely
    .selectFrom('slot_use')
    .select(['starts_at', 'taken'])
    .where('resource', '=', resource)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .execute();
  return new Map(rows.map((r) => [r.starts_at, r.taken]));
}

export type AppointmentDetails = {
  serviceName: string;
  price: number;
  durationMinutes: number;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string;
  /** The shopper asked for the booking's confirmation and reminder on WhatsApp (issue 40). */
  whatsappUpdates?: boolean;
};

export type AppointmentRecord = {
  id: string;
  userId: string;
  serviceId: string;
  start: number;
  end: number;
  status: AppointmentStatus;
  details: AppointmentDetails;
  createdAt: number;
  /** The order carrying the deposit paid when booking, and where its money is; null when none was asked. */
  deposit: DepositRecord | null;
};

export type DepositRecord = { orderId: string; orderNumber: number; amount: Minor; paymentType: string | null; state: DepositState };

type Reader = Trx | Db['kysely'];

/**
 * Ends, in the caller's transaction, the order that carries a booking's deposit when the booking
 * is cancelled (the order repository's: its refund owed, its events), once: an order ended already is
 * left; or completes it when the booking took place.
 */
export type EndDepositOrder = (trx: Trx, orderId: string, actor: Actor, now: number) => Promise<void>;

/**
 * Cancels the booking whose deposit `orderId` carries, when that order ends unfulfilled (unpaid at
 * its hold's end, rejected, cancelled): its places are given back, once, in the order's transaction.
 */
export async function cancelBookingOfDeposit(trx: Trx, orderId: string, actor: Actor, now: number): Promise<void> {
  const booking = await trx
    .updateTable('appointments')
    .set({ status: 'cancelled', updated_at: now })
    .where('deposit_order_id', '=', orderId)
    .where('status', '=', 'booked')
    .returning('id')
    .executeTakeFirst();
  if (!booking) return;
  await releasePlaces(trx, booking.id);
  await recordAudit(
    trx,
    { actor, action: 'appointment.cancel', subject: `appointment:${booking.id}`, detail: { reason: 'deposit_order_ended', orderId } },
    now,
  );
}

export type ChangeRefusal = 'not_found' | 'cancelled' | 'too_late' | 'full';

/** Thrown inside a transaction to roll it back. */
class Refused extends Error {
  constructor(readonly reason: ChangeRefusal) {
    super(reason);
  }
}

const toRecord = (row: AppointmentTable, deposit: DepositRecord | null): AppointmentRecord => ({
  id: row.id,
  userId: row.user_id!,
  serviceId: row.service_id,
  start: row.starts_at,
  end: row.ends_at,
  status: row.status as AppointmentRecord['status'],
  details: JSON.parse(row.details) as AppointmentDetails,
  createdAt: row.created_at,
  deposit,
});

/** The bookings of `rows` with their deposits, read in one query. */
async function withDeposits(reader: Reader, rows: readonly AppointmentTable[]): Promise<AppointmentRecord[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.deposit_order_id ? [r.deposit_order_id] : [])))];
  const orders = ids.length
    ? await reader
        .selectFrom('orders')
        .leftJoin('refunds', 'refunds.order_id', 'orders.id')
        .select([
          'orders.id',
          'orders.number',
          'orders.grand_total_minor',
          'orders.payment_type',
          'orders.payment_status',
          'orders.status',
          'refunds.status as refund',
        ])
        .where('orders.id', 'in', ids)
        .execute()
    : [];
  const deposits = new Map(
    orders.map((o) => [
      o.id,
      {
        orderId: o.id,
        orderNumber: o.number,
        amount: minor(o.grand_total_minor),
        paymentType: o.payment_type,
        state: depositState({ status: o.status, paymentStatus: o.payment_status, refund: o.refund as 'due' | 'refunded' | null }),
      },
    ]),
  );
  return rows.map((r) => toRecord(r, (r.deposit_order_id && deposits.get(r.deposit_order_id)) || null));
}

/** One booking as it is now, with its deposit. */
const readBooking = async (trx: Reader, id: string) =>
  (await withDeposits(trx, [await trx.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()]))[0]!;

/**
 * Appointments (spec §7 appointment/create, api/user/appointments). Every query but
 * `book` is scoped to the user: another user's id finds nothing, like a missing one.
 */
export function createAppointmentRepository(
  db: Db,
  {
    outbox = noOutbox,
    endOrder,
    completeOrder,
    onBooked,
  }: {
    outbox?: OrderOutbox;
    endOrder?: EndDepositOrder;
    completeOrder?: EndDepositOrder;
    /** In the booking's transaction, once it is made: the owner's WhatsApp alert is queued with it. */
    onBooked?: (trx: Trx, booking: { id: string; start: number; details: AppointmentDetails }, now: number) => Promise<void>;
  } = {},
) {
  const { kysely } = db;
  /** A cancelled booking's deposit order ends with it (its refund owed when paid). */
  const endDeposit = async (trx: Trx, id: string, actor: Actor, now: number) => {
    const row = await trx.selectFrom('appointments').select('deposit_order_id').where('id', '=', id).executeTakeFirstOrThrow();
    if (row.deposit_order_id && endOrder) await endOrder(trx, row.deposit_order_id, actor, now);
  };

  /**
   * One transaction; a refusal rolls it back and is returned. PostgreSQL may break a
   * deadlock between two moves crossing each other's cells by failing one: it is run again.
   */
  async function run<T>(work: (trx: Trx) => Promise<T>): Promise<T | { refused: ChangeRefusal }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await kysely.transaction().execute(work);
      } catch (err) {
        if (err instanceof Refused) return { refused: err.reason };
        if (attempt < 3 && (err as { code?: string }).code === '40P01') continue;
        throw err;
      }
    }
  }

  /** Why a conditional change of the user's booking touched nothing. */
  async function whyNot(trx: Trx, userId: string, id: string): Promise<ChangeRefusal> {
    const row = await trx.selectFrom('appointments').select('status').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return !row ? 'not_found' : row.status === 'cancelled' ? 'cancelled' : 'too_late';
  }

  return {
    /**
     * Books a place: the cells and the appointment in one transaction, or nothing when a
     * cell is full or the shopper already holds `maxUpcoming` bookings that have not ended.
     */
    async book(
      userId: string,
      at: Placement,
      details: AppointmentDetails,
      now = Date.now(),
      maxUpcoming = Infinity,
      deposit?: OrderRecord,
    ): Promise<(AppointmentRecord & { depositOrder: Order | null }) | { refused: ChangeRefusal | 'too_many' }> {
      return run(async (trx): Promise<(AppointmentRecord & { depositOrder: Order | null }) | { refused: 'too_many' }> => {
        // the shopper's row is locked before counting, so one shopper's simultaneous bookings
        // count one after the other (SQLite runs one write transaction at a time anyway);
        // NO KEY UPDATE leaves their other inserts that only reference the row unblocked
        if (db.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
        const held = await trx
          .selectFrom('appointments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('status', '=', 'booked')
          .where('ends_at', '>', now)
          .executeTakeFirstOrThrow();
        if (Number(held.n) >= maxUpcoming) return { refused: 'too_many' };
        const id = ulid(now);
        if (!(await takePlaces(trx, id, at.resource, at.cells, at.capacity))) throw new Refused('full');
        const row = {
          id,
          user_id: userId,
          service_id: at.serviceId,
          starts_at: at.start,
          ends_at: at.end,
          status: 'booked',
          details: JSON.stringify(details),
          deposit_order_id: deposit?.id ?? null,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('appointments').values(row).execute();
        await onBooked?.(trx, { id, start: at.start, details }, now);
        if (!deposit) return { ...toRecord(row, null), depositOrder: null };
        // the deposit is an order of the shop's, numbered in its series, paid like any other
        const rows = orderRows(deposit, await takeNumber(trx, 'order'));
        await trx.insertInto('orders').values(rows.order).execute();
        await trx.insertInto('order_lines').values(rows.lines).execute();
        await trx.insertInto('order_totals').values(rows.totals).execute();
        const depositOrder = viewOfRows(rows);
        await outbox.record(trx, 'order.placed', deposit.id, {}, now, depositOrder);
        return { ...(await readBooking(trx, id)), depositOrder };
      });
    },

    async listForUser(userId: string): Promise<AppointmentRecord[]> {
      const rows = await kysely.selectFrom('appointments').selectAll().where('user_id', '=', userId).orderBy('starts_at').orderBy('id').limit(500).execute();
      return withDeposits(kysely, rows);
    },

    async findForUser(userId: string, id: string): Promise<AppointmentRecord | null> {
      const row = await kysely.selectFrom('appointments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return row ? (await withDeposits(kysely, [row]))[0]! : null;
    },

    /** Cancels the user's booking if it starts at `notBefore` or later, freeing its places once. */
    async cancel(userId: string, id: string, notBefore: number, now = Date.now()): Promise<AppointmentRecord | { refused: ChangeRefusal }> {
      return run(async (trx) => {
        const res = await trx
          .updateTable('appointments')
          .set({ status: 'cancelled', updated_at: now })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('status', '=', 'booked')
          .where('starts_at', '>=', notBefore)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new Refused(await whyNot(trx, userId, id));
        await releasePlaces(trx, id);
        await endDeposit(trx, id, 'shopper', now);
        return readBooking(trx, id);
      });
    },

    /** Every booking starting in [from, to), booked and cancelled, by start: the owner's day. */
    async listBetween(from: number, to: number): Promise<AppointmentRecord[]> {
      const rows = await kysely
        .selectFrom('appointments')
        .selectAll()
        .where('starts_at', '>=', from)
        .where('starts_at', '<', to)
        .orderBy('starts_at')
        .orderBy('id')
        .limit(1000)
        .execute();
      return withDeposits(kysely, rows);
    },

    /**
     * The owner cancels a booking that has not ended yet: its places are given back once,
     * and the audit entry is written in the same transaction.
     */
    async cancelByOwner(id: string, actor: Actor, now = Date.now()): Promise<AppointmentRecord | { refused: ChangeRefusal }> {
      return run(async (trx) => {
        const res = await trx
          .updateTable('appointments')
          .set({ status: 'cancelled', updated_at: now })
          .where('id', '=', id)
          .where('status', '=', 'booked')
          .where('ends_at', '>', now)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) {
          const row = await trx.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirst();
          throw new Refused(!row ? 'not_found' : row.status === 'cancelled' ? 'cancelled' : 'too_late');
        }
        await releasePlaces(trx, id);
        await recordAudit(trx, { actor, action: 'appointment.cancel', subject: `appointment:${id}`, detail: {} }, now);
        await endDeposit(trx, id, actor, now);
        return readBooking(trx, id);
      });
    },

    /**
     * The owner marks how a booking went, once it has started: attended or no-show (and
     * may correct it). A cancelled booking has no outcome. Audited in the same transaction.
     */
    async setOutcome(
      id: string,
      outcome: BookingOutcome,
      actor: Actor,
      now = Date.now(),
    ): Promise<AppointmentRecord | { refused: 'not_found' | 'cancelled' | 'not_started' }> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('appointments').select(['status', 'starts_at']).where('id', '=', id).executeTakeFirst();
        if (!row) return { refused: 'not_found' as const };
        if (row.status === 'cancelled') return { refused: 'cancelled' as const };
        if (row.starts_at > now) return { refused: 'not_started' as const };
        const res = await trx
          .updateTable('appointments')
          .set({ status: outcome, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', row.status)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return { refused: 'cancelled' as const };
        await recordAudit(trx, { actor, action: `appointment.${outcome}`, subject: `appointment:${id}`, detail: { from: row.status } }, now);
        // it took place, or the shopper did not come and forfeits it: a paid deposit's order is done
        const { deposit_order_id: depositOrder } = await trx
          .selectFrom('appointments')
          .select('deposit_order_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (depositOrder && completeOrder) await completeOrder(trx, depositOrder, actor, now);
        return readBooking(trx, id);
      });
    },

    /** The bookings still to come in [from, to), by start: the owner's upcoming list. */
    async upcoming(from: number, to: number): Promise<AppointmentRecord[]> {
      const rows = await kysely
        .selectFrom('appointments')
        .selectAll()
        .where('status', '=', 'booked')
        .where('ends_at', '>', from)
        .where('starts_at', '<', to)
        .orderBy('starts_at')
        .orderBy('id')
        .limit(500)
        .execute();
      return withDeposits(kysely, rows);
    },

    /**
     * Moves the user's booking (same service) to a new place, if it starts at `notBefore` or later; all or nothing.
     * `depositLine`: its deposit's order line names the new time so.
     */
    async reschedule(
      userId: string,
      id: string,
      to: Placement,
      notBefore: number,
      now = Date.now(),
      depositLine?: string,
    ): Promise<AppointmentRecord | { refused: ChangeRefusal }> {
      return run(async (trx) => {
        const res = await trx
          .updateTable('appointments')
          .set({ starts_at: to.start, ends_at: to.end, updated_at: now })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('service_id', '=', to.serviceId)
          .where('status', '=', 'booked')
          .where('starts_at', '>=', notBefore)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new Refused(await whyNot(trx, userId, id));
        await releasePlaces(trx, id);
        if (!(await takePlaces(trx, id, to.resource, to.cells, to.capacity))) throw new Refused('full');
        if (depositLine)
          await trx
            .updateTable('order_lines')
            .set({ variant_name: depositLine })
            .where('order_id', '=', (eb) => eb.selectFrom('appointments').select('deposit_order_id').where('id', '=', id))
            .execute();
        return readBooking(trx, id);
      });
    },
  };
}

export type AppointmentRepository = ReturnType<typeof createAppointmentRepository>;
