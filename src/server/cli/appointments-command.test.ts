import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../domain/booking.ts';
import { createAppointmentRepository } from '../db/repositories/booking-repository.ts';
import { readEnv } from '../env.ts';
import { capture, useScratchDir } from '../testing/cli.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { insertUser } from '../testing/users.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { runCli } from './main.ts';

const { writeJson } = useScratchDir();

describe.each(testDatabases)('npm run shop -- appointments list on $name', (database) => {
  let opened: OpenTestDatabase;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => opened?.dispose());

  it("lists one day's bookings in the shop's time zone, with who booked, and refuses a bad date", async () => {
    const shop = { ...testShopConfig(), timeZone: 'Asia/Kolkata' };
    const env = { ...readEnv({}), shopConfig: writeJson('shop-bookings.json', shop), ...opened.location };
    const repo = createAppointmentRepository(opened.db);
    await insertUser(opened.db, { id: 'asha', role: 'customer', name: 'Asha Rao' });
    const book = (date: string, time: string, notes: string) => {
      const start = instantOf(date, time, 'Asia/Kolkata');
      return repo.book(
        'asha',
        { serviceId: 'fitting', resource: 'service:fitting', cells: [start], capacity: 1, start, end: start + 30 * 60_000 },
        { serviceName: 'Kurta fitting', price: 150, durationMinutes: 30, name: 'Asha Rao', email: 'asha@example.com', phone: null, notes },
      );
    };
    // 00:15 in India is still the evening before in UTC: it belongs to the 24th
    await book('2026-12-24', '00:15', 'Blue kurta\u001b[31m');
    await book('2026-12-25', '10:00', '');
    const { lines, out } = capture();
    expect(await runCli(['appointments', 'list', '2026-12-24'], out, env)).toBe(0);
    expect(lines).toEqual([
      '2026-12-24 (Asia/Kolkata): 1 booked',
      expect.stringMatching(/^ {2}00:15–00:45 {2}booked {5}Kurta fitting {2}Asha Rao, asha@example\.com {2}\w{26}\n {6}note: Blue kurta \[31m$/),
    ]);
    const bad = capture();
    expect(await runCli(['appointments', 'list', '24-12-2026'], bad.out, env)).toBe(1);
    expect(bad.lines.join('\n')).toContain('Usage: npm run shop -- appointments list');
  });
});
