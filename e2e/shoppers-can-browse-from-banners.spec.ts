import { itemCount, readDemoBanners, sortedCategories, type ApiBanner, type ApiProduct, type Catalog } from './fixtures/shop-data.ts';
import { productTiles, tileVariantId } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

/** The banners of a kind in the shop's order, and the first one whose link is of the given type. */
const banners = readDemoBanners();

function bannerOf(kind: ApiBanner['kind'], linkType: ApiBanner['link']['type']): ApiBanner {
  const banner = banners
    .filter((b) => b.kind === kind)
    .sort((a, b) => a.position - b.position)
    .find((b) => b.link.type === linkType);
  if (!banner) throw new Error(`the demo catalog has no ${kind} banner linking to ${linkType}`);
  return banner;
}

/** What the catalog shows for a banner's categories or tags link. */
function productsFor(catalog: Catalog, link: ApiBanner['link']): ApiProduct[] {
  if (link.type === 'categories') return catalog.products.filter((p) => link.value.includes(p.categoryId));
  if (link.type === 'tags') return catalog.products.filter((p) => p.tags.some((t) => link.value.includes(t)));
  throw new Error('a url banner does not open the catalog');
}

test.describe('Shoppers can browse from banners', () => {
  test('the first hero banner opens the catalog with its categories', async ({ page, catalog }) => {
    const banner = bannerOf('hero', 'categories');
    const expected = productsFor(catalog, banner.link);
    await page.goto('/home');
    const hero = page.getByRole('region', { name: 'Featured offers' });
    await hero.getByRole('link', { name: banner.title }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/catalog' && url.searchParams.get('categories') === (banner.link as { value: string[] }).value.join(','),
    );
    // headed by the banner's categories, not 'All Products'
    const names = sortedCategories(catalog)
      .filter((c) => (banner.link as { value: string[] }).value.includes(c.oId))
      .map((c) => c.name);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(names.join(', '));
    const tiles = productTiles(page.getByRole('main'));
    await expect(tiles).toHaveCount(itemCount(expected));
    const shown = new Set(expected.map((p) => p.variantId));
    for (const tile of await tiles.all()) expect(shown.has(await tileVariantId(tile))).toBe(true);
  });

  test('a sliding banner with tags opens the catalog with those tags', async ({ page, catalog }) => {
    const banner = bannerOf('slider', 'tags');
    const expected = productsFor(catalog, banner.link);
    await page.goto('/home');
    await page.getByRole('region', { name: 'Offers' }).getByRole('link', { name: banner.title }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/catalog' && url.searchParams.get('tags') === (banner.link as { value: string[] }).value.join(','));
    await expect(productTiles(page.getByRole('main'))).toHaveCount(itemCount(expected));
  });

  test('a banner with a web address opens it in a new window and the shop stays open', async ({ page, context }) => {
    const banner = bannerOf('slider', 'url');
    const address = (banner.link as { urlValue: string }).urlValue;
    // the address is outside this machine: answer for it here
    await context.route(`${new URL(address).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' }));
    await page.goto('/home');
    const link = page.getByRole('region', { name: 'Offers' }).getByRole('link', { name: new RegExp(banner.title) });
    await expect(link).toHaveAccessibleName(/opens in a new window/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(popup).toHaveURL(address);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the hero banners move on by themselves every 10 seconds', async ({ page }) => {
    const heroes = banners.filter((b) => b.kind === 'hero');
    test.skip(heroes.length < 2, 'the demo shop has one hero banner');
    await page.clock.install();
    await page.goto('/home');
    const dots = page.getByRole('region', { name: 'Featured offers' }).getByRole('button', { name: /^Go to slide/ });
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(9_000);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(1_500);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  });
});
