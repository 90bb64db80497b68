import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { orderPickupPayingOnDelivery } from './fixtures/checkout.ts';
import { fetchCatalog, formatPrice, isDigital, pickOutOfStockProduct, sellingPrice, type ApiProduct, type Catalog } from './fixtures/shop-data.ts';
import { demoShopURL, expect, test } from './fixtures/test.ts';

/**
 * Issue 23, decision 042: a cart line above the stock or out of stock is flagged in the cart
 * and at checkout as soon as it is known, counts in no total when out of stock, and stops the
 * order until it is fixed on its line.
 *
 * The carts here were filled "earlier": their lines are written into the browser's storage with
 * the stock the product had then, as the shop keeps them, so the stock of the demo shop is
 * never changed by these journeys (but by the last one, which orders one piece).
 */

const byPiece = (p: ApiProduct) => !p.isFraction && p.price.regular > 0 && !isDigital(p);

/**
 * A product sold by the piece with a little stock (4 to 19: the journeys that raise a line to
 * the stock take 2 or 3, those that order take 20 or more), read from the server now.
 */
async function lowStockProduct(request: APIRequestContext): Promise<ApiProduct> {
  const catalog = await fetchCatalog(request, demoShopURL);
  const product = catalog.products.find((p) => byPiece(p) && p.stock >= 4 && p.stock <= 19);
  if (!product) throw new Error('the demo catalog has no product with 4 to 19 in stock');
  return product;
}

/** The shopper's cart as the shop keeps it in this browser (`<shopId>/cart`), then the page afresh. */
async function cartFilledEarlier(page: Page, lines: Array<{ product: ApiProduct; qty: number; stockThen: number }>): Promise<void> {
  await page.goto('/home');
  const items = lines.map(({ product, qty, stockThen }) => ({ ...product, stock: stockThen, qty }));
  await page.evaluate((cart) => localStorage.setItem('demo/cart', JSON.stringify(cart)), items);
  await page.reload();
}

const money = (amount: number, shop: Parameters<typeof formatPrice>[1]) => formatPrice(Math.round(amount * 100) / 100, shop);

test.describe('Shoppers are told the stock truth', () => {
  test('a line above the stock and a line out of stock are flagged in the cart and at checkout, and the order waits until they are fixed', async ({
    page,
    catalog,
    shop,
    request,
  }) => {
    const above = await lowStockProduct(request);
    const gone = pickOutOfStockProduct(catalog);
    // when these were put in the cart, the shop had more: 5 more than today's stock, and 5 of the one sold out since
    const qty = above.stock + 5;
    await cartFilledEarlier(page, [
      { product: above, qty, stockThen: qty },
      { product: gone, qty: 1, stockThen: 5 },
    ]);

    await page.getByRole('button', { name: /^Cart/ }).first().click();
    const cart = page.getByRole('dialog', { name: /^Total Items/ });
    // today's stock comes with the catalog: the lines say so without any order being tried
    await expect(cart.getByText(`Stock not available · Only ${above.stock} left`)).toBeVisible();
    await expect(cart.getByRole('button', { name: `Change to ${above.stock} ${above.title}` })).toBeVisible();
    await expect(cart.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(cart.getByRole('button', { name: `Remove ${gone.title}` })).toBeVisible();
    // the sold-out line counts in no subtotal; the line above the stock counts as asked
    await expect(cart.getByTestId('cart-subtotal')).toHaveText(money(sellingPrice(above) * qty, shop));
    await expectNoSeriousA11yViolations(page);

    await cart.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const summary = page.getByRole('complementary', { name: 'Your order' });
    const aboveLine = summary.getByRole('listitem').filter({ hasText: above.title });
    const goneLine = summary.getByRole('listitem').filter({ hasText: gone.title });
    await expect(aboveLine.getByText(`Stock not available · Only ${above.stock} left`)).toBeVisible();
    await expect(goneLine.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(summary.getByTestId('order-totals').locator('[data-code="subtotal"] dd')).toHaveText(money(sellingPrice(above) * qty, shop));
    const blocked = 'Stock not available: remove the products that are out of stock and lower the quantities above the stock to place your order.';
    await expect(page.getByRole('status').filter({ hasText: blocked })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // pressing the button sends nothing and says why
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/fn/order/create') && sent.push(r.url()));
    await orderPickupPayingOnDelivery(page, { name: 'Asha Rao', email: 'asha.stock@example.com', phone: '9800000011' });
    await expect(page.getByRole('alert').filter({ hasText: blocked })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Thank you/ })).toHaveCount(0);
    expect(sent).toEqual([]);

    // fixed on their lines, the order may go
    await goneLine.getByRole('button', { name: `Remove ${gone.title}` }).click();
    await expect(goneLine).toHaveCount(0);
    await aboveLine.getByRole('button', { name: `Change to ${above.stock} ${above.title}` }).click();
    await expect(aboveLine.getByText(`Qty ${above.stock}`)).toBeVisible();
    await expect(aboveLine.getByText(/Stock not available/)).toHaveCount(0);
    await expect(page.getByText(blocked)).toHaveCount(0);
  });

  test("when the server's stock is not the page's, the checkout line shows the server's and that the stock is not sure", async ({ page, request }) => {
    const product = await lowStockProduct(request);
    const qty = product.stock + 5;
    // the catalog this page holds is behind the server: it still says 10 more than the shop has
    await page.route('**/api/catalog', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Catalog;
      const stale = { ...body, products: body.products.map((p) => (p.id === product.id ? { ...p, stock: p.stock + 10 } : p)) };
      await route.fulfill({ response, json: stale });
    });
    await cartFilledEarlier(page, [{ product, qty, stockThen: product.stock + 10 }]);
    await page.goto('/checkout');

    const line = page.getByRole('complementary', { name: 'Your order' }).getByRole('listitem').filter({ hasText: product.title });
    // the server's quote is the authority: what it has left, on this line
    await expect(line.getByText(`Stock not available · Only ${product.stock} left`)).toBeVisible();
    await expect(line.getByText('The system is not sure about the stock quantity')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('The first page after a stock change', () => {
  // this journey is about the service worker: the others run without one (playwright.config.ts)
  test.use({ serviceWorkers: 'allow' });

  test("judges the cart by today's stock, not by the service worker's copy of the catalog", async ({ page, request }, testInfo) => {
    // one piece of it is ordered below; one product per project, so the two sizes do not meet
    const catalog = await fetchCatalog(request, demoShopURL);
    const candidates = catalog.products.filter((p) => byPiece(p) && p.stock >= 20 && p.stock <= 40);
    const product = candidates[testInfo.project.name === 'mobile' ? 0 : 1];
    if (!product) throw new Error('the demo catalog has too few products with 20 to 40 in stock');

    await page.goto('/home');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { message: 'the service worker takes the page', timeout: 20_000 })
      .toBe('activated');
    // the whole stock in the cart: fine today
    await cartFilledEarlier(page, [{ product, qty: product.stock, stockThen: product.stock }]);
    await expect
      .poll(() => page.evaluate(async () => !!(await (await caches.open('catalog')).match('/api/catalog'))), {
        message: 'the worker keeps a copy of the catalog',
      })
      .toBe(true);
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    await expect(page.getByRole('dialog', { name: /^Total Items/ }).getByText(/Stock not available/)).toHaveCount(0);

    // someone else buys one
    const placed = await request.post(`${demoShopURL}/fn/order/create`, {
      data: {
        sfId: 'demo',
        order: {
          items: [{ id: product.id, qty: 1 }],
          deliveryMode: 'pickup',
          paymentType: 'pof',
          personalDetails: { fullName: 'Ravi Kumar', email: `ravi.${testInfo.project.name}@example.com`, phone: { number: '9800000012', dialCode: '+91' } },
        },
      },
      headers: { 'idempotency-key': `stock-truth-${testInfo.project.name}-${Date.now()}` },
    });
    expect(placed.status(), await placed.text()).toBe(200);

    // what the server has now (other journeys may order too): at least one less than the cart holds
    const now = (await fetchCatalog(request, demoShopURL)).products.find((p) => p.id === product.id)!.stock;
    expect(now).toBeLessThan(product.stock);

    // the first page after the change: the worker's copy still says the old stock, the network does not
    await page.reload();
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    await expect(page.getByRole('dialog', { name: /^Total Items/ }).getByText(`Stock not available · Only ${now} left`)).toBeVisible();
  });
});
