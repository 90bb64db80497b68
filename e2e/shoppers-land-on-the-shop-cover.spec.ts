import { formatPrice, productByVariantId, RUPEE_PRICE, sellingPrice, sortedCategories } from './fixtures/shop-data.ts';
import { contrastRatio, cssRgb, expectImageLoaded, productTiles, tileVariantId } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

test.describe('Shoppers land on the shop cover', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('they see the shop name, its description and a way into the catalog', async ({ page, shop }) => {
    await expect(page.getByRole('heading', { level: 1, name: shop.title, exact: true })).toBeVisible();
    if (shop.description) await expect(page.getByText(shop.description)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/catalog');
  });

  test('every category links to its part of the catalog', async ({ page, catalog }) => {
    const section = page.getByRole('region', { name: 'Categories' });
    const links = section.getByRole('link');
    const categories = sortedCategories(catalog);
    await expect(links).toHaveText(categories.map((c) => c.name));
    for (const [i, category] of categories.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `/catalog?categories=${encodeURIComponent(category.oId)}`);
    }
  });

  test('bestsellers show their prices in rupees', async ({ page, catalog, shop }) => {
    const tiles = productTiles(page.getByRole('region', { name: 'Bestsellers' }));
    await expect(tiles.first()).toBeVisible();
    const count = await tiles.count();
    expect(count, 'some bestsellers are shown').toBeGreaterThanOrEqual(4);
    for (const tile of await tiles.all()) {
      const product = productByVariantId(catalog, await tileVariantId(tile));
      await expect(tile.getByRole('link', { name: product.title }).last()).toBeVisible();
      await expect(tile).toContainText(RUPEE_PRICE);
      await expect(tile).toContainText(formatPrice(sellingPrice(product), shop));
    }
  });

  test('the first product picture loads', async ({ page }) => {
    const firstTile = productTiles(page.getByRole('region', { name: 'Bestsellers' })).first();
    await expectImageLoaded(firstTile.locator('img').first());
  });

  test('the tab shows the shop name, the page language and brand colour come from the config', async ({ page, shop }) => {
    await expect(page).toHaveTitle(shop.title);
    await expect(page.locator('html')).toHaveAttribute('lang', shop.localeConfig.defaultLocale);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', shop.themeConfig.primaryColor);
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary.toLowerCase()).toBe(shop.themeConfig.primaryColor.toLowerCase());
  });

  test('the header and buttons are the brand colour as configured, with text that reads on it', async ({ page, shop }) => {
    const brand = cssRgb(shop.themeConfig.primaryColor);
    const button = page.getByRole('main').getByRole('link', { name: 'All Products' });
    await expect(button).toHaveCSS('background-color', brand);
    // the text is white or dark, whichever reads at WCAG AA on the brand colour; never a darkened brand colour
    const text = await button.evaluate((el) => getComputedStyle(el).color);
    expect(contrastRatio(text, brand), `${text} on ${brand}`).toBeGreaterThanOrEqual(4.5);
  });
});
