import type { Page } from '@playwright/test';
import { waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

const FAILED = 'An error occured while loading the component.';
const OFFLINE = "Component couldn't be loaded due to lack of network connectivity.";

/** The home page, hydrated, with the load-error message's own code fetched (it comes once the page is idle). */
async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
  await waitForHydration(page.getByRole('button', { name: 'Menu' }));
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/load-error-')))).toBe(true);
}

/** Counts the page's full loads from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

test.describe('Shoppers are told when part of the page cannot load', () => {
  test('a part whose code fails says so; Close hides it, Try again loads it', async ({ page }) => {
    await openHome(page);
    let failing = true;
    // the file exists (a HEAD finds it) but fetching it fails
    await page.route('**/assets/side-menu-*.js', (route) => (failing && route.request().method() === 'GET' ? route.abort('failed') : route.continue()));
    await menuButton(page).click();
    const message = page.getByRole('alert').filter({ hasText: FAILED });
    await expect(message).toBeVisible();
    await message.getByRole('button', { name: 'Close' }).click();
    await expect(message).toHaveCount(0);

    // asked for again, it tries again, and fails again; then the network recovers
    await menuButton(page).click();
    await expect(message).toBeVisible();
    failing = false;
    await message.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(message).toHaveCount(0);
  });

  test('offline, it says so without a retry, and the page comes back with the network', async ({ page, context }) => {
    await openHome(page);
    const loads = countLoads(page);
    await context.setOffline(true);
    await menuButton(page).click();
    const message = page.getByRole('alert').filter({ hasText: OFFLINE });
    await expect(message).toBeVisible();
    await expect(message.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await context.setOffline(false);
    await expect.poll(loads).toBe(1);
    await waitForHydration(menuButton(page));
    await menuButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });

  test('a file gone after a new version was deployed reloads the page once, never in a loop', async ({ page }) => {
    await openHome(page);
    await page.route('**/assets/side-menu-*.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    const loads = countLoads(page);
    await menuButton(page).click();
    await expect.poll(loads).toBe(1);
    // the new page is missing it too: the message, not another reload (the page decides
    // whether to reload before it shows the message, and shows it only when it does not, so
    // the message on the page that loaded once is the proof)
    await waitForHydration(menuButton(page));
    await menuButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
    expect(loads()).toBe(1);
  });

  test('the microcart shows a spinner, and gives up after 3000 ms', async ({ page }) => {
    await openHome(page);
    let slow = true;
    await page.route('**/assets/cart-sidebar-*.js', async (route) => {
      if (slow && route.request().method() === 'GET') await new Promise((done) => setTimeout(done, 5000));
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    const message = page.getByRole('alert').filter({ hasText: FAILED });
    await expect(message).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    slow = false;
    await message.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart is Empty' })).toBeVisible();
  });
});
