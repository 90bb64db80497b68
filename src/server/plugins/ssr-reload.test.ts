import { describe, expect, it } from 'vitest';
import { validateShopConfig } from '../../domain/shop-config.ts';
import { buildApp } from '../app.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { createShopConfigHolder } from '../shop-config-holder.ts';
import { testDatabases } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { loadWebBuild } from '../testing/test-app.ts';

/** The error screen's heading (its text is also in every page's message catalog). */
const ERROR_SCREEN = /<h1[^>]*>Something went wrong \.\.\.<\/h1>/;

/** The app on SQLite with the test catalog, its config in a holder the test reloads as the file watch would. */
async function withReloadableShop(
  initial: unknown,
  test: (app: Awaited<ReturnType<typeof buildApp>>, holder: ReturnType<typeof createShopConfigHolder>) => Promise<void>,
) {
  const { db, dispose } = await testDatabases[0]!.open();
  await createCatalogRepository(db, 2).replace(testCatalog());
  const holder = createShopConfigHolder(validateShopConfig(initial), '/srv/shop/shop.config.json');
  const app = await buildApp({ config: holder, db, web: await loadWebBuild() });
  try {
    await test(app, holder);
  } finally {
    await app.close();
    await dispose();
  }
}

describe('server-rendered pages after a config reload', () => {
  it('a page kept before a valid reload is made again with the new config; an invalid one changes nothing', async () => {
    await withReloadableShop(testShopConfig(), async (app, holder) => {
      const before = await app.inject({ url: '/' });
      expect(before.body).toContain('<title>Test Shop</title>');
      // asked again: the page cache answers, with the same page
      expect((await app.inject({ url: '/' })).body).toContain('<title>Test Shop</title>');

      expect(
        holder.offer(validateShopConfig({ ...testShopConfig(), title: 'Kirana & Co.', themeConfig: { themeId: 'default', primaryColor: '#b71c1c' } })),
      ).toBe('applied');
      const after = await app.inject({ url: '/' });
      expect(after.body).toContain('<title>Kirana &amp; Co.</title>');
      expect(after.body).toContain('--color-primary:#b71c1c');

      expect(holder.offer(validateShopConfig({ ...testShopConfig(), title: ' ' }))).toBe('kept');
      expect((await app.inject({ url: '/' })).body).toContain('<title>Kirana &amp; Co.</title>');
    });
  });

  it('with no valid config since the start, shoppers get the error screen but /admin is drawn for the owner; a valid reload opens the shop', async () => {
    await withReloadableShop({ ...testShopConfig(), title: ' ' }, async (app, holder) => {
      const shopper = await app.inject({ url: '/catalog' });
      expect(shopper.statusCode).toBe(503);
      expect(shopper.body).toMatch(ERROR_SCREEN);
      const admin = await app.inject({ url: '/admin' });
      expect(admin.statusCode).toBe(200);
      expect(admin.body).not.toMatch(ERROR_SCREEN);
      // the owner's page itself, whose frame asks who is logged in
      expect(admin.body).toContain('"routes/admin":route');

      holder.offer(validateShopConfig(testShopConfig()));
      const open = await app.inject({ url: '/catalog' });
      expect(open.statusCode).toBe(200);
      expect(open.body).toContain('Cotton Tee');
    });
  });
});
