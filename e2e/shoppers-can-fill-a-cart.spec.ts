import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { pickOutOfStockProduct } from './fixtures/shop-data.ts';
import { holdToasts, productTiles } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';
import { addToCart } from './fixtures/checkout.ts';

const openCart = async (page: Page) => {
  // the header's cart button on the catalog, the bottom navigation's elsewhere on phones
  await page.getByRole('button', { name: /^Cart/ }).first().click();
};

test.describe('Shoppers can fill a cart', () => {
  test('add a product, see the badge and the sidebar, change the quantity, remove it', async ({ page, catalog }) => {
    const product = catalog.products.find((p) => p.stock >= 5 && p.itemId === p.variantId && !p.isFraction && p.price.regular > 0)!;
    await addToCart(page, product);

    await page.goto(`/catalog?categories=${product.categoryId}`);
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await openCart(page);
    const cart = page.getByRole('dialog', { name: 'Total Items: 1' });
    await expect(cart).toBeVisible();
    await cart.getByRole('button', { name: `One more ${product.title}` }).click();
    await expect(page.getByText('Product quantity has been updated!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Total Items: 2' })).toBeVisible();

    await page
      .getByRole('dialog', { name: 'Total Items: 2' })
      .getByRole('textbox', { name: `Quantity of ${product.title}` })
      .fill('0');
    await page.keyboard.press('Enter');
    await expect(page.getByText('item removed from cart')).toBeVisible();
    const empty = page.getByRole('dialog', { name: 'Cart is Empty' });
    await expect(empty).toBeVisible();
    // an empty cart is not a dead end: it leads back to the catalog
    await empty.getByRole('link', { name: 'Continue shopping' }).click();
    await expect(empty).toBeHidden();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });

  // a decimal comma is how many keyboards type 1.5; read as "not a number" it removed the line
  for (const [typed, shown] of [
    ['1.25', '1.25'],
    ['1,5', '1.50'],
  ] as const) {
    test(`add a product sold by weight and type ${typed} Kg: the line holds ${shown} Kg`, async ({ page, catalog }) => {
      const product = catalog.products.find((p) => p.isFraction && p.stock >= 2)!;
      await page.goto(`/p/${product.variantId}`);
      await holdToasts(page);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: `Add ${product.title}` }).click();
      const weight = main.getByRole('textbox', { name: `Weight of ${product.title} in Kg` });
      await expect(weight).toHaveValue('1.00');
      await weight.fill(typed);
      await weight.press('Enter');
      await expect(weight).toHaveValue(shown);
      await expect(page.getByText('Product quantity has been updated!')).toBeVisible();
      await expect(main.getByRole('button', { name: `Add ${product.title}` })).toHaveCount(0);
    });
  }

  test("the − and + buttons move a weight by the owner's step for the product, 250 g where none is set", async ({ page, catalog }) => {
    const byWeight = catalog.products.filter((p) => p.isFraction && p.stock >= 3);
    const rice = byWeight.find((p) => (p as { weightStep?: number }).weightStep === 0.5)!;
    const plain = byWeight.find((p) => (p as { weightStep?: number }).weightStep === undefined)!;
    const main = page.getByRole('main');
    for (const [product, step, up, down] of [
      [rice, '0.5', '1.50', '0.50'],
      [plain, '0.25', '1.25', '0.75'],
    ] as const) {
      await page.goto(`/p/${product.variantId}`);
      await main.getByRole('button', { name: `Add ${product.title}` }).click();
      const weight = main.getByRole('textbox', { name: `Weight of ${product.title} in Kg` });
      await expect(weight).toHaveValue('1.00');
      await main.getByRole('button', { name: `${step} kg more ${product.title}` }).click();
      await expect(weight).toHaveValue(up);
      await main.getByRole('button', { name: `${step} kg less ${product.title}` }).click();
      await main.getByRole('button', { name: `${step} kg less ${product.title}` }).click();
      await expect(weight).toHaveValue(down);
    }
  });

  test('asking for more than the stock says so and keeps the stock', async ({ page, catalog }) => {
    // room to raise the line (2 or 3 in stock), so the cart has a change to report besides the warning
    const product = catalog.products.find((p) => p.stock >= 2 && p.stock <= 3 && !p.isFraction)!;
    await page.goto(`/p/${product.variantId}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: `Add ${product.title}` }).click();
    const qty = main.getByRole('textbox', { name: `Quantity of ${product.title}` });
    // the warning is held from the moment it shows, however slow the machine
    await holdToasts(page);
    await qty.fill('50');
    await qty.press('Enter');
    const warning = page.getByText('Stock not available');
    await expect(warning).toBeVisible();
    // one toast, not a warning and a contradicting 'updated' beside it
    await expect(page.getByText('Product quantity has been updated!')).toHaveCount(0);
    await expect(qty).toHaveValue(String(product.stock));
  });

  test('a sold-out product offers a disabled "Out of stock" in place of Add, on its page and its tile', async ({ page, catalog }) => {
    const product = pickOutOfStockProduct(catalog);
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: `Out of stock ${product.title}` })).toBeDisabled();
    await expect(main.getByRole('button', { name: `Add ${product.title}` })).toHaveCount(0);

    await page.goto(`/catalog?categories=${product.categoryId}`);
    const tile = productTiles(main).filter({ has: page.locator(`a[href="/p/${encodeURIComponent(product.variantId)}"]`) });
    await expect(tile).toHaveCount(1);
    await expect(tile.getByRole('button', { name: `Out of stock ${product.title}` })).toBeDisabled();
    await expect(tile.getByRole('button', { name: `Add ${product.title}` })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a second tab of the shop shows the same cart', async ({ page, context, catalog }) => {
    const product = catalog.products.find((p) => p.stock >= 5 && p.price.regular > 0 && !p.isFraction)!;
    const other = await context.newPage();
    await other.goto(`/catalog?categories=${product.categoryId}`);
    await expect(other.getByRole('banner')).toBeVisible();
    await page.goto(`/p/${product.variantId}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: `Add ${product.title}` })
      .click();
    await expect(other.getByTestId('cart-badge')).toHaveText('1');
  });
});
