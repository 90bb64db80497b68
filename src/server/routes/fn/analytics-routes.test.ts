import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases.ts';
import { useTestApp } from '../../testing/test-app.ts';

const DAY = 86_400_000;
/** Saturday 21 November 2026, noon UTC: the tests' first day. */
const START = Date.UTC(2026, 10, 21, 12);

describe.each(testDatabases)('POST /fn/analytics/logEvent on $name', (database) => {
  let now = START;
  const shop = useTestApp(database, { clock: () => now });

  const logAt = async (at: number, value: string) => {
    now = at;
    const res = await shop.app.inject({ method: 'POST', url: '/fn/analytics/logEvent', payload: { event_type: 'new_session', value, sf_id: 'test-shop' } });
    expect(res.json()).toEqual({ success: true });
  };
  const kept = async () => (await shop.db.kysely.selectFrom('analytics_events').select('value').orderBy('created_at').execute()).map((r) => r.value);

  it('keeps events for 90 days: older ones are deleted, newer ones stay', async () => {
    await logAt(START, '/day-0');
    await logAt(START + 2 * DAY, '/day-2');
    await logAt(START + 60 * DAY, '/day-60');
    expect(await kept()).toEqual(['/day-0', '/day-2', '/day-60']);

    // 91 days after the first: it is gone; the one from day 2 is 89 days old and stays
    await logAt(START + 91 * DAY, '/day-91');
    expect(await kept()).toEqual(['/day-2', '/day-60', '/day-91']);

    // a year on, only the last one sent is left
    await logAt(START + 365 * DAY, '/day-365');
    expect(await kept()).toEqual(['/day-365']);
  });

  it('a backlog of old events larger than one deletion is deleted whole', async () => {
    const old = START + 300 * DAY;
    const rows = Array.from({ length: 12_001 }, (_, i) => ({
      id: ulid(old + i),
      event_type: 'new_session',
      value: `/old-${i}`,
      device_id: null,
      session_id: null,
      user_id: null,
      record: '{}',
      created_at: old + i,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await shop.db.kysely
        .insertInto('analytics_events')
        .values(rows.slice(i, i + 1000))
        .execute();
    expect((await kept()).filter((v) => v.startsWith('/old-'))).toHaveLength(12_001);
    await logAt(old + 12_001 + 90 * DAY, '/later');
    expect((await kept()).filter((v) => v.startsWith('/old-'))).toEqual([]);
    expect(await kept()).toContain('/later');
  });
});
