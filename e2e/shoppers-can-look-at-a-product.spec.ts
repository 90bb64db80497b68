import { formatPrice, pickOutOfStockProduct, pickSimpleProduct, pickVariantSwitch, sellingPrice } from './fixtures/shop-data.ts';
import { expectImageLoaded } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

type JsonLdProduct = { '@type'?: string; name?: string; offers?: { price?: string; priceCurrency?: string; availability?: string } };

test.describe('Shoppers can look at a product', () => {
  test('the page shows its name, price, picture and that it is in stock', async ({ page, catalog, shop }) => {
    const product = pickSimpleProduct(catalog);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page.getByRole('main')).toContainText(formatPrice(sellingPrice(product), shop));
    await expect(page.getByText(/^(In stock|Only .+ left)$/)).toBeVisible();
    await expectImageLoaded(page.getByRole('img', { name: product.title }).first());
  });

  test('search engines get the product and its offer as JSON-LD', async ({ page, catalog, shop }) => {
    const product = pickSimpleProduct(catalog);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const items = scripts.map((text) => JSON.parse(text) as JsonLdProduct);
    const jsonLd = items.find((item) => item['@type'] === 'Product');
    expect(jsonLd, 'a schema.org Product').toBeDefined();
    expect(jsonLd?.name).toBe(product.title);
    expect(jsonLd?.offers?.price).toBe(sellingPrice(product).toFixed(shop.localeConfig.fractionDigits));
    expect(jsonLd?.offers?.priceCurrency).toBe(shop.localeConfig.currencyCode);
    expect(jsonLd?.offers?.availability).toBe('https://schema.org/InStock');
  });

  test("a product page has one description, the product's; other pages have the shop's", async ({ page, request, catalog, shop }) => {
    const product = pickSimpleProduct(catalog);
    const own = (product as { description?: string }).description?.trim().slice(0, 160) ?? '';
    expect(own, 'the demo product has a description').not.toBe('');
    const descriptions = page.locator('meta[name="description"]');
    // in the server's HTML, as search engines read it, and after hydration
    const html = await (await request.get(`/p/${encodeURIComponent(product.variantId)}`)).text();
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(descriptions).toHaveCount(1);
    await expect(descriptions).toHaveAttribute('content', own);

    await page.goto('/catalog');
    await expect(descriptions).toHaveCount(1);
    await expect(descriptions).toHaveAttribute('content', shop.description!);
  });

  test('an item with options lets the shopper switch between them', async ({ page, catalog, shop }) => {
    const { from, to, variants } = pickVariantSwitch(catalog);
    await page.goto(`/p/${encodeURIComponent(from.variantId)}`);
    const optionList = page.getByRole('navigation', { name: 'Options' });
    const option = (name: string) => optionList.getByRole('link', { name, exact: true });
    await expect(optionList.getByRole('link')).toHaveCount(variants.length);
    await expect(option(from.variantName)).toHaveAttribute('aria-current', 'page');

    await option(to.variantName).click();
    await expect(page).toHaveURL(`/p/${encodeURIComponent(to.variantId)}`);
    await expect(option(to.variantName)).toHaveAttribute('aria-current', 'page');
    await expect(option(from.variantName)).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(to.title);
    await expect(page.getByRole('main')).toContainText(formatPrice(sellingPrice(to), shop));
  });

  test('a sold-out product says so', async ({ page, catalog }) => {
    const product = pickOutOfStockProduct(catalog);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page.getByRole('main').getByText('Out of stock', { exact: true })).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect((JSON.parse(jsonLd ?? '{}') as JsonLdProduct).offers?.availability).toBe('https://schema.org/OutOfStock');
  });

  test('an unknown product is a missing page', async ({ page }) => {
    const response = await page.goto('/p/no-such-product');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: "We can't find the page" })).toBeVisible();
  });
});
