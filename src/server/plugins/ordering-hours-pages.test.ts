import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { buildTestApp } from '../testing/test-app.ts';

/** Decision 050: outside its ordering hours every page says when ordering opens, in the shopper's language and the shop's time zone. */
describe.each(testDatabases)('pages outside the ordering hours on $name', (database) => {
  it("say when ordering opens, with the owner's words, and stop saying it once the shop opens", async () => {
    const { db, dispose } = await database.open();
    // Monday 23 November 2026, 23:30 in Kolkata
    let now = Date.parse('2026-11-23T18:00:00Z');
    const config = {
      ...testShopConfig(),
      timeZone: 'Asia/Kolkata',
      orderConfig: { orderEnabled: true, openingHours: { tue: [{ from: '07:00', to: '11:00' }] }, closedMessage: 'Fresh bread from 7 am.' },
      payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
    };
    const app = await buildTestApp(db, { config, web: true, clock: () => now });
    try {
      const notice = (body: string) => /<p role="status"[^>]*>([^<]*)<\/p>/.exec(body)?.[1];
      expect(notice((await app.inject({ url: '/' })).body)).toBe('Ordering opens tomorrow at 7:00 am. Fresh bread from 7 am.');
      expect(notice((await app.inject({ url: '/p/tee-red-m', headers: { cookie: 'lang=hi-IN' } })).body)).toBe(
        'ऑर्डर कल 7:00 am से लिए जाएँगे। Fresh bread from 7 am.',
      );
      // Tuesday 08:00: open, though the page was kept in the page cache the night before
      now = Date.parse('2026-11-24T02:30:00Z');
      expect(notice((await app.inject({ url: '/' })).body)).toBeUndefined();
      // Tuesday 12:00: the next opening is a week away, said by its date ("Tuesday" would read as today)
      now = Date.parse('2026-11-24T06:30:00Z');
      expect(notice((await app.inject({ url: '/' })).body)).toBe('Back on 1 December at 7:00 am. Fresh bread from 7 am.');
    } finally {
      await app.close();
      await dispose();
    }
  });
});
