import type { BrowserContext, Page } from '@playwright/test';
import { signUpAndConfirm } from './fixtures/accounts.ts';
import { expectClientSideNavigation, productTiles, waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

declare global {
  interface Window {
    __permissionAsked?: number;
  }
}

/** Counts the page's calls to Notification.requestPermission. */
async function countPermissionRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__permissionAsked = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      window.__permissionAsked! += 1;
      return ask();
    };
  });
}

const prompt = (page: Page) => page.getByRole('region', { name: 'Allow notifications?' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

/** The context's pages run on the test's clock, stopped: time moves only by `clock.runFor`. */
async function stoppedClock(context: BrowserContext): Promise<void> {
  await context.clock.install();
  await context.clock.pauseAt(Date.now() + 1000);
}

/**
 * Opens the home page (by `open`), waits until it has hydrated and fetched the prompt's
 * code, and opens a product in the same document: the prompt has rendered by then, and
 * its 3 s count from the clock's next move. (The clock's `performance` lists no resources.)
 */
async function openLoggedIn(page: Page, open: () => Promise<unknown>): Promise<void> {
  const code = page.waitForResponse((res) => res.url().includes('/push-prompt-'));
  await open();
  await code;
  await waitForHydration(menuButton(page));
  await toAProduct(page);
}

/**
 * Opens the first product of the home page in the same document and waits for its page;
 * `backHome` goes back: the page has rendered since the clock last moved, so what a timer
 * changed shows by then.
 */
async function toAProduct(page: Page): Promise<void> {
  const link = productTiles(page.getByRole('main')).first().locator('a[href^="/p/"]').first();
  await expectClientSideNavigation(page, link, /\/p\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function backHome(page: Page): Promise<void> {
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('region', { name: 'Featured offers' })).toBeVisible();
}

test.describe('Shoppers are asked about notifications', () => {
  // a browser that has not been asked yet: the config answers for the other journeys
  // (and an empty permissions list would mean 'denied'), so the answer is taken back here
  test.beforeEach(async ({ context }) => {
    await context.clearPermissions();
  });

  test('a logged-in shopper is asked 3 s after the page opens, for 15 s, once per tab; a click asks the browser', async ({ page, context, request }) => {
    test.slow(); // a sign-up first
    await signUpAndConfirm(page, request, 'Nila Das', `notify-${test.info().project.name}-${Date.now()}@example.com`, 'monsoon paper boats');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // a new tab of the logged-in shopper, on the test's clock, which only the test moves
    await stoppedClock(context);
    const tab = await context.newPage();
    await openLoggedIn(tab, () => tab.goto('/home'));
    await context.clock.runFor(2_999);
    await backHome(tab);
    await expect(prompt(tab)).toHaveCount(0);
    await context.clock.runFor(1);
    await expect(prompt(tab)).toBeVisible();
    await expect(prompt(tab)).toContainText('Turn on notifications to hear when your orders are confirmed and on their way.');
    await context.clock.runFor(14_999);
    await toAProduct(tab);
    await expect(prompt(tab)).toBeVisible();
    await context.clock.runFor(1);
    await expect(prompt(tab)).toBeHidden();

    // once per tab: a reload does not ask again, however long the shopper stays…
    await backHome(tab);
    await openLoggedIn(tab, () => tab.reload());
    await context.clock.runFor(5_000);
    await backHome(tab);
    await expect(prompt(tab)).toHaveCount(0);
    // …while the same page, with the tab's memory cleared, asks 3 s after it next renders:
    // the prompt was there and the clock ran, and only the tab's memory kept it away
    await tab.evaluate(() => sessionStorage.clear());
    await toAProduct(tab);
    await expect(prompt(tab)).toHaveCount(0);
    await context.clock.runFor(3_000);
    await expect(prompt(tab)).toBeVisible();

    // another tab: the click hides it and asks the browser for the current user
    const third = await context.newPage();
    await countPermissionRequests(third);
    await openLoggedIn(third, () => third.goto('/home'));
    await context.clock.runFor(3_000);
    const again = prompt(third);
    await again.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(again).toHaveCount(0);
    await expect.poll(() => third.evaluate(() => window.__permissionAsked)).toBe(1);

    // and closing it hides it without asking
    const fourth = await context.newPage();
    await countPermissionRequests(fourth);
    await openLoggedIn(fourth, () => fourth.goto('/home'));
    await context.clock.runFor(3_000);
    const closing = prompt(fourth);
    await closing.getByRole('button', { name: 'Not now' }).click();
    await expect(closing).toHaveCount(0);
    expect(await fourth.evaluate(() => window.__permissionAsked)).toBe(0);
  });

  test('a guest is not asked', async ({ page, context }) => {
    await stoppedClock(context);
    await page.goto('/home');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    // hydrated, and the network quiet: a prompt this page were to show would have its code and be counting
    await waitForHydration(menuButton(page));
    await page.waitForLoadState('networkidle');
    await toAProduct(page);
    await context.clock.runFor(5_000);
    await backHome(page);
    await expect(prompt(page)).toHaveCount(0);
  });
});
