import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { pickSimpleProduct } from './fixtures/shop-data.ts';
import { brokenShopURL, expect, test } from './fixtures/test.ts';
import { addToCart } from './fixtures/checkout.ts';

test.describe('Shoppers using assistive technology can shop', () => {
  test('the cover has no serious accessibility problems', async ({ page, shop }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: shop.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the catalog has no serious accessibility problems', async ({ page }) => {
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a product page has no serious accessibility problems', async ({ page, catalog }) => {
    const product = pickSimpleProduct(catalog);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('checkout, with its field errors showing, has no serious accessibility problems; the first field to fix gets the focus', async ({ page, catalog }) => {
    const product = pickSimpleProduct(catalog);
    await addToCart(page, product);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('alert')).toContainText('Please check the highlighted fields.');
    await expect(page.getByLabel('Full name').first()).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });

  test('booking an appointment, with its days and times showing, has no serious accessibility problems', async ({ page }) => {
    await page.goto('/appointment?service=spice-tasting');
    await expect(page.getByRole('group', { name: 'Choose a time' }).getByRole('radio').first()).toBeAttached();
    await expectNoSeriousA11yViolations(page);
  });

  test('the not-found page has no serious accessibility problems', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: "We can't find the page" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the broken-config error page has no serious accessibility problems', async ({ page }) => {
    await page.goto(`${brokenShopURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong ...' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
