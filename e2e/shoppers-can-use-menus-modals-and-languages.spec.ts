import { subscribeToNewsletter } from './fixtures/accounts.ts';
import { holdToasts, waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

type Box = { x: number; y: number; width: number; height: number };

test.describe('Shoppers can use the menus, modals and languages', () => {
  test('the side menu offers the shop and the account, and Escape closes it', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'All Products']) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByText('YOUR ACCOUNT')).toBeVisible();
    for (const name of ['Login', 'Signup']) await expect(menu.getByRole('button', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('a modal opens, closes on Escape, and reopens fresh', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Newsletter: 10% off' }).click();
    const modal = page.getByRole('dialog', { name: 'Our newsletter' });
    await expect(modal).toBeVisible();
    await modal.getByLabel('E-mail').fill('half-typed');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: 'Newsletter: 10% off' }).click();
    await expect(modal.getByLabel('E-mail')).toHaveValue('');
  });

  test('signing up for the newsletter asks to confirm by e-mail; confirmed, the 10 % code comes by e-mail and never on the page', async ({ page, request }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Newsletter: 10% off' }).click();
    const modal = page.getByRole('dialog', { name: 'Our newsletter' });
    await modal.getByLabel('E-mail').fill('not an address');
    await modal.getByRole('button', { name: 'Subscribe' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Please enter a valid e-mail address.');
    await page.keyboard.press('Escape');
    const code = await subscribeToNewsletter(page, request, `shopper-${test.info().project.name}-${Date.now()}@example.com`);
    expect(code).toMatch(/^WELCOME-[A-Z2-9]{8}$/);
    await expect(page.getByText(code)).toHaveCount(0);
  });

  test('the language switch changes the texts, Hindi writes every number in one kind of digits, and the next page keeps the language', async ({
    page,
    catalog,
  }) => {
    const product = catalog.products.find((p) => p.price.special === null && p.price.mrp === null && p.price.regular >= 100)!;
    await page.goto(`/catalog?categories=${product.categoryId}`);
    await expect(page.getByRole('main')).toContainText(`₹${product.price.regular.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('dialog', { name: 'Choose your language' }).getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.getByRole('main').getByRole('link', { name: 'सभी', exact: true })).toBeVisible();
    // one numbering system per locale: Hindi pages write prices, counts and discounts all in international digits, none in Devanagari
    const hindi = new Intl.NumberFormat('hi-IN', { minimumFractionDigits: 2 }).format(product.price.regular);
    await expect(page.getByRole('main')).toContainText(`₹${hindi}`);
    await expect(page.getByRole('main')).not.toContainText(/[\u0966-\u096F]/);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: 'मेन्यू' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  });

  test('the header hides while scrolling down and comes back on scrolling up', async ({ page }) => {
    await page.goto('/catalog');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-hidden', 'false');
    // keep scrolling like a shopper until the page (hydrated by then) reacts
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollBy(0, 150));
        return header.getAttribute('data-hidden');
      })
      .toBe('true');
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollBy(0, -100));
        return header.getAttribute('data-hidden');
      })
      .toBe('false');
  });

  // a toast over the header held the Menu button: a touch on a toast holds it (sonner pauses it)
  test('a toast covers neither the header nor the bottom navigation', async ({ page }) => {
    await page.goto('/catalog');
    const add = page.getByRole('main').getByRole('button', { name: /^Add / }).first();
    await waitForHydration(add);
    // a held toast stays, so its place can be measured once it has moved in
    await holdToasts(page);
    await add.click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toBeVisible();
    await toast.hover();
    const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const parts = { header: page.getByRole('banner'), 'bottom navigation': page.getByRole('navigation', { name: 'Main' }) };
    const placed = (await toast.boundingBox())!;
    for (const [name, part] of Object.entries(parts)) {
      // desktops have no bottom navigation
      if (!(await part.isVisible())) continue;
      expect(overlap(placed, (await part.boundingBox())!), `the toast covers the ${name}`).toBe(false);
    }
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });
});
