import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { startOwnServer } from './fixtures/own-server.ts';
import { createOwner, OWNER_PASSWORD } from './fixtures/owner.ts';
import { waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * A shop of the test's own: the demo shop with ordering, enquiries and appointments
 * switched off, a shop that only shows its products. `run` gets its address and data
 * directory (for the owner's commands).
 */
async function inShowcaseShop(testInfo: TestInfo, run: (shop: { url: string; dataDir: string }) => Promise<void>): Promise<void> {
  const dataDir = path.relative(process.cwd(), testInfo.outputPath('shop'));
  const server = await startOwnServer({
    port: 4191 + testInfo.parallelIndex,
    dataDir,
    configPatch: { orderConfig: { orderEnabled: false, enquiryEnabled: false }, appointments: { enabled: false } },
  });
  try {
    await run({ url: server.url, dataDir });
  } finally {
    await server.stop();
  }
}

/** The bottom navigation of §2, shown below desktop widths. */
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('Shoppers meet only what the shop offers', () => {
  test('with ordering and enquiries off, neither the header nor the bottom navigation offers a cart', async ({ page, isMobile }, testInfo) => {
    await inShowcaseShop(testInfo, async (shop) => {
      await page.goto(`${shop.url}/home`);
      await waitForHydration(page.getByRole('button', { name: 'Menu' }));
      await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
      if (isMobile) {
        // the rest of the bottom navigation is there
        for (const name of ['Home', 'Catalog', 'Profile']) await expect(bottomNav(page).getByRole('link', { name })).toBeVisible();
        await expect(bottomNav(page).getByRole('button', { name: 'Cart' })).toHaveCount(0);
      }
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('the demo shop, which takes orders, has the cart in the bottom navigation on a phone', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the bottom navigation is for screens below 1024 px');
    await page.goto('/home');
    await expect(bottomNav(page).getByRole('button', { name: 'Cart' })).toBeVisible();
  });

  test('with appointments off, neither the side menu, the home page nor the footer leads to booking', async ({ page }, testInfo) => {
    await inShowcaseShop(testInfo, async (shop) => {
      await page.goto(`${shop.url}/home`);
      await waitForHydration(page.getByRole('button', { name: 'Menu' }));
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Frequently asked questions' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Book an appointment' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Book an appointment|See free times/ })).toHaveCount(0);
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu.getByRole('link', { name: 'All Products' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Book an appointment' })).toHaveCount(0);
    });
  });

  test('with appointments off, "Book an appointment" on the account opens "Coming soon" instead of a page with nothing to book', async ({ page }, testInfo) => {
    await inShowcaseShop(testInfo, async (shop) => {
      const email = `no-bookings-${testInfo.project.name}-${Date.now()}@example.com`;
      createOwner(email, shop.dataDir);
      await page.goto(`${shop.url}/account?activePage=appointments`);
      await waitForHydration(page.getByRole('button', { name: 'Log in', exact: true }));
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      const login = page.getByRole('dialog', { name: 'Log in' });
      await login.getByLabel('E-mail').fill(email);
      await login.getByLabel('Password').fill(OWNER_PASSWORD);
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(login).toBeHidden();
      // the login's toast leaves first (§ toasts: 1400 ms), so the check below reads the modal, not a toast fading under its overlay
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

      await expect(page.getByRole('link', { name: 'Book an appointment' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Book an appointment' }).click();
      const modal = page.getByRole('dialog', { name: 'Coming soon' });
      await expect(modal).toContainText('This feature is not available yet.');
      await expectNoSeriousA11yViolations(page);
      await modal.getByRole('button', { name: 'OK' }).click();
      await expect(modal).toHaveCount(0);
      await expect(page).toHaveURL(/\/account\?activePage=appointments$/);
    });
  });
});
