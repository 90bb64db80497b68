import { expect, test } from './fixtures/test.ts';

test.describe('Shoppers can search', () => {
  test('clicking the search field opens the panel; fewer than 3 characters says so', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).click();
    const panel = page.getByRole('dialog', { name: 'Search' });
    await expect(panel).toBeVisible();
    await panel.getByRole('searchbox', { name: 'Search' }).fill('to');
    await expect(panel.getByText('Searched term should consist of at least 3 characters.')).toBeVisible();
  });

  test('a search with a typo finds the product, and its result opens it', async ({ page, catalog }) => {
    const product = catalog.products.find((p) => /tomato/i.test(p.title))!;
    await page.goto('/home');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).click();
    const panel = page.getByRole('dialog', { name: 'Search' });
    await panel.getByRole('searchbox', { name: 'Search' }).fill('tomatos');
    const results = panel.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: new RegExp(product.title) }).first()).toBeVisible();
    expect(await results.getByRole('listitem').count()).toBeLessThanOrEqual(10);
    await results.getByRole('link', { name: new RegExp(product.title) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/p/${product.variantId}$`));
    await expect(panel).toBeHidden();
  });

  test('a search that matches nothing says so', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).click();
    const panel = page.getByRole('dialog', { name: 'Search' });
    await panel.getByRole('searchbox', { name: 'Search' }).fill('zzqxwv');
    await expect(panel.getByText('No results were found.')).toBeVisible();
  });
});
