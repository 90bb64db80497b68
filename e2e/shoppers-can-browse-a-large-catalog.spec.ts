import { writeFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bigCatalog } from '../src/server/testing/big-catalog.ts';
import { FIRST_PAGE } from '../src/web/features/catalog/lib/tile-layout.ts';
import { startOwnServer } from './fixtures/own-server.ts';
import { ownShopPort } from './fixtures/servers.ts';
import { fetchCatalog, itemCount, pickCategoryToFilter, productByVariantId, sortedCategories, type ApiProduct } from './fixtures/shop-data.ts';
import { categoryChips, expectClientSideNavigation, productTiles, waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** How many tiles sit side by side in the list's first row. */
async function tilesPerRow(page: Page): Promise<number> {
  const boxes = await Promise.all((await productTiles(page.getByRole('main')).all()).slice(0, 8).map((tile) => tile.boundingBox()));
  const top = boxes[0]?.y ?? 0;
  return boxes.filter((box) => box && Math.abs(box.y - top) < 2).length;
}

/** 'list' when a tile's picture is beside its title, 'grid' when it is above. */
async function tileLayout(tile: Locator): Promise<'list' | 'grid'> {
  const picture = await tile.locator('img').first().boundingBox();
  const title = await tile.getByRole('link').boundingBox();
  if (!picture || !title) throw new Error('a tile without its picture or title');
  return title.x >= picture.x + picture.width - 1 ? 'list' : 'grid';
}

/** The first tile wholly on screen below the sticky header: the one a shopper would tap. */
async function tileInView(page: Page): Promise<{ variantId: string; tile: Locator }> {
  const href = await page.evaluate(() => {
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    for (const item of document.querySelectorAll('main li, main [role="listitem"]')) {
      const box = item.getBoundingClientRect();
      const link = item.querySelector('a[href^="/p/"]');
      if (link && box.top > header && box.bottom < window.innerHeight - 70) return link.getAttribute('href');
    }
    return null;
  });
  if (!href) throw new Error('no product tile wholly in view');
  const variantId = decodeURIComponent(href.replace(/^\/p\//, ''));
  return { variantId, tile: tileOf(page, variantId) };
}

const tileOf = (page: Page, variantId: string) =>
  productTiles(page.getByRole('main')).filter({ has: page.locator(`a[href="/p/${encodeURIComponent(variantId)}"]`) });

/**
 * Scrolls the window and waits until it stays put (a virtual list may nudge it while it
 * measures the rows it has just drawn, one frame at a time): it counts as at rest once it
 * has not moved for ten frames running; answers where it came to rest.
 */
async function scrollTo(page: Page, y: number): Promise<number> {
  return page.evaluate(async (to) => {
    window.scrollTo(0, to);
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    let last = -1;
    for (let frames = 0, still = 0; still < 10; frames += 1) {
      if (frames > 600) throw new Error(`the page did not come to rest after scrolling to ${to} px`);
      await frame();
      still = window.scrollY === last && last > 0 ? still + 1 : 0;
      last = window.scrollY;
    }
    return last;
  }, y);
}

/**
 * Scrolls to the bottom of a virtual list of `tiles` tiles, and answers its last tile. The
 * list grows into place as rows are measured, so it keeps going until the end stays put.
 */
async function scrollToTheEnd(page: Page, tiles: number): Promise<Locator> {
  const last = page.getByRole('main').locator(`[role="listitem"][aria-posinset="${tiles}"]`);
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return last.count();
      },
      { message: 'the last tile is reached', timeout: 30_000 },
    )
    .toBe(1);
  return last;
}

async function expectScrollNear(page: Page, y: number): Promise<void> {
  await expect.poll(() => scrollY(page), { message: `the page is back near ${y} px` }).toBeGreaterThanOrEqual(y - 150);
  expect(await scrollY(page)).toBeLessThanOrEqual(y + 150);
}

test.describe('Shoppers can browse a large catalog', () => {
  test('the view toggle switches between list and grid and is kept on reload', async ({ page }) => {
    await page.goto('/catalog');
    const main = page.getByRole('main');
    const grid = main.getByRole('button', { name: 'Grid' });
    const list = main.getByRole('button', { name: 'List' });
    const first = productTiles(main).first();

    // the demo shop's default: list on phones, grid on desktops
    const desktop = isDesktop(page);
    await expect(desktop ? grid : list).toHaveAttribute('aria-pressed', 'true');
    await expect(desktop ? list : grid).toHaveAttribute('aria-pressed', 'false');
    expect(await tileLayout(first)).toBe(desktop ? 'grid' : 'list');
    expect(await tilesPerRow(page)).toBe(desktop ? 5 : 1);

    const other = desktop ? list : grid;
    await waitForHydration(other);
    await other.click();
    await expect(other).toHaveAttribute('aria-pressed', 'true');
    await expect(desktop ? grid : list).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => tileLayout(first)).toBe(desktop ? 'list' : 'grid');
    // list on a desktop is two columns; grid on a phone is two as well
    expect(await tilesPerRow(page)).toBe(2);

    await page.reload();
    await expect(other).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => tileLayout(productTiles(main).first())).toBe(desktop ? 'list' : 'grid');
    expect(await tilesPerRow(page)).toBe(2);
  });

  test('coming back from a product returns to the same place in the list', async ({ page, catalog }) => {
    await page.goto('/catalog');
    await waitForHydration(categoryChips(page).first());
    const before = await scrollTo(page, 1500);
    const { variantId, tile } = await tileInView(page);
    const product = productByVariantId(catalog, variantId);

    await tile.getByRole('link', { name: product.title }).last().click();
    await expect(page).toHaveURL(`/p/${encodeURIComponent(variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);

    await page.goBack();
    await expect(page).toHaveURL('/catalog');
    await expectScrollNear(page, before);
    await expect(tileOf(page, variantId)).toBeInViewport();
  });

  test('coming back from another page than a product starts the catalog at the top (§2)', async ({ page }) => {
    await page.goto('/catalog');
    await waitForHydration(categoryChips(page).first());
    await scrollTo(page, 1500);
    // the footer's FAQ link, a client-side navigation as a shopper's tap makes
    await expectClientSideNavigation(page, page.getByRole('contentinfo').getByRole('link', { name: 'Frequently asked questions' }), '/faqs');
    await page.goBack();
    await expect(page).toHaveURL('/catalog');
    await expect(categoryChips(page).first()).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('choosing a category starts at the top of its list', async ({ page, catalog }) => {
    const { category } = pickCategoryToFilter(catalog);
    await page.goto('/catalog');
    const chip = categoryChips(page).filter({ hasText: category.name });
    await waitForHydration(chip);
    await scrollTo(page, 1500);
    // clicked where it is, without scrolling it into view first: the navigation, not the click, must bring the page to the top
    await chip.dispatchEvent('click');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('moving between categories asks the server nothing after the first catalog fetch', async ({ page, catalog }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.data') || url.pathname === '/api/catalog') requests.push(url.pathname + url.search);
    });
    await page.goto('/catalog');
    expect(requests, 'the first page comes with its HTML').toEqual([]);

    const [first, second] = sortedCategories(catalog).filter((c) => catalog.products.some((p) => p.categoryId === c.oId));
    if (!first || !second) throw new Error('the demo catalog needs two categories with products');
    const main = page.getByRole('main');
    for (const category of [first, second]) {
      await expectClientSideNavigation(
        page,
        categoryChips(page).filter({ hasText: category.name }),
        (url) => url.searchParams.get('categories') === category.oId,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
      await expect(productTiles(main)).toHaveCount(itemCount(catalog.products.filter((p) => p.categoryId === category.oId)));
    }
    await categoryChips(page).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
    await expect(productTiles(main)).toHaveCount(itemCount(catalog.products));

    expect(requests, 'the whole catalog once, then nothing').toEqual(['/api/catalog']);
  });

  test('a failed catalog fetch says so and can be tried again', async ({ page, catalog }) => {
    const { category, products } = pickCategoryToFilter(catalog);
    await page.goto('/catalog');
    await page.route('**/api/catalog', (route) => route.fulfill({ status: 503, body: '' }));
    const chip = categoryChips(page).filter({ hasText: category.name });
    await waitForHydration(chip);
    await chip.click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('An error occurred while fetching the product catalog. Please try again after sometime.');

    await page.unroute('**/api/catalog');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(productTiles(page.getByRole('main'))).toHaveCount(itemCount(products));
  });

  test.describe('with 10,000 products', () => {
    // building, sending and scrolling a 10,000-product list takes a while on a busy machine
    test.slow();

    test('only the tiles near the screen are in the page, down to the last product, and back keeps the place', async ({ page, request }) => {
      const big = await largeCatalog(request, 10_000);
      // the server renders the demo shop; the browser's catalog fetch gets the large one
      await page.route('**/api/catalog', (route) => route.fulfill({ json: big }));
      // a copy's product page shows the demo product it copies
      await page.route(/\/p\/[^/?]*~\d+\.data/, (route) =>
        route.continue({
          url: route
            .request()
            .url()
            .replace(/~\d+(?=\.data)/, ''),
        }),
      );

      const tiles = itemCount(big.products);
      const main = page.getByRole('main');
      const listItems = productTiles(main);
      await page.goto(`/catalog?categories=${encodeURIComponent(big.categories[0]!.oId)}`);
      await expectClientSideNavigation(page, categoryChips(page).first(), (url) => url.pathname === '/catalog' && url.search === '');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
      await expect(listItems.first()).toHaveAttribute('aria-setsize', String(tiles), { timeout: 20_000 });
      expect(await listItems.count(), `tiles in the page out of ${tiles}`).toBeLessThan(200);

      // deep into the list, to a product and back
      const before = await scrollTo(page, 40_000);
      const { variantId, tile } = await tileInView(page);
      const title = await tile.getByRole('link').last().textContent();
      await tile.getByRole('link').last().click();
      await expect(page).toHaveURL(`/p/${encodeURIComponent(variantId)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!.replace(/ \(\d+\)$/, ''));
      await page.goBack();
      await expect(page).toHaveURL('/catalog');
      await expectScrollNear(page, before);
      await expect(tileOf(page, variantId)).toBeInViewport();

      const last = await scrollToTheEnd(page, tiles);
      await expect(last).toBeInViewport();
      await expect(last).toContainText(lastTileTitle(big.products));
      expect(await listItems.count()).toBeLessThan(200);
    });
  });

  test.describe('on a shop of 1,000 products of its own', () => {
    test.slow();

    test("the server's page holds the first screen of tiles, not the whole catalog, and the browser adds the rest", async ({ page, request }, testInfo) => {
      const seed = testInfo.outputPath('catalog-1000.json');
      writeFileSync(seed, bigCatalog(1000));
      const server = await startOwnServer({
        port: ownShopPort('large catalog', testInfo.parallelIndex),
        dataDir: testInfo.outputPath('shop'),
        seedCatalog: seed,
      });
      try {
        const catalog = await fetchCatalog(request, server.url);
        const tiles = itemCount(catalog.products);
        const html = await (await request.get(`${server.url}/catalog`)).text();
        const linked = new Set([...html.matchAll(/href="\/p\/([^"]+)"/g)].map((m) => m[1]));
        expect(linked.size, 'products linked from the HTML').toBeLessThanOrEqual(2 * FIRST_PAGE);
        expect(html).not.toContain(lastTileTitle(catalog.products));

        await page.goto(`${server.url}/catalog`);
        const main = page.getByRole('main');
        await expect(productTiles(main).first()).toHaveAttribute('aria-setsize', String(tiles), { timeout: 20_000 });
        const last = await scrollToTheEnd(page, tiles);
        await expect(last).toContainText(lastTileTitle(catalog.products));
      } finally {
        await server.stop();
      }
    });
  });
});

type FullCatalog = { products: (ApiProduct & { sku: string; tags: string[] })[]; categories: { oId: string; name: string; position: number }[] };

/**
 * The demo catalog copied until it has `size` products: each copy gets its own ids
 * (`<id>~<copy>`, which product links and SKUs accept) and a numbered title, so every
 * tile is a different product and variants of one item stay together.
 */
async function largeCatalog(request: APIRequestContext, size: number): Promise<FullCatalog> {
  const response = await request.get('/api/catalog');
  expect(response.status()).toBe(200);
  const real = (await response.json()) as FullCatalog;
  const products = Array.from({ length: size }, (_, i) => {
    const p = real.products[i % real.products.length]!;
    const copy = Math.floor(i / real.products.length);
    return {
      ...p,
      id: `${p.id}~${copy}`,
      itemId: `${p.itemId}~${copy}`,
      variantId: `${p.variantId}~${copy}`,
      sku: `${p.sku}~${copy}`,
      title: `${p.title} (${copy + 1})`,
    };
  });
  return { ...real, products };
}

/** The title on the list's last tile: its item's first variant in stock (or its first), as variant grouping shows it. */
function lastTileTitle(products: readonly ApiProduct[]): string {
  const lastItem = products[products.length - 1]!.itemId;
  const variants = products.filter((p) => p.itemId === lastItem);
  return (variants.find((p) => p.stock > 0) ?? variants[0]!).title;
}
