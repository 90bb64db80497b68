import type { Page } from '@playwright/test';
import { formatPrice, productByVariantId, sellingPrice, variantsOf } from './fixtures/shop-data.ts';
import { productTiles, tileVariantId, waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

const headerSearch = (page: Page) => page.getByRole('banner').getByRole('searchbox', { name: 'Search' });

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
    await results
      .getByRole('link', { name: new RegExp(product.title) })
      .first()
      .click();
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

  // a shopper on a phone taps and types; one on a computer tabs into the field and types
  for (const reach of ['click', 'focus'] as const) {
    test(`typing at full speed into the header field keeps every key (${reach})`, async ({ page, catalog }) => {
      const apples = catalog.products.find((p) => /apple/i.test(p.title))!;
      await page.goto('/home');
      const field = headerSearch(page);
      await waitForHydration(field);
      await field[reach]();
      await page.keyboard.type('apple');
      const panel = page.getByRole('dialog', { name: 'Search' });
      await expect(panel.getByRole('searchbox', { name: 'Search' })).toHaveValue('apple');
      await expect(panel.getByRole('list', { name: 'Search results' }).getByRole('link', { name: new RegExp(apples.title) })).toBeVisible();
      // Escape closes the panel; the header field still says what was searched
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(field).toHaveValue('apple');
    });
  }

  test("keys typed before the page and the panel's code are ready are kept", async ({ page, catalog }) => {
    const apples = catalog.products.find((p) => /apple/i.test(p.title))!;
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    let asked = false;
    // the panel's code waits until everything is typed
    await page.route('**/assets/search-panel-*.js', async (route) => {
      asked = true;
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/home', { waitUntil: 'commit' });
    const field = headerSearch(page);
    await field.focus();
    await page.keyboard.type('apple');
    await expect.poll(() => asked, { message: "the panel's code is asked for" }).toBe(true);
    await expect(field).toHaveValue('apple');
    release();
    const panel = page.getByRole('dialog', { name: 'Search' });
    const box = panel.getByRole('searchbox', { name: 'Search' });
    await expect(box).toHaveValue('apple');
    await expect(box).toBeFocused();
    // the caret is at the end: the next key adds to the word, it does not replace it
    await page.keyboard.type('s');
    await expect(box).toHaveValue('apples');
    await expect(panel.getByRole('list', { name: 'Search results' }).getByRole('link', { name: new RegExp(apples.title) })).toBeVisible();
  });

  test("with variants grouped, a result shows the catalog tile's variant and price", async ({ page, catalog, shop }) => {
    const tee = catalog.products.find((p) => /crew/i.test(p.title))!;
    const variants = variantsOf(catalog, tee.itemId);
    await page.goto(`/catalog?categories=${encodeURIComponent(tee.categoryId)}`);
    const tile = productTiles(page.getByRole('main')).filter({ hasText: tee.title });
    await expect(tile).toHaveCount(1);
    const shown = productByVariantId(catalog, await tileVariantId(tile));
    const price = formatPrice(sellingPrice(shown), shop);
    await expect(tile).toContainText(price);

    // words naming another colour of the same item find the item, shown as the catalog shows it
    const colour = (v: { variantName: string }) => v.variantName.split('/')[0]!.trim();
    const other = variants.find((v) => colour(v) !== colour(shown))!;
    await waitForHydration(headerSearch(page));
    await headerSearch(page).click();
    const panel = page.getByRole('dialog', { name: 'Search' });
    await panel.getByRole('searchbox', { name: 'Search' }).fill(`crew ${colour(other).toLowerCase()}`);
    const result = panel.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: tee.title });
    await expect(result).toHaveCount(1);
    expect(await tileVariantId(result)).toBe(shown.variantId);
    await expect(result).toContainText(price);
    await expect(result).toContainText(`${variants.length} options`);
  });
});
