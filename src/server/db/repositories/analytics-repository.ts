import { sql } from 'kysely';
import { encodeTime, ulid } from 'ulid';
import type { Db } from '../database.ts';

export type AnalyticsEvent = {
  eventType: string;
  value: string;
  deviceId: string | null;
  sessionId: string | null;
  userId: string | null;
  record: Record<string, unknown>;
};

export type AnalyticsSummary = {
  from: number;
  to: number;
  events: Array<{ eventType: string; count: number; devices: number; sessions: number }>;
  days: Array<{ day: string; eventType: string; count: number }>;
};

/** Analytics events (§7 analytics/logEvent), kept for the owner's summary. */
export function createAnalyticsRepository(db: Db) {
  const { kysely } = db;
  return {
    async log(event: AnalyticsEvent, now = Date.now()): Promise<void> {
      await kysely
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
