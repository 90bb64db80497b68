import type { Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { holdToasts } from './fixtures/storefront.ts';
import { brokenShopURL, expect, test } from './fixtures/test.ts';

const NOT_FOUND_TITLE = "We can't find the page";
const NOT_FOUND_TEXT = "Unfortunately we can't find the page you are looking for.";
const ERROR_TITLE = 'Something went wrong ...';
const ERROR_TEXT = "We've noticed Internal Server Error while rendering this request.";

// what tells a toast's kind apart at a glance: its left border, its tint and its icon
const looks = (toast: Locator) =>
  toast.evaluate((el) => {
    const style = getComputedStyle(el);
    return { border: style.borderLeftColor, background: style.backgroundColor, icon: el.querySelector('[data-icon] svg') !== null };
  });

test.describe('Shoppers see a clear error', () => {
  test('an error toast looks different from a success toast, and both are readable', async ({ page, catalog }) => {
    const product = catalog.products.find((p) => p.stock >= 1 && p.stock <= 3 && p.price.regular > 0 && !p.isFraction)!;
    await page.goto(`/p/${product.variantId}`);
    const main = page.getByRole('main');
    // a held toast stays, so it can be measured and checked
    await holdToasts(page);
    await main.getByRole('button', { name: `Add ${product.title}` }).click();
    const success = page.locator('[data-sonner-toast]', { hasText: 'Added to cart!' });
    await expect(success).toBeVisible();
    // green-700 border on a green-50 tint
    expect(await looks(success)).toEqual({ border: 'rgb(21, 128, 61)', background: 'rgb(240, 253, 244)', icon: true });
    await expectNoSeriousA11yViolations(page);

    const qty = main.getByRole('textbox', { name: `Quantity of ${product.title}` });
    await qty.fill('50');
    await qty.press('Enter');
    const error = page.locator('[data-sonner-toast]', { hasText: 'Stock not available' });
    await expect(error).toBeVisible();
    // red-700 border on a red-50 tint
    expect(await looks(error)).toEqual({ border: 'rgb(185, 28, 28)', background: 'rgb(254, 242, 242)', icon: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('a page that does not exist says so, with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  for (const path of ['/', '/catalog']) {
    test(`a shop with a broken config shows the error screen on ${path}, with status 503`, async ({ page }) => {
      const response = await page.goto(`${brokenShopURL}${path}`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1, name: ERROR_TITLE })).toBeVisible();
      await expect(page.getByText(ERROR_TEXT, { exact: true })).toBeVisible();
      // nothing of the shop leaks through half-rendered
      await expect(page.locator('a[href^="/p/"]')).toHaveCount(0);
    });
  }
});
