import type { Page } from '@playwright/test';
import { openMenu } from './fixtures/accounts.ts';
import { orderPickupPayingOnDelivery, pressAddToCart } from './fixtures/checkout.ts';
import { expect, test } from './fixtures/test.ts';

// this journey is about the service worker: the others run without one (playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker is active, controls the page, and has kept the page it arrived on. */
async function serviceWorkerControls(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { message: 'the service worker takes the page', timeout: 20_000 })
    .toBe('activated');
  await expect.poll(() => page.evaluate(async () => !!(await caches.match(window.location.href))), { message: 'the first page is kept' }).toBe(true);
}

test.describe('Shoppers can shop offline', () => {
  test('after one visit the catalog and a product reload offline, search and the cart work, and checkout says it needs a connection', async ({
    page,
    context,
    catalog,
  }) => {
    const product = catalog.products.find((p) => p.stock >= 5 && p.itemId === p.variantId && !p.isFraction && p.price.regular > 0)!;
    const unseen = catalog.products.find((p) => p.variantId !== product.variantId)!;
    await page.goto('/catalog');
    await serviceWorkerControls(page);
    await page.goto(`/p/${product.variantId}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();

    await context.setOffline(true);
    // the product page and the catalog open again from what the worker kept
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await pressAddToCart(page, product);

    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.getByRole('link', { name: product.title }).first()).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    // search runs on the kept catalog
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('searchbox', { name: 'Search' }).fill(unseen.title.slice(0, 6));
    await expect(search.getByRole('list', { name: 'Search results' }).getByText(unseen.title).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    const cart = page.getByRole('dialog', { name: 'Total Items: 1' });
    await cart.getByRole('button', { name: `One more ${product.title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Total Items: 2' })).toBeVisible();

    // checkout opens from the cart but says it needs a connection, and placing an order says it was not placed
    await page.getByRole('dialog', { name: 'Total Items: 2' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline. Checkout needs a connection; your cart is kept.' })).toBeVisible();
    await orderPickupPayingOnDelivery(page, { name: 'Asha Rao', email: 'asha@example.com', phone: '9800000001' });
    await expect(page.getByRole('alert').filter({ hasText: 'You are offline. Checkout needs a connection; your cart is kept.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Thank you/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout$/);

    // a page never opened here, or one that always needs the server, says so instead of the browser's error
    await page.goto(`/p/${unseen.variantId}`);
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await page.goto('/checkout');
    await expect(page.getByText('Checkout needs a connection. Your cart is kept on this device and no order has been placed.')).toBeVisible();

    // back online, the cart is still there
    await context.setOffline(false);
    await page.goto('/catalog');
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
  });

  test('logging in and booking say they need a connection', async ({ page, context }) => {
    await page.goto('/home');
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await page.reload();
    // the menu's and the login's code was never loaded here: the worker has it
    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login.getByRole('status')).toHaveText('You are offline. Logging in needs a connection.');
    await page.keyboard.press('Escape');
    await page.goto('/appointment');
    await expect(page.getByText('Booking an appointment needs a connection. Nothing has been booked.')).toBeVisible();
  });
});
