import type { Page } from '@playwright/test';
import { signUpAndConfirm } from './fixtures/accounts.ts';
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

test.describe('Shoppers are asked about notifications', () => {
  // a browser that has not been asked yet: the config answers for the other journeys
  // (and an empty permissions list would mean 'denied'), so the answer is taken back here
  test.beforeEach(async ({ context }) => {
    await context.clearPermissions();
  });

  test('a logged-in shopper is asked 3 s after the page opens, for 15 s, once per tab; a click asks the browser', async ({ page, context, request }) => {
    test.slow(); // a sign-up, and the prompt's own 3 + 15 seconds
    await signUpAndConfirm(page, request, 'Nila Das', `notify-${test.info().project.name}-${Date.now()}@example.com`, 'monsoon paper boats');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // a new tab of the logged-in shopper
    const tab = await context.newPage();
    const opened = Date.now();
    await tab.goto('/home');
    const prompt = tab.getByRole('region', { name: 'Allow notifications?' });
    await expect(prompt).toBeVisible({ timeout: 10_000 });
    const shownAt = Date.now();
    expect(shownAt - opened).toBeGreaterThanOrEqual(3000);
    await expect(prompt).toContainText('Turn on notifications to hear when your orders are confirmed and on their way.');
    await expect(prompt).toBeHidden({ timeout: 20_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(14_000);

    // once per tab: a reload does not ask again
    await tab.reload();
    await tab.waitForTimeout(4500);
    await expect(prompt).toHaveCount(0);

    // another tab: the click hides it and asks the browser for the current user
    const third = await context.newPage();
    await countPermissionRequests(third);
    await third.goto('/catalog');
    const again = third.getByRole('region', { name: 'Allow notifications?' });
    await again.getByRole('button', { name: 'Turn on notifications' }).click({ timeout: 10_000 });
    await expect(again).toHaveCount(0);
    await expect.poll(() => third.evaluate(() => window.__permissionAsked)).toBe(1);

    // and closing it hides it without asking
    const fourth = await context.newPage();
    await countPermissionRequests(fourth);
    await fourth.goto('/home');
    const closing = fourth.getByRole('region', { name: 'Allow notifications?' });
    await closing.getByRole('button', { name: 'Not now' }).click({ timeout: 10_000 });
    await expect(closing).toHaveCount(0);
    expect(await fourth.evaluate(() => window.__permissionAsked)).toBe(0);
  });

  test('a guest is not asked', async ({ page }) => {
    await page.goto('/home');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.waitForTimeout(4500);
    await expect(page.getByRole('region', { name: 'Allow notifications?' })).toHaveCount(0);
  });
});
