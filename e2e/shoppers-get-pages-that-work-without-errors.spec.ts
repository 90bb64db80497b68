import { watchConsole } from './fixtures/console-watch.ts';
import { pickCategoryToFilter, pickSimpleProduct, productByVariantId } from './fixtures/shop-data.ts';
import { expectClientSideNavigation, productTiles, tileVariantId } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

test.describe('Shoppers get pages that work, without errors', () => {
  test('the cover has no console errors or CSP violations, and its links navigate in the app', async ({ page }) => {
    const devtools = await watchConsole(page);
    await page.goto('/');
    await expectClientSideNavigation(page, page.getByRole('main').getByRole('link', { name: 'All Products' }), '/catalog');
    await expect(productTiles(page.getByRole('main')).first()).toBeVisible();
    expect(await devtools.problems(), 'console errors, uncaught exceptions and CSP violations').toEqual([]);
  });

  test('the catalog has no console errors or CSP violations, and a tile opens the product in the app', async ({ page, catalog }) => {
    const devtools = await watchConsole(page);
    await page.goto('/catalog');
    const tile = productTiles(page.getByRole('main')).first();
    const product = productByVariantId(catalog, await tileVariantId(tile));
    await expectClientSideNavigation(page, tile.getByRole('link', { name: product.title }).last(), `/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    expect(await devtools.problems(), 'console errors, uncaught exceptions and CSP violations').toEqual([]);
  });

  test('a product page has no console errors or CSP violations, and its category link navigates in the app', async ({ page, catalog }) => {
    const devtools = await watchConsole(page);
    const product = pickSimpleProduct(catalog);
    const category = catalog.categories.find((c) => c.oId === product.categoryId);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expectClientSideNavigation(
      page,
      page.getByRole('main').getByRole('link', { name: category?.name, exact: true }),
      (url) => url.searchParams.get('categories') === product.categoryId,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category?.name ?? '');
    expect(await devtools.problems(), 'console errors, uncaught exceptions and CSP violations').toEqual([]);
  });

  test('category chips filter the catalog without reloading the page', async ({ page, catalog }) => {
    const { category } = pickCategoryToFilter(catalog);
    await page.goto('/catalog');
    await expectClientSideNavigation(
      page,
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category.name, exact: true }),
      (url) => url.searchParams.get('categories') === category.oId,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
  });

  test('a campaign link (utm_*, fbclid) opens the page its filters say, without errors, and the visit keeps the campaign', async ({ page, catalog }) => {
    // the server keeps and renders the page without the parameters no page reads (decision 077); the browser keeps its address
    const { category } = pickCategoryToFilter(catalog);
    const devtools = await watchConsole(page);
    const visit = page.waitForRequest((req) => req.url().endsWith('/fn/analytics/logEvent'));
    await page.goto(`/catalog?utm_source=whatsapp&categories=${encodeURIComponent(category.oId)}&fbclid=IwAR0e2e&utm_campaign=diwali`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    expect((await visit).postDataJSON()).toMatchObject({ event_type: 'new_session', value: expect.stringContaining('utm_source=whatsapp') });
    await expectClientSideNavigation(
      page,
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All', exact: true }),
      (url) => url.pathname === '/catalog' && !url.searchParams.has('categories'),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
    expect(await devtools.problems(), 'console errors (a page that hydrates differently), uncaught exceptions and CSP violations').toEqual([]);
  });

  test('the shop has an icon for the browser tab', async ({ page, request }) => {
    await page.goto('/');
    const declared = await page.locator('link[rel~="icon"]').evaluateAll((links) => links[0]?.getAttribute('href') ?? null);
    const iconURL = declared ?? '/favicon.ico';
    const response = await request.get(iconURL);
    expect(response.status(), `GET ${iconURL}`).toBe(200);
    expect(response.headers()['content-type'] ?? '', `${iconURL} is an image`).toMatch(/^image\//);
  });
});
