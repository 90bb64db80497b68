import { brokenShopURL, expect, test } from './fixtures/test.ts';

const NOT_FOUND_TITLE = "We can't find the page";
const NOT_FOUND_TEXT = "Unfortunately we can't find the page you are looking for.";
const ERROR_TITLE = 'Something went wrong ...';
const ERROR_TEXT = "We've noticed Internal Server Error while rendering this request.";

test.describe('Shoppers see a clear error', () => {
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
