import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startOwnServer } from './fixtures/own-server.ts';
import { demoShop } from './fixtures/servers.ts';
import { orderPickupPayingOnDelivery } from './fixtures/checkout.ts';
import { expect, test } from './fixtures/test.ts';

const OWNER_PASSWORD = 'monsoon market stalls';

/** The owner's account, made with the owner's command on a running shop's database. */
function createOwner(email: string, dataDir: string = demoShop.dataDir): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/main.ts', 'create-owner', email, 'Priya'], {
    env: { ...process.env, DATA_DIR: dataDir, SHOP_CONFIG: demoShop.shopConfig, DATABASE_URL: '', OWNER_PASSWORD },
    stdio: 'pipe',
  });
}

/** Logs the owner in on /admin. */
async function ownerLogsIn(board: Page, email: string): Promise<void> {
  await board.goto('/admin');
  await board.getByRole('button', { name: 'Log in', exact: true }).click();
  const login = board.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Password').fill(OWNER_PASSWORD);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(board.getByRole('tab', { name: /^Open/ })).toBeVisible();
}

/** Counts the page's full loads from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test.describe('The owner can run the shop', () => {
  test('a shopper places an order; it appears on the owner board without a reload; the owner confirms it; the shopper sees it confirmed', async ({ page, browser, catalog }) => {
    test.slow(); // two browsers and a password login
    const email = `owner-${test.info().project.name}-${Date.now()}@example.com`;
    createOwner(email);

    // the owner's phone or laptop, logged in on /admin
    const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? null });
    const board = await ownerContext.newPage();
    await ownerLogsIn(board, email);
    await expect(board.getByText('Live: new orders appear by themselves')).toBeVisible();
    const boardLoads = countLoads(board);

    // a guest orders for pickup, paying on delivery
    const product = catalog.products.find((p) => p.stock >= 5 && p.itemId === p.variantId && !('isFraction' in p && p.isFraction) && p.price.regular > 0)!;
    await page.goto(`/p/${product.variantId}`);
    await page.getByRole('main').getByRole('button', { name: `Add ${product.title}` }).click();
    await page.goto('/checkout');
    await orderPickupPayingOnDelivery(page, { name: 'Asha Rao', email: 'asha@example.com', phone: '9800000001' });
    const confirmation = page.getByRole('dialog', { name: 'Order confirmation' });
    const orderId = (await confirmation.getByText(/^Order number: /).textContent())!.replace('Order number: ', '');
    await confirmation.getByRole('button', { name: 'OK' }).click();

    // it reaches the board by itself
    const card = board.getByRole('article', { name: `Order ${orderId.slice(-8)}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Placed');
    await expect(card).toContainText(`1 × ${product.title}`);
    expect(boardLoads()).toBe(0);

    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(card).toContainText('Confirmed');
    await expect(card.getByRole('button', { name: 'Start preparing' })).toBeVisible();
    await card.getByRole('button', { name: 'Mark collected' }).click();
    await expect(card).toContainText('Paid');
    // ending an order takes a second click
    await card.getByRole('button', { name: 'Cancel order' }).click();
    await expect(card.getByRole('button', { name: 'Cancel order: are you sure?' })).toBeVisible();
    await expect(card).toContainText('Confirmed');

    // the shopper's own view of the order
    await page.getByRole('link', { name: 'View your order' }).click();
    await expect(page.getByText('Status: Confirmed')).toBeVisible();
    await ownerContext.close();
  });

  test('a shopper who is not the owner is not shown the orders', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText("Log in with the owner's account to see the orders.")).toBeVisible();
    const res = await page.request.get('/admin/api/orders');
    expect(res.status()).toBe(404);
  });

  test('the owner closes the shop: the storefront says so and refuses orders; reopened, it takes them again', async ({ browser, catalog }, testInfo) => {
    test.slow(); // a shop of its own (closing the demo shop would stop the other journeys' orders)
    const dir = path.relative(process.cwd(), testInfo.outputPath('shop'));
    const server = await startOwnServer({ port: 4185 + testInfo.parallelIndex, buildDir: 'build', dataDir: dir });
    try {
      const email = `closing-owner-${testInfo.project.name}@example.com`;
      createOwner(email, dir);
      const context = await browser.newContext({ baseURL: server.url, viewport: testInfo.project.use.viewport ?? null });
      const board = await context.newPage();
      await ownerLogsIn(board, email);
      await expect(board.getByText('The shop is open and takes orders.')).toBeVisible();
      await board.getByRole('button', { name: 'Close the shop' }).click();
      await expect(board.getByText('The shop is closed: the storefront says so and refuses orders.')).toBeVisible();

      const shopper = await (await browser.newContext({ baseURL: server.url, viewport: testInfo.project.use.viewport ?? null })).newPage();
      const product = catalog.products.find((p) => p.stock >= 5 && p.itemId === p.variantId && !('isFraction' in p && p.isFraction) && p.price.regular > 0)!;
      await shopper.goto(`/p/${product.variantId}`);
      await expect(shopper.getByRole('status').filter({ hasText: 'The shop is closed right now. You can look around, but orders are not being taken.' })).toBeVisible();
      await shopper.getByRole('main').getByRole('button', { name: `Add ${product.title}` }).click();
      await shopper.goto('/checkout');
      await orderPickupPayingOnDelivery(shopper, { name: 'Asha Rao', email: 'asha@example.com', phone: '9800000001' });
      await expect(shopper.getByRole('alert').filter({ hasText: 'The shop is closed right now and is not taking orders. Your cart is kept.' })).toBeVisible();

      await board.getByRole('button', { name: 'Open the shop' }).click();
      await expect(board.getByText('The shop is open and takes orders.')).toBeVisible();
      await shopper.getByRole('button', { name: 'Pay on delivery' }).click();
      await expect(shopper.getByRole('dialog', { name: 'Order confirmation' })).toBeVisible();
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
