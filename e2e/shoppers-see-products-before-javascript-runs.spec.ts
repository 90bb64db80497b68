import {
  escapeHtml,
  formatPrice,
  itemCount,
  markupWithoutScripts,
  pickCategoryToFilter,
  pickSimpleProduct,
  productByVariantId,
  sellingPrice,
  type ApiProduct,
  type Catalog,
} from './fixtures/shop-data.ts';
import { categoryChips, productTiles, tileVariantId } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext } from '@playwright/test';

/** The first HTML the server sends for a path, before any script: status 200 and the markup. */
async function serverHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status(), `GET ${path}`).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  return markupWithoutScripts(await response.text());
}

/** One product per item, in catalog order: what the tiles show when variants are grouped. */
function firstOfEachItem(catalog: Catalog): ApiProduct[] {
  const seen = new Set<string>();
  return catalog.products.filter((p) => !seen.has(p.itemId) && seen.add(p.itemId));
}

test.describe("The server's first HTML already has the products", () => {
  test('the cover lists bestsellers with their prices', async ({ request, catalog, shop }) => {
    const html = await serverHtml(request, '/');
    expect(html).toContain(`<title>${escapeHtml(shop.title)}</title>`);
    const tiles = [...html.matchAll(/href="\/p\/([^"]+)"/g)].map((m) => productByVariantId(catalog, decodeURIComponent(m[1]!)));
    expect(tiles.length, 'product links in the cover HTML').toBeGreaterThan(0);
    for (const product of tiles) {
      expect(html).toContain(escapeHtml(product.title));
      expect(html).toContain(formatPrice(sellingPrice(product), shop));
    }
  });

  test('the catalog lists every product with its price', async ({ request, catalog, shop }) => {
    const html = await serverHtml(request, '/catalog');
    const products = firstOfEachItem(catalog);
    expect(products.length).toBeGreaterThanOrEqual(20);
    for (const product of products) {
      expect(html, product.variantId).toContain(`href="/p/${encodeURIComponent(product.variantId)}"`);
    }
    for (const product of products.slice(0, 20)) {
      expect(html).toContain(escapeHtml(product.title));
      expect(html).toContain(formatPrice(sellingPrice(product), shop));
    }
  });

  test('a product page has the name and the price', async ({ request, catalog, shop }) => {
    const product = pickSimpleProduct(catalog);
    const html = await serverHtml(request, `/p/${encodeURIComponent(product.variantId)}`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(product.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain(formatPrice(sellingPrice(product), shop));
  });
});

test.describe('Shoppers without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still see the catalog and can filter it by category', async ({ page, catalog, shop }) => {
    await page.goto('/catalog');
    const tiles = productTiles(page.getByRole('main'));
    await expect(tiles).toHaveCount(itemCount(catalog.products));
    const first = productByVariantId(catalog, await tileVariantId(tiles.first()));
    await expect(tiles.first()).toContainText(first.title);
    await expect(tiles.first()).toContainText(formatPrice(sellingPrice(first), shop));

    const { category, products } = pickCategoryToFilter(catalog);
    await categoryChips(page).filter({ hasText: category.name }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('categories') === category.oId);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(tiles).toHaveCount(itemCount(products));
  });

  test('still see a product page', async ({ page, catalog, shop }) => {
    const product = pickSimpleProduct(catalog);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page.getByRole('main')).toContainText(formatPrice(sellingPrice(product), shop));
  });
});
