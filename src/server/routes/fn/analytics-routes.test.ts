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

/** A shopper's device record as the browser sends it (lib/device.ts). */
const device = {
  localTime: '2026-11-21T17:30:00+05:30',
  device_id: 'device-0123456789abcdef',
  session_id: 'session-0123456789abcdef',
  version: '0.8',
  os_name: 'Android',
  device_brand: 'Google',
  device_model: 'Pixel 8',
  device_type: 'mobile',
  user_id: null,
};

describe.each(testDatabases)("analytics within each client's and each day's budget on $name", (database) => {
  let now = START;
  // small budgets, so a test can spend them: 5 events a client, 15 in all, a day
  const shop = useTestApp(database, { clock: () => now, analyticsLimits: { perClient: 5, perDay: 15 } });

  const send = async (client: string, value: string, at = now) => {
    now = at;
    const res = await shop.app.inject({
      method: 'POST',
      url: '/fn/analytics/logEvent',
      remoteAddress: client,
      payload: { event_type: 'page_view', value, sf_id: 'test-shop', ...device },
    });
    // answered alike whether stored or not: a client is never asked to send it again
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
  };
  const stored = async (prefix: string) =>
    (await shop.db.kysely.selectFrom('analytics_events').select('value').where('value', 'like', `${prefix}%`).orderBy('value').execute()).map((r) => r.value);

  it('stores no more of a client past its day, others still; the next day it stores again and past days are forgotten', async () => {
    for (let i = 1; i <= 8; i++) await send('198.51.100.1', `/a-${i}`);
    expect(await stored('/a-')).toEqual(['/a-1', '/a-2', '/a-3', '/a-4', '/a-5']);
    for (let i = 1; i <= 3; i++) await send('198.51.100.2', `/b-${i}`);
    expect(await stored('/b-')).toEqual(['/b-1', '/b-2', '/b-3']);
    // an IPv6 client is its /64: a new address in it each time is the same client
    for (let i = 1; i <= 7; i++) await send(`2001:db8:1:2::${i}`, `/c-${i}`);
    expect(await stored('/c-')).toHaveLength(5);

    // the next day (and more than the hour between prunings later)
    await send('198.51.100.1', '/a-next-day', START + DAY);
    expect(await stored('/a-')).toEqual(['/a-1', '/a-2', '/a-3', '/a-4', '/a-5', '/a-next-day']);
    const budgets = await shop.db.kysely.selectFrom('analytics_budgets').select(['day', 'client', 'events']).orderBy('client').execute();
    expect(budgets).toEqual([
      { day: Math.floor((START + DAY) / DAY), client: '', events: 1 },
      { day: Math.floor((START + DAY) / DAY), client: '198.51.100.1', events: 1 },
    ]);
  });

  it("stores at most the day's events from all clients together, keeping every earlier day's", async () => {
    const day = START + 10 * DAY;
    const before = (await shop.db.kysely.selectFrom('analytics_events').select('id').execute()).length;
    // 6 clients, 3 events each, all within their own budget: 18 sent, 15 stored
    for (let c = 1; c <= 6; c++) for (let i = 1; i <= 3; i++) await send(`203.0.113.${c}`, `/d-${c}-${i}`, day + c * 1000 + i);
    expect(await stored('/d-')).toHaveLength(15);
    // the first fifteen that came
    expect((await stored('/d-')).at(-1)).toBe('/d-5-3');
    expect((await shop.db.kysely.selectFrom('analytics_events').select('id').execute()).length).toBe(before + 15);

    await send('203.0.113.9', '/d-next-day', day + DAY);
    expect(await stored('/d-next-day')).toEqual(['/d-next-day']);
  });

  it('refuses an event longer than 1,536 bytes with 400 and stores nothing of it', async () => {
    const at = START + 20 * DAY;
    const count = async () => (await shop.db.kysely.selectFrom('analytics_events').select('id').execute()).length;
    const before = await count();
    const post = (value: string, extra: object = {}) =>
      shop.app.inject({
        method: 'POST',
        url: '/fn/analytics/logEvent',
        remoteAddress: '192.0.2.1',
        payload: { event_type: 'page_view', value, sf_id: 'test-shop', ...device, ...extra },
      });
    now = at;
    // under 2,048 characters, but the record makes it longer
    const long = await post(`https://shop.example/catalog?q=${'a'.repeat(1900)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, error: 'event_too_large' });
    // 700 characters of three bytes each
    expect((await post('₹'.repeat(700))).json()).toMatchObject({ error: 'event_too_large' });
    // long device fields count too
    expect(
      (await post('/', { device_model: 'é'.repeat(80), device_brand: '€'.repeat(80), os_name: '🙂'.repeat(40), value: '/x'.repeat(700) })).statusCode,
    ).toBe(400);
    expect(await count()).toBe(before);
    // a page address with a campaign's parameters is far below it
    const normal = await post('https://shop.example/p/tee-red-m?utm_source=whatsapp&utm_medium=social&utm_campaign=diwali-2026&fbclid=IwAR0abc');
    expect(normal.json()).toEqual({ success: true });
    expect(await count()).toBe(before + 1);
  });
});

describe.each(testDatabases)("a shopper's visits under the shop's own budgets on $name", (database) => {
  const shop = useTestApp(database, { clock: () => START });

  it("stores every one of a shopper's few dozen events", async () => {
    for (let i = 1; i <= 40; i++) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/fn/analytics/logEvent',
        remoteAddress: '198.51.100.77',
        payload: { event_type: i === 1 ? 'new_session' : 'page_view', value: `https://shop.example/p/item-${i}`, sf_id: 'test-shop', ...device },
      });
      expect(res.json()).toEqual({ success: true });
    }
    const rows = await shop.db.kysely.selectFrom('analytics_events').select('value').execute();
    expect(rows).toHaveLength(40);
  });
});
