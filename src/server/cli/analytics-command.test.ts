import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.ts';
import { createAnalyticsRepository } from '../db/repositories/analytics-repository.ts';
import { readEnv } from '../env.ts';
import { capture, useScratchDir } from '../testing/cli.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const { dir, writeJson } = useScratchDir();

describe('npm run shop -- analytics summary', () => {
  const env = () => ({ ...readEnv({}), shopConfig: writeJson('shop.json', testShopConfig()), dataDir: path.join(dir, 'data-analytics') });
  const record = {
    localTime: '2026-11-21T10:00:00+05:30',
    device_id: 'd',
    session_id: 's',
    version: '0.8',
    os_name: null,
    device_brand: null,
    device_model: null,
    device_type: 'mobile',
    user_id: null,
  };

  it('counts the visits of the last days per type and per day, with their devices and sessions', async () => {
    const e = env();
    const db = openDatabase({ dataDir: e.dataDir, databaseUrl: undefined });
    await migrate(db);
    const analytics = createAnalyticsRepository(db);
    const now = Date.now();
    for (const [deviceId, sessionId, at] of [
      ['d1', 's1', now - 1000],
      ['d1', 's2', now - 2000],
      ['d2', 's3', now - 3000],
      ['d3', 's4', now - 40 * 86_400_000],
    ] as const) {
      await analytics.log(
        {
          eventType: 'new_session',
          value: 'http://shop.example/',
          deviceId,
          sessionId,
          userId: null,
          record: { ...record, device_id: deviceId, session_id: sessionId },
        },
        at,
        { client: '203.0.113.1', perClient: 100, perDay: 100 },
      );
    }
    await db.close();

    const { lines, out } = capture();
    expect(await runCli(['analytics', 'summary'], out, e)).toBe(0);
    const text = lines.join('\n');
    // three visits of two devices in the last 30 days; the one 40 days ago is left out
    expect(text).toMatch(/new_session\s+3\s+2\s+3/);
    expect(text).toContain(new Date(now).toISOString().slice(0, 10));

    const all = capture();
    expect(await runCli(['analytics', 'summary', '60'], all.out, e)).toBe(0);
    expect(all.lines.join('\n')).toMatch(/new_session\s+4\s+3\s+4/);
  });

  it('refuses a day count that is not a whole number of days', async () => {
    const { lines, out } = capture();
    expect(await runCli(['analytics', 'summary', 'lots'], out, env())).toBe(1);
    expect(lines.join('\n')).toContain('Usage: npm run shop -- analytics summary');
  });
});
