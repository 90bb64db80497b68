import { formatPrice, itemCount, pickCategoryToFilter, productByVariantId, sellingPrice, sortedCategories } from './fixtures/shop-data.ts';
import { categoryChips, expectImageLoaded, productTiles, tileVariantId, visibleTileVariantIds } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

test.describe('Shoppers can browse the catalog', () => {
  test('all products are listed, each with its price', async ({ page, catalog, shop }) => {
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
    const tiles = productTiles(page.getByRole('main'));
    await expect(tiles).toHaveCount(itemCount(catalog.products));
    expect(await tiles.count()).toBeGreaterThanOrEqual(20);
    for (const tile of (await tiles.all()).slice(0, 20)) {
      const product = productByVariantId(catalog, await tileVariantId(tile));
      await expect(tile).toContainText(product.title);
      await expect(tile).toContainText(formatPrice(sellingPrice(product), shop));
    }
    await expectImageLoaded(tiles.first().locator('img').first());
  });

  test("the category chips start with 'All' and follow the shop's order", async ({ page, catalog }) => {
    await page.goto('/catalog');
    const chips = categoryChips(page);
    await expect(chips).toHaveText(['All', ...sortedCategories(catalog).map((c) => c.name)]);
    await expect(chips.first()).toHaveAttribute('aria-current', 'page');
  });

  test('choosing a category shows only its products', async ({ page, catalog }) => {
    const { category, products } = pickCategoryToFilter(catalog);
    await page.goto('/catalog');
    const chip = categoryChips(page).filter({ hasText: category.name });
    await chip.click();

    await expect(page).toHaveURL((url) => url.pathname === '/catalog' && url.searchParams.get('categories') === category.oId);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(chip).toHaveAttribute('aria-current', 'page');
    const tiles = productTiles(page.getByRole('main'));
    await expect(tiles).toHaveCount(itemCount(products));
    const shownCategories = new Set((await visibleTileVariantIds(page.getByRole('main'))).map((id) => productByVariantId(catalog, id).categoryId));
    expect([...shownCategories]).toEqual([category.oId]);

    await categoryChips(page).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/catalog' && url.search === '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
    await expect(tiles).toHaveCount(itemCount(catalog.products));
  });

  test('a link to the catalog with a category opens it filtered', async ({ page, catalog }) => {
    const { category, products } = pickCategoryToFilter(catalog);
    await page.goto(`/catalog?categories=${encodeURIComponent(category.oId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(productTiles(page.getByRole('main'))).toHaveCount(itemCount(products));
  });

  test('a product tile opens the product page', async ({ page, catalog }) => {
    await page.goto('/catalog');
    const tile = productTiles(page.getByRole('main')).nth(2);
    const product = productByVariantId(catalog, await tileVariantId(tile));
    await tile.getByRole('link', { name: product.title }).last().click();
    await expect(page).toHaveURL(`/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
  });
});
