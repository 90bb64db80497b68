import type { Page } from '@playwright/test';
import { saveFullPageScreenshot } from './fixtures/screenshots.ts';
import { pickVariantSwitch } from './fixtures/shop-data.ts';
import { expect, test } from './fixtures/test.ts';

/** Nothing sticks out sideways: the page is no wider than the window. */
async function expectNoSidewaysScrolling(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page width ${scrollWidth}px in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

/** Saves a full-page screenshot for people to review (test-results/screenshots/), then checks the width. */
test.describe('Shoppers see pages that fit their screen', () => {
  test('the cover fits the screen', async ({ page, shop }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: shop.title })).toBeVisible();
    await saveFullPageScreenshot(page, testInfo, 'cover');
    await expectNoSidewaysScrolling(page);
  });

  test('the catalog fits the screen', async ({ page }, testInfo) => {
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await saveFullPageScreenshot(page, testInfo, 'catalog');
    await expectNoSidewaysScrolling(page);
  });

  test('a product page with options fits the screen', async ({ page, catalog }, testInfo) => {
    // the item with options: the longest product page (option buttons, several pictures)
    const { from } = pickVariantSwitch(catalog);
    await page.goto(`/p/${encodeURIComponent(from.variantId)}`);
    await expect(page.getByRole('heading', { level: 1, name: from.title })).toBeVisible();
    await saveFullPageScreenshot(page, testInfo, 'product');
    await expectNoSidewaysScrolling(page);
  });
});
