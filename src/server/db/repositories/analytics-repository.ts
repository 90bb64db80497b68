import { sql, type Transaction } from 'kysely';
import { encodeTime, ulid } from 'ulid';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

export type AnalyticsEvent = {
  eventType: string;
  value: string;
  deviceId: string | null;
  sessionId: string | null;
  userId: string | null;
  record: Record<string, unknown>;
};

/** How many events a day may store for one client, and for all together (decision 077). */
export type AnalyticsBudget = { client: string; perClient: number; perDay: number };

/** What became of an event: stored, or not because its client's or the day's budget was spent. */
export type Logged = 'stored' | 'client_spent' | 'day_spent';

const DAY_MS = 86_400_000;
/** The budget row of all clients together; no client's address is empty. */
const ALL = '';

export type AnalyticsSummary = {
  from: number;
  to: number;
  events: Array<{ eventType: string; count: number; devices: number; sessions: number }>;
  days: Array<{ day: string; eventType: string; count: number }>;
};

/**
 * Counts one event against `client`'s budget for `day` when it has room: false, and nothing
 * changed, when it has not. One statement, so two events at once cannot both take the last place.
 */
async function take(trx: Transaction<Database>, day: number, client: string, budget: number): Promise<boolean> {
  // the first event of a day makes the row: a budget of none must refuse it before
  if (budget < 1) return false;
  const row = await trx
    .insertInto('analytics_budgets')
    .values({ day, client, events: 1 })
    .onConflict((oc) =>
      oc
        .columns(['day', 'client'])
        .doUpdateSet((eb) => ({ events: eb('analytics_budgets.events', '+', 1) }))
        .where('analytics_budgets.events', '<', budget),
    )
    .returning('events')
    .executeTakeFirst();
  return row !== undefined;
}

/** Analytics events (§7 analytics/logEvent), kept for the owner's summary. */
export function createAnalyticsRepository(db: Db) {
  const { kysely } = db;
  return {
    /**
     * Stores the event if its client and the day (UTC) both have room left in `budget`; an
     * event past either is counted nowhere and not stored. The day is checked before the
     * client, so a day that is full makes no row for a client not seen yet; the client is
     * counted before the day, so a client past its own budget takes nothing of the day's.
     */
    async log(event: AnalyticsEvent, now: number, budget: AnalyticsBudget): Promise<Logged> {
      const day = Math.floor(now / DAY_MS);
      return db.write(async (trx) => {
        const all = await trx.selectFrom('analytics_budgets').select('events').where('day', '=', day).where('client', '=', ALL).executeTakeFirst();
        if (all && all.events >= budget.perDay) return 'day_spent';
        if (!(await take(trx, day, budget.client, budget.perClient))) return 'client_spent';
        // the client's count stays though the event is not stored: nothing more is, today
        if (!(await take(trx, day, ALL, budget.perDay))) return 'day_spent';
        await trx
          .insertInto('analytics_events')
          .values({
            id: ulid(now),
            event_type: event.eventType,
            value: event.value,
            device_id: event.deviceId,
            session_id: event.sessionId,
            user_id: event.userId,
            record: JSON.stringify(event.record),
            created_at: now,
          })
          .execute();
        return 'stored';
      });
    },

    /**
     * Deletes the events logged before `cutoff`, a few thousand per statement so a long
     * backlog never holds the database for long. An event's id is a ULID of its time, so
     * the ids before the cutoff's time prefix are exactly the older events, found by the
     * primary key's index.
     */
    async deleteBefore(cutoff: number): Promise<number> {
      const before = encodeTime(cutoff);
      let deleted = 0;
      for (;;) {
        const batch = kysely.selectFrom('analytics_events').select('id').where('id', '<', before).orderBy('id').limit(5000);
        const res = await kysely.deleteFrom('analytics_events').where('id', 'in', batch).executeTakeFirst();
        const n = Number(res.numDeletedRows);
        deleted += n;
        if (n < 5000) return deleted;
      }
    },

    /** Deletes the budgets of the days before `now`'s: only today's decide anything. */
    async deleteBudgetsBefore(now: number): Promise<void> {
      await kysely
        .deleteFrom('analytics_budgets')
        .where('day', '<', Math.floor(now / DAY_MS))
        .execute();
    },

    /** Counts per event type (with distinct devices and sessions) and per UTC day, between two instants. */
    async summary(from: number, to: number): Promise<AnalyticsSummary> {
      const inRange = kysely.selectFrom('analytics_events').where('created_at', '>=', from).where('created_at', '<', to);
      const events = await inRange
        .select((eb) => [
          'event_type',
          eb.fn.countAll<number>().as('count'),
          eb.fn.count<number>('device_id').distinct().as('devices'),
          eb.fn.count<number>('session_id').distinct().as('sessions'),
        ])
        .groupBy('event_type')
        .orderBy('event_type')
        .execute();
      // whole UTC days since the epoch: integer division on both databases
      const day = sql<number>`created_at / 86400000`;
      const perDay = await inRange
        .select((eb) => [day.as('day'), 'event_type', eb.fn.countAll<number>().as('count')])
        .groupBy([day, 'event_type'])
        .orderBy(day)
        .orderBy('event_type')
        .execute();
      return {
        from,
        to,
        events: events.map((e) => ({ eventType: e.event_type, count: Number(e.count), devices: Number(e.devices), sessions: Number(e.sessions) })),
        days: perDay.map((d) => ({ day: new Date(Number(d.day) * 86_400_000).toISOString().slice(0, 10), eventType: d.event_type, count: Number(d.count) })),
      };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
