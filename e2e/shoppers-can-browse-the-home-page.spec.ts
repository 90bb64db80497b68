import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { startOwnServer } from './fixtures/own-server.ts';
import { itemCount, sortedCategories, variantsOf, type ApiProduct, type Catalog } from './fixtures/shop-data.ts';
import { contrastRatio, cssRgb, productTiles, tileVariantId } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

/** A home page carousel: the section headed by its category's name. */
const carouselOf = (page: Page, categoryName: string) => page.getByRole('main').getByRole('region', { name: categoryName, exact: true });

const productsIn = (catalog: Catalog, categoryId: string) => catalog.products.filter((p) => p.categoryId === categoryId);

/** How many tiles lie wholly inside the carousel's width: the ones in view. */
async function tilesInView(carousel: Locator): Promise<number> {
  const frame = await carousel.boundingBox();
  if (!frame) throw new Error('the carousel has no box');
  let inView = 0;
  for (const tile of await productTiles(carousel).all()) {
    // the list item's own box includes the gap before it (its padding); the tile is its content
    const box = await tile.locator(':scope > *').first().boundingBox();
    if (box && box.x >= frame.x - 2 && box.x + box.width <= frame.x + frame.width + 2) inView += 1;
  }
  return inView;
}

/** The demo catalog file, with what /api/catalog need not carry (size guides). */
type DemoFile = { categories: unknown[]; banners: unknown[]; products: (ApiProduct & { sizeGuide?: string; errors: Record<string, string> })[] };
const root = path.resolve(import.meta.dirname, '..');
const demoFile = () => JSON.parse(readFileSync(path.join(root, 'demo/catalog.json'), 'utf8')) as DemoFile;
const demoSizeGuides = () =>
  (JSON.parse(readFileSync(path.join(root, 'demo/shop.config.json'), 'utf8')) as { catalog: { sizeGuides?: Record<string, string> } }).catalog.sizeGuides ?? {};

test.describe('Shoppers can browse the home page', () => {
  test('a category carousel shows its first items, each tile counting all of its options (not sizes of one shirt)', async ({ page, catalog }) => {
    // the category whose items have the most variants: grouping after choosing matters most there
    const category = sortedCategories(catalog)
      .map((c) => ({ c, products: productsIn(catalog, c.oId) }))
      .sort((a, b) => b.products.length - itemCount(b.products) - (a.products.length - itemCount(a.products)))[0]!;
    const items = [...new Set(category.products.map((p) => p.itemId))].slice(0, 8);
    await page.goto('/home');
    const tiles = productTiles(carouselOf(page, category.c.name));
    await expect(tiles).toHaveCount(items.length);
    const shown: string[] = [];
    for (const tile of await tiles.all()) {
      const variantId = await tileVariantId(tile);
      const itemId = catalog.products.find((p) => p.variantId === variantId)!.itemId;
      shown.push(itemId);
      const options = variantsOf(catalog, itemId).length;
      if (options > 1) await expect(tile).toContainText(`${options} options`);
    }
    expect(shown).toEqual(items);
  });

  test('a carousel has 4 tiles in view on a desktop and 2 on a phone (§9)', async ({ page, catalog }) => {
    const category = sortedCategories(catalog).find((c) => itemCount(productsIn(catalog, c.oId)) > 4)!;
    await page.goto('/home');
    const carousel = carouselOf(page, category.name);
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => tilesInView(carousel)).toBe(isDesktop(page) ? 4 : 2);
  });

  test('with a mouse, a tile shows its second picture while the pointer is on it (§3 "first two shown")', async ({ page, catalog }) => {
    const withTwo = catalog.products.find(
      (p) => p.images.length >= 2 && sortedCategories(catalog).some((c) => c.oId === p.categoryId) && variantsOf(catalog, p.itemId).length === 1,
    );
    test.skip(!withTwo, 'the demo catalog has no product with two pictures');
    const product = withTwo!;
    const category = catalog.categories.find((c) => c.oId === product.categoryId)!;
    await page.goto(`/catalog?categories=${encodeURIComponent(category.oId)}`);
    const tile = productTiles(page.getByRole('main')).filter({ has: page.locator(`a[href="/p/${encodeURIComponent(product.variantId)}"]`) });
    const pictures = tile.locator('img');
    await expect(pictures).toHaveCount(2);
    // not shown, hence not fetched, until the pointer is on the tile: phones never load it
    await expect(pictures.nth(1)).toBeHidden();
    if (!isDesktop(page)) return;
    await tile.hover();
    await expect(pictures.nth(1)).toBeVisible();
    const second = product.images[1]!.url.replace(/^\/media\//, '');
    await expect
      .poll(() => pictures.nth(1).evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : '')))
      .toContain(second);
  });

  test('the header is the brand colour as configured, its text reads on it, and the page passes axe', async ({ page, shop }) => {
    await page.goto('/home');
    const header = page.getByRole('banner');
    const brand = cssRgb(shop.themeConfig.primaryColor);
    await expect(header).toHaveCSS('background-color', brand);
    const text = await header.evaluate((el) => getComputedStyle(el).color);
    expect(contrastRatio(text, brand), `${text} on ${brand}`).toBeGreaterThanOrEqual(4.5);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Shoppers get the size guide of what they look at', () => {
  const file = demoFile();
  const byCategory = demoSizeGuides();
  const own = file.products.find((p) => p.sizeGuide);
  const fromCategory = file.products.find((p) => !p.sizeGuide && byCategory[p.categoryId]);
  const none = file.products.find((p) => !p.sizeGuide && !byCategory[p.categoryId] && p.stock > 0);

  test("a product with a size guide of its own shows it, not its category's", async ({ page }) => {
    test.skip(!own, 'no demo product has a size guide of its own');
    await page.goto(`/p/${encodeURIComponent(own!.variantId)}`);
    await page.getByRole('main').getByRole('button', { name: 'Size guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Size guide' });
    await expect(dialog).toContainText(own!.sizeGuide!);
    const categoryGuide = byCategory[own!.categoryId];
    if (categoryGuide) await expect(dialog).not.toContainText(categoryGuide.split('\n')[1]!);
  });

  test("a product without one shows its category's", async ({ page }) => {
    test.skip(!fromCategory, 'no demo category has a size guide');
    await page.goto(`/p/${encodeURIComponent(fromCategory!.variantId)}`);
    await page.getByRole('main').getByRole('button', { name: 'Size guide' }).click();
    await expect(page.getByRole('dialog', { name: 'Size guide' })).toContainText(byCategory[fromCategory!.categoryId]!);
  });

  test('a product with neither offers no size guide', async ({ page }) => {
    test.skip(!none, 'every demo product has a size guide');
    await page.goto(`/p/${encodeURIComponent(none!.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(none!.title);
    await expect(page.getByRole('main').getByRole('button', { name: 'Size guide' })).toHaveCount(0);
  });
});

test.describe("Shoppers read the owner's product messages", () => {
  test.slow();

  test('on the product page and on its tile, before trying to add it (§5)', async ({ page }, testInfo) => {
    const file = demoFile();
    const product = file.products.find((p) => p.stock > 0 && variantsOf({ products: file.products, categories: [] }, p.itemId).length === 1)!;
    const message = 'Back in the shop on 1 March';
    product.errors = { restock: message };
    const seed = testInfo.outputPath('catalog-with-a-message.json');
    writeFileSync(seed, JSON.stringify(file));
    const server = await startOwnServer({ port: 4193 + testInfo.parallelIndex, dataDir: testInfo.outputPath('shop'), seedCatalog: seed });
    try {
      await page.goto(`${server.url}/p/${encodeURIComponent(product.variantId)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
      await expect(page.getByRole('main').getByText(message)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto(`${server.url}/catalog?categories=${encodeURIComponent(product.categoryId)}`);
      const tile = productTiles(page.getByRole('main')).filter({ has: page.locator(`a[href="/p/${encodeURIComponent(product.variantId)}"]`) });
      await expect(tile).toContainText(message);
    } finally {
      await server.stop();
    }
  });
});
