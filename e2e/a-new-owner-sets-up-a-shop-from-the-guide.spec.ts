import path from 'node:path';
import { startOwnServer } from './fixtures/own-server.ts';
import { OWNER_PASSWORD } from './fixtures/owner.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 24's story: a new shop made from docs/owner-guide.md's two sample files only — the
 * bakery's config and its catalog CSV — started as the guide says (the owner's account from
 * OWNER_EMAIL and OWNER_PASSWORD), takes a first order on a phone, and the owner sees it on /admin.
 */
test.describe('A new owner sets up a shop from the guide', () => {
  test.skip(({ isMobile }) => !isMobile, 'the owner runs the shop from a phone; one server of its own');

  test("the bakery of the guide's sample files takes a first pickup order, which its owner sees on /admin", async ({ page, browser }, testInfo) => {
    test.slow(); // a shop of its own starts, and the owner's password is hashed slowly on purpose
    const owner = 'owner@crumb.example';
    const shop = await startOwnServer({
      port: 4196,
      dataDir: path.relative(process.cwd(), testInfo.outputPath('crumb')),
      shopConfig: 'demo/shop.config.sample.json',
      seedCatalog: 'demo/catalog-sample.csv',
      env: { OWNER_EMAIL: owner, OWNER_PASSWORD },
    });
    try {
      await page.goto(`${shop.url}/home`);
      await expect(page.getByRole('link', { name: 'Crumb & Co. Bakehouse' })).toBeVisible();

      // a cake by weight and a pack of pav, from the sample CSV's rows
      await page.goto(`${shop.url}/p/choc-truffle`);
      await expect(page.getByRole('heading', { name: 'Chocolate Truffle Cake' })).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: 'Add Chocolate Truffle Cake' }).click();
      await expect(page.getByText('Added to cart!')).toBeVisible();
      await page.goto(`${shop.url}/p/pav-6`);
      await page.getByRole('main').getByRole('button', { name: 'Add Ladi Pav' }).click();
      await expect(page.getByText('Added to cart!')).toBeVisible();

      // pickup asks the name and phone (decision 050), and is paid at the counter
      await page.goto(`${shop.url}/checkout`);
      await page.getByRole('radio', { name: 'Pickup' }).check();
      await page.getByLabel('Full name').first().fill('Meera Kulkarni');
      await page.getByLabel('Phone number').fill('9822000001');
      await page.getByRole('radio', { name: 'Pay at the counter' }).check();
      // worked by hand: 1 kg of cake at ₹1,200 and a pack of 6 pav at ₹40, prices that hold GST
      // (taxMode inclusive), no delivery at pickup, ₹10 fixed packing: ₹1,250.00
      const totals = page.getByRole('complementary', { name: 'Your order' }).getByTestId('order-totals');
      await expect(totals.locator('[data-code="grand_total"]')).toContainText('₹1,250.00');
      await page.getByRole('button', { name: 'Place order' }).click();
      const confirmation = page.getByRole('dialog', { name: 'Order confirmation' });
      // the shop's first order
      await expect(confirmation.getByText('Order number: #1001')).toBeVisible();
      await confirmation.getByRole('button', { name: 'OK' }).click();

      // the owner, on another phone, logs in with the account the start made and sees the order
      const board = await browser.newPage({ viewport: page.viewportSize() });
      await board.goto(`${shop.url}/admin`);
      await board.getByRole('button', { name: 'Log in', exact: true }).click();
      const login = board.getByRole('dialog', { name: 'Log in' });
      await login.getByLabel('E-mail').fill(owner);
      await login.getByLabel('Password').fill(OWNER_PASSWORD);
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      const card = board.getByRole('article', { name: 'Order #1001' });
      await expect(card).toContainText('Meera Kulkarni');
      await expect(card).toContainText('Chocolate Truffle Cake');
      await expect(card).toContainText('₹1,250.00');
      await board.close();
    } finally {
      await shop.stop();
    }
  });
});
