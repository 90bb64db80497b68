import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { lastMailTo, signUpAndConfirm } from './fixtures/accounts.ts';
import { startOwnServer } from './fixtures/own-server.ts';
import { ASHA, fillShopper, orderOneForPickup, orderPickupPayingOnDelivery, pressAddToCart } from './fixtures/checkout.ts';
import { createOwner, ownerLogsIn } from './fixtures/owner.ts';
import { ownShopPort } from './fixtures/servers.ts';
import type { Catalog } from './fixtures/shop-data.ts';
import { expect, test } from './fixtures/test.ts';

/** axe on the owner's page once the login's welcome toast, which fades in and out, has gone. */
async function expectAccessibleBoard(board: Page): Promise<void> {
  await expect(board.getByText(/^Welcome, /)).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(board);
}

/**
 * A shop of its own with its owner logged in on /admin, for journeys that change the
 * whole shop (its stock, prices, catalog, categories, its open / closed switch), which the
 * demo shop's other journeys must not see. `visit` opens a shopper's page on it. A shop
 * starting and a password login: the test gets the slow timeout.
 */
async function inOwnShop(browser: Browser, testInfo: TestInfo, run: (shop: { board: Page; visit: () => Promise<Page> }) => Promise<void>): Promise<void> {
  testInfo.slow();
  const dir = path.relative(process.cwd(), testInfo.outputPath('shop'));
  const server = await startOwnServer({ port: ownShopPort('own shop', testInfo.parallelIndex), dataDir: dir });
  const open = () => browser.newContext({ baseURL: server.url, viewport: testInfo.project.use.viewport ?? null });
  try {
    const email = `owner-${testInfo.project.name}@example.com`;
    createOwner(email, dir);
    const board = await (await open()).newPage();
    await ownerLogsIn(board, email);
    await run({ board, visit: async () => (await open()).newPage() });
  } finally {
    await server.stop();
  }
}

/** A product a guest can order several of, sold in whole units. */
const orderable = (catalog: Catalog) => catalog.products.find((p) => p.stock >= 5 && p.itemId === p.variantId && !p.isFraction && p.price.regular > 0)!;

/** Counts the page's full loads from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test.describe('The owner can run the shop', () => {
  test('a shopper places an order; it appears on the owner board without a reload; the owner confirms it; the shopper sees it confirmed', async ({
    page,
    browser,
    catalog,
  }) => {
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
    const product = orderable(catalog);
    await orderOneForPickup(page, product, ASHA);
    const confirmation = page.getByRole('dialog', { name: 'Order confirmation' });
    const number = (await confirmation.getByText(/^Order number: /).textContent())!.replace('Order number: ', '');
    await confirmation.getByRole('button', { name: 'OK' }).click();

    // it reaches the board by itself
    const card = board.getByRole('article', { name: `Order ${number}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Placed');
    await expect(card).toContainText(`1 × ${product.title}`);
    expect(boardLoads()).toBe(0);
    await expectAccessibleBoard(board);

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

  test("the owner sees a day's bookings and cancels one; the shopper's account says so and an e-mail tells them", async ({ page, request, browser }) => {
    test.slow(); // a sign-up, a booking and an owner login in two browsers
    const project = test.info().project.name;
    const email = `booked-${project}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Kavya Menon', email, 'cardamom harbour lanterns');
    await page.goto('/appointment?service=spice-tasting');
    const day = page
      .getByRole('group', { name: 'Choose a day' })
      .getByRole('radio', { disabled: false })
      .nth(project === 'mobile' ? 0 : 1);
    await day.locator('xpath=..').click();
    const date = (await day.getAttribute('value'))!;
    const time = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio', { disabled: false }).first();
    await time.locator('xpath=..').click();
    await page.getByLabel('Phone number (the shop calls this if something changes)').fill('+91 98450 67890');
    await page.getByLabel('Note for the shop (optional)').fill('Allergic to mustard');
    await page.getByRole('button', { name: /^Book Spice tasting session, / }).click();
    await expect(page.getByRole('heading', { name: 'Your appointment is booked' })).toBeVisible();

    const ownerEmail = `booking-owner-${project}-${Date.now()}@example.com`;
    createOwner(ownerEmail);
    const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? null });
    const board = await ownerContext.newPage();
    await ownerLogsIn(board, ownerEmail);
    await board.getByRole('button', { name: 'Bookings' }).click();
    await expect(board).toHaveURL(/\/admin\?section=bookings$/);
    await board.getByLabel('Day', { exact: true }).fill(date);
    // this run's booking in the day's list (a retry, or the other browser, may have booked the same day; the next 7 days list it too)
    const card = board
      .getByRole('region', { name: /^Bookings on / })
      .getByRole('article')
      .filter({ has: board.getByRole('link', { name: email }) });
    await expect(card).toContainText('Spice tasting session');
    await expect(card).toContainText('Note: Allergic to mustard');
    await expect(card).toContainText('Kavya Menon');
    await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(card.getByRole('link', { name: '+91 98450 67890' })).toHaveAttribute('href', 'tel:+919845067890');
    await expectAccessibleBoard(board);
    await card.getByRole('button', { name: 'Cancel booking' }).click();
    await card.getByRole('button', { name: 'Cancel booking: are you sure?' }).click();
    await expect(card).toContainText('Cancelled');
    await expect(card.getByRole('button', { name: /Cancel booking/ })).toHaveCount(0);

    await page.goto('/account?activePage=appointments');
    await expect(page.getByRole('article', { name: /^Spice tasting session, / })).toContainText('Cancelled');
    const mail = await lastMailTo(request, email, /^Your booking at Kirana & Co\. was cancelled$/);
    expect(mail.text).toContain('Kirana & Co. had to cancel your booking: Spice tasting session, ');
    await ownerContext.close();
  });

  test('the owner finds a product and sets its stock; the storefront shows it at once', async ({ browser, catalog }, testInfo) => {
    await inOwnShop(browser, testInfo, async ({ board, visit }) => {
      await board.getByRole('button', { name: 'Stock' }).click();
      const product = orderable(catalog);
      await board.getByLabel('Find a product').fill(product.title);
      const stock = board.getByRole('spinbutton', { name: new RegExp(`^${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( Out of stock)? Units$`) });
      // in stock on this shop of its own (the demo shop's catalog has had orders)
      await expect(stock).toHaveValue(/^[1-9]\d*$/);
      await expectAccessibleBoard(board);

      await stock.fill('0');
      await board.getByRole('button', { name: `Save stock of ${product.title}` }).click();
      await expect(board.getByText('Saved: the shop shows it now.')).toBeVisible();

      const shopper = await visit();
      await shopper.goto(`/p/${product.variantId}`);
      await expect(shopper.getByRole('main').getByText('Out of stock').first()).toBeVisible();
    });
  });

  test("the owner changes a product's price on a phone: its stock stays and the storefront shows the price; hidden, it leaves the catalog", async ({
    browser,
    catalog,
  }, testInfo) => {
    await inOwnShop(browser, testInfo, async ({ board, visit }) => {
      const product = orderable(catalog);
      const shopper = await visit();
      const shown = async () =>
        (await (await shopper.request.get('/api/catalog')).json()).products.find((p: { variantId: string }) => p.variantId === product.variantId) as
          { stock: number; price: { special: number | null } } | undefined;
      const stockBefore = (await shown())!.stock;
      // an offer one below the price: whole rupees, below the regular price and any MRP
      const offer = Math.floor(product.price.regular) - 1;

      await board.getByRole('button', { name: 'Products' }).click();
      await board.getByLabel('Find a product').fill(product.title);
      await board
        .getByRole('button', { name: new RegExp(`^${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
        .first()
        .click();
      const form = board.getByRole('form', { name: `Edit ${product.title}` });
      await expectAccessibleBoard(board);

      // the server's words for a bad price, under the box
      await form.getByLabel('Offer price').fill(String(product.price.regular + 1000));
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('The special price must not be above the regular price.').first()).toBeVisible();

      await form.getByLabel('Offer price').fill(String(offer));
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Saved: the shop shows it now.')).toBeVisible();
      expect(await shown()).toMatchObject({ stock: stockBefore, price: { special: offer } });
      await shopper.goto(`/p/${product.variantId}`);
      await expect(shopper.getByRole('main')).toContainText(String(offer));

      await board.getByRole('button', { name: 'Hide from the shop' }).click();
      await expect(board.getByRole('button', { name: 'Show in the shop' })).toBeVisible();
      expect(await shown()).toBeUndefined();
      await shopper.goto('/catalog');
      await expect(shopper.getByRole('main')).not.toContainText(product.title);
      expect((await shopper.goto(`/p/${product.variantId}`))?.status()).toBe(404);
    });
  });

  test('a price the owner changes while a shopper is at checkout is not charged unasked: the shopper reads the new total and places the order again', async ({
    browser,
    catalog,
  }, testInfo) => {
    await inOwnShop(browser, testInfo, async ({ board, visit }) => {
      const product = orderable(catalog);
      const shopper = await visit();
      await shopper.goto(`/p/${product.variantId}`);
      await pressAddToCart(shopper, product);
      await shopper.goto('/checkout');
      // the checkout's quote for the order as it will be sent: pickup, paid at the counter, Asha's contact
      const settled = shopper.waitForResponse((r) => {
        if (!r.url().endsWith('/fn/order/quote')) return false;
        const { order } = JSON.parse(r.request().postData() ?? '{}') as {
          order?: { deliveryMode: string; paymentType: string | null; personalDetails: { email: string } };
        };
        return order?.deliveryMode === 'pickup' && order.paymentType === 'pof' && order.personalDetails.email === ASHA.email;
      });
      await fillShopper(shopper, ASHA);
      await shopper.getByRole('radio', { name: 'Pickup' }).check();
      await shopper.getByRole('radio', { name: 'Pay at the counter' }).check();
      await settled;
      const grandTotal = shopper.getByTestId('order-totals').locator('[data-code="grand_total"] dd');
      const shown = (await grandTotal.textContent())!.trim();

      // meanwhile the owner puts the product on offer, a rupee below its price
      await board.getByRole('button', { name: 'Products' }).click();
      await board.getByLabel('Find a product').fill(product.title);
      await board
        .getByRole('button', { name: new RegExp(`^${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
        .first()
        .click();
      const form = board.getByRole('form', { name: `Edit ${product.title}` });
      await form.getByLabel('Offer price').fill(String(Math.floor(product.price.regular) - 1));
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Saved: the shop shows it now.')).toBeVisible();

      // the order the shopper sends is for the total they saw: refused, with the new one, and nothing placed
      await shopper.getByRole('button', { name: 'Place order' }).click();
      const problem = shopper.getByRole('alert').filter({ hasText: 'The total of your order is now' });
      await expect(problem).toBeVisible();
      await expect(grandTotal).not.toHaveText(shown);
      const now = (await grandTotal.textContent())!.trim();
      await expect(problem).toHaveText(`The total of your order is now ${now}. Please check it and place your order again.`);
      await expect(shopper.getByRole('dialog', { name: 'Order confirmation' })).toHaveCount(0);

      // placed again, it is taken at the total now shown
      await shopper.getByRole('button', { name: 'Place order' }).click();
      await shopper.getByRole('dialog', { name: 'Order confirmation' }).getByRole('button', { name: 'OK' }).click();
      await expect(shopper.getByTestId('order-totals').locator('[data-code="grand_total"] dd')).toHaveText(now);
    });
  });

  test('the owner creates a product with two variants and two photos on a phone; a shopper finds it and buys one; a new price leaves the stock; hidden, it is gone; Today counts the order', async ({
    browser,
    catalog,
  }, testInfo) => {
    await inOwnShop(browser, testInfo, async ({ board, visit }) => {
      await board.setViewportSize({ width: 390, height: 844 });
      const category = catalog.categories[0]!;
      await board.getByRole('button', { name: 'Products' }).click();
      await board.getByRole('button', { name: 'New product' }).click();
      const form = board.getByRole('form', { name: 'New product' });
      await form.getByLabel('Title').fill('Hill Masala Chai');
      await form.getByLabel('Description').fill('Strong tea with cardamom and ginger.');
      await form.getByLabel('Category').selectOption(category.oId);
      await form.getByLabel('Size guide (optional, shown on the product page)').fill('One spoon for a cup.\nTwo for a strong one.');
      const small = form.getByRole('group', { name: 'Variant 1', exact: true });
      await small.getByLabel('Variant name').fill('250 g');
      await small.getByLabel('MRP').fill('200');
      await small.getByLabel('Price', { exact: true }).fill('180');
      await small.getByLabel('Offer price').fill('165');
      await small.getByLabel('Stock at the start').fill('10');
      await form.getByRole('button', { name: 'Add a variant' }).click();
      const large = form.getByRole('group', { name: 'Variant 2', exact: true });
      await large.getByLabel('Variant name').fill('1 kg');
      await large.getByLabel('Price', { exact: true }).fill('650');
      await large.getByLabel('Offer price').fill('700');
      await large.getByLabel('Made to order (no stock kept)').check();
      await expectAccessibleBoard(board);

      // the server's words for the second variant's offer price, under its box
      await form.getByRole('button', { name: 'Save the product' }).click();
      await expect(large.getByText('The special price must not be above the regular price.')).toBeVisible();
      await large.getByLabel('Offer price').fill('');
      await form.getByRole('button', { name: 'Save the product' }).click();
      // saved: the new product opens in the list
      await expect(board.getByRole('form', { name: 'Edit Hill Masala Chai (250 g)' })).toBeVisible();
      // two photos from the phone, uploaded one after the other
      const photo = async (name: string, colour: string) => ({
        name,
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
          .jpeg()
          .toBuffer(),
      });
      await board.getByLabel('Add photos').setInputFiles([await photo('tin.jpg', '#8d4b2a'), await photo('cup.jpg', '#d9a441')]);
      await expect(board.getByText('2 of 2 added.')).toBeVisible();
      await expect(board.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible();

      const shopper = await visit();
      const shown = (await (await shopper.request.get('/api/catalog')).json()).products.filter((p: { title: string }) => p.title === 'Hill Masala Chai');
      expect(shown).toMatchObject([
        {
          variantName: '250 g',
          categoryId: category.oId,
          price: { mrp: 200, regular: 180, special: 165 },
          stock: 10,
          images: [{ url: expect.stringMatching(/^\/media\/u\//) }, { url: expect.stringMatching(/^\/media\/u\//) }],
        },
        { variantName: '1 kg', price: { mrp: null, regular: 650, special: null }, madeToOrder: true },
      ]);
      await shopper.goto('/home');
      await shopper.getByRole('banner').getByRole('searchbox', { name: 'Search' }).click();
      const panel = shopper.getByRole('dialog', { name: 'Search' });
      await panel.getByRole('searchbox', { name: 'Search' }).fill('masala chai');
      await expect(
        panel
          .getByRole('list', { name: 'Search results' })
          .getByRole('link', { name: /Hill Masala Chai/ })
          .first(),
      ).toBeVisible();
      await shopper.goto('/catalog?q=hill%20masala');
      await expect(shopper.getByRole('main')).toContainText('Hill Masala Chai');

      // the shopper reads its size guide and buys the 250 g tin
      const tin = shown[0] as { variantId: string };
      await shopper.goto(`/p/${tin.variantId}`);
      await shopper.getByRole('main').getByRole('button', { name: 'Size guide' }).click();
      await expect(shopper.getByRole('dialog', { name: 'Size guide' })).toContainText('One spoon for a cup.');
      await shopper.keyboard.press('Escape');
      await shopper.getByRole('main').getByRole('button', { name: 'Add Hill Masala Chai' }).click();
      await shopper.goto('/checkout');
      await orderPickupPayingOnDelivery(shopper, ASHA);
      await expect(shopper.getByRole('dialog', { name: 'Order confirmation' })).toBeVisible();
      const tinNow = async () =>
        (await (await shopper.request.get('/api/catalog')).json()).products.find((p: { variantId: string }) => p.variantId === tin.variantId) as
          { stock: number; price: { regular: number } } | undefined;
      expect((await tinNow())?.stock).toBe(9);

      // a new price: the stock stays as the sale left it
      const edit = board.getByRole('form', { name: 'Edit Hill Masala Chai (250 g)' });
      await edit.getByLabel('Price', { exact: true }).fill('190');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit.getByText('Saved: the shop shows it now.')).toBeVisible();
      expect(await tinNow()).toMatchObject({ stock: 9, price: { regular: 190 } });

      // hidden: gone from the storefront, the sitemap and search
      await board.getByRole('button', { name: 'Hide from the shop' }).click();
      await expect(board.getByRole('button', { name: 'Show in the shop' })).toBeVisible();
      expect(await tinNow()).toBeUndefined();
      expect((await shopper.goto(`/p/${tin.variantId}`))?.status()).toBe(404);
      expect(await (await shopper.request.get('/sitemap.xml')).text()).not.toContain(`/p/${tin.variantId}`);
      await shopper.goto('/catalog?q=hill%20masala');
      await expect(shopper.getByRole('main')).not.toContainText('Hill Masala Chai');
      await shopper.goto('/home');
      await shopper.getByRole('banner').getByRole('searchbox', { name: 'Search' }).click();
      await panel.getByRole('searchbox', { name: 'Search' }).fill('masala chai');
      await expect(panel.getByRole('list', { name: 'Search results' }).getByRole('link', { name: /Hill Masala Chai/ })).toHaveCount(0);

      // the order counts in Today
      await board.getByRole('button', { name: 'Orders', exact: true }).click();
      const today = board.getByRole('region', { name: 'Today' });
      await expect(today.getByRole('definition').filter({ hasText: /^1$/ })).toBeVisible();
      // ₹165 for the tin, ₹8.25 of the shop's 5 % tax on it and ₹10 packing (2 % is ₹3.30, under the shop's ₹10 least), paid at pickup
      await expect(today).toContainText('₹0.00 paid · ₹183.25 to collect');
      // the 30 days' chart names today's sales before anything is touched
      await expect(board.locator('section[aria-labelledby="owner-days"] .u-legend')).toContainText('₹183.25');
    });
  });

  test('the owner adds a category with a photo on a phone, moves it up and deletes it; a category with products is kept, with the reason', async ({
    browser,
  }, testInfo) => {
    await inOwnShop(browser, testInfo, async ({ board, visit }) => {
      await board.setViewportSize({ width: 390, height: 844 });
      board.on('dialog', (dialog) => void dialog.accept());
      await board.getByRole('button', { name: 'Shop front' }).click();
      const categories = board.getByRole('region', { name: 'Categories' });
      await categories.getByRole('button', { name: 'New category' }).click();
      const form = categories.getByRole('form', { name: 'New category' });
      await form.getByLabel('Name').fill('Bakery');
      await form.getByLabel('Colour (like #1a2b3c)').fill('not a colour');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('alert')).toBeVisible();
      await form.getByLabel('Colour (like #1a2b3c)').fill('#aa5500');
      // its picture from the phone: a web page dressed as a photo is refused, a photo taken
      const picture = form.getByRole('group', { name: 'Image' });
      await picture
        .getByLabel('Upload a photo')
        .setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><p>not a photo') });
      await expect(picture.getByText('This file is not a JPEG, PNG or WebP photo.')).toBeVisible();
      const loaf = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c8873a' } })
        .jpeg()
        .toBuffer();
      await picture.getByLabel('Upload a photo').setInputFiles({ name: 'loaf.jpg', mimeType: 'image/jpeg', buffer: loaf });
      await expect(picture.getByText('loaf.jpg is uploaded: save to keep it.')).toBeVisible();
      await expect(picture.getByRole('img', { name: 'Image: the picture now' })).toBeVisible();
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(categories.getByText('Bakery', { exact: true })).toBeVisible();
      await expectAccessibleBoard(board);

      const shopper = await visit();
      const bakery = ((await (await shopper.request.get('/api/catalog')).json()).categories as Array<{ name: string; image: string }>).find(
        (c) => c.name === 'Bakery',
      )!;
      expect(bakery.image).toMatch(/^\/media\/u\//);
      expect((await shopper.request.get(bakery.image)).headers()['content-type']).toMatch(/^image\//);
      const names = async () =>
        ((await (await shopper.request.get('/api/catalog')).json()).categories as Array<{ name: string; position: number }>)
          .sort((a, b) => a.position - b.position)
          .map((c) => c.name);
      const before = await names();
      expect(before.at(-1)).toBe('Bakery');
      await categories.getByRole('button', { name: 'Move Bakery up' }).click();
      await expect.poll(names).toEqual([...before.slice(0, -2), 'Bakery', before.at(-2)]);

      // a category holding products stays, and says why
      const full = categories.getByRole('listitem').filter({ hasText: before[0]! });
      await full.getByRole('button', { name: 'Delete' }).click();
      await expect(full.getByRole('alert')).toContainText('cannot be deleted');
      await categories.getByRole('listitem').filter({ hasText: 'Bakery' }).getByRole('button', { name: 'Delete' }).click();
      await expect(categories.getByText('Bakery', { exact: true })).toHaveCount(0);
      await expect.poll(names).toEqual(before.slice(0, -1));
    });
  });

  test('a shopper who is not the owner is not shown the orders', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText("Log in with the owner's account to see the orders.")).toBeVisible();
    const res = await page.request.get('/admin/api/orders');
    expect(res.status()).toBe(404);
  });

  test('the owner closes the shop: the storefront says so and refuses orders; reopened, it takes them again', async ({ browser, catalog }, testInfo) => {
    await inOwnShop(browser, testInfo, async ({ board, visit }) => {
      await expect(board.getByText('The shop is open and takes orders.')).toBeVisible();
      await board.getByRole('button', { name: 'Close the shop' }).click();
      await expect(board.getByText('The shop is closed: the storefront says so and refuses orders.')).toBeVisible();

      const shopper = await visit();
      const product = orderable(catalog);
      await shopper.goto(`/p/${product.variantId}`);
      await expect(
        shopper.getByRole('status').filter({ hasText: 'The shop is closed right now. You can look around, but orders are not being taken.' }),
      ).toBeVisible();
      await orderOneForPickup(shopper, product, ASHA);
      await expect(shopper.getByRole('alert').filter({ hasText: 'The shop is closed right now and is not taking orders. Your cart is kept.' })).toBeVisible();

      await board.getByRole('button', { name: 'Open the shop' }).click();
      await expect(board.getByText('The shop is open and takes orders.')).toBeVisible();
      await shopper.getByRole('button', { name: 'Place order' }).click();
      await expect(shopper.getByRole('dialog', { name: 'Order confirmation' })).toBeVisible();
    });
  });
});
