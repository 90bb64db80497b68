import { signUpAndConfirm } from './fixtures/accounts.ts';
import { addToCart, addWeighed, requestCancellation } from './fixtures/checkout.ts';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { isDigital, type ApiProduct, type Catalog } from './fixtures/shop-data.ts';
import { setOrderStatus } from './fixtures/owner.ts';
import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';

/**
 * From the end of the catalog with plenty in stock, away from the products other journeys
 * weigh or count: a product sold by weight and one sold by the piece.
 */
function products(catalog: Catalog): { weighed: ApiProduct; counted: ApiProduct } {
  const fromEnd = [...catalog.products].reverse().filter((p) => p.price.regular > 0);
  const weighed = fromEnd.filter((p) => p.isFraction && p.stock >= 50)[2]!;
  const counted = fromEnd.filter((p) => !p.isFraction && p.stock >= 20 && !isDigital(p))[24]!;
  return { weighed, counted };
}

/** On /checkout with the shopper's name and e-mail filled in: a phone number, pickup, UPI; places the order and answers its number (`#1234`). */
async function orderForPickupPayingByUpi(page: Page): Promise<string> {
  await page.getByLabel('Phone number').fill('9800000007');
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('radio', { name: 'UPI', exact: true }).check();
  await page.getByRole('button', { name: 'Pay with any UPI app' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Order confirmation' });
  const number = ((await confirmation.getByText(/^Order number: #\d{4,}$/).textContent()) ?? '').replace('Order number: ', '');
  await confirmation.getByRole('button', { name: 'OK' }).click();
  return number;
}

test.describe('Shoppers can follow their orders', () => {
  test('a logged-in shopper orders, opens the order from Your Orders, sees its items and payment, and asks to cancel it', async ({
    page,
    request,
    browser,
    catalog,
  }) => {
    const { weighed, counted } = products(catalog);
    const email = `meera-${test.info().project.name}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Meera Iyer', email, 'jasmine river morning');

    await addWeighed(page, weighed, '1.5');
    await addToCart(page, counted);

    // the account's name and e-mail are filled in at checkout, and can still be changed
    await page.goto('/checkout');
    const fullName = page.getByLabel('Full name').first();
    await expect(fullName).toHaveValue('Meera Iyer');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await fullName.fill('Meera S. Iyer');
    const number = await orderForPickupPayingByUpi(page);
    // the demo shop mails (local SMTP, PUBLIC_URL) and an address was given: the page may say so
    await expect(page.getByText('Keep this link to see your order later; it was also sent to your e-mail.')).toBeVisible();

    // Your Orders: the order with its lines, a weight as a weight, and its payment
    await page.goto('/account');
    const listed = page.getByRole('article', { name: `Order number: ${number}` });
    await expect(listed).toContainText(`${weighed.title}`);
    await expect(listed).toContainText('1.50 kg');
    await expect(listed).toContainText('Qty 1');
    await expect(listed).toContainText('Payment: Awaiting payment');
    await expectNoSeriousA11yViolations(page);

    // the order itself, opened with the session: no token in the address
    await listed.getByRole('link', { name: `View order ${number}` }).click();
    await expect(page).toHaveURL(/\/account\/orders\/[^/#?]+$/);
    const orderUrl = page.url();
    const main = page.getByRole('main');
    await expect(main.getByText('Status: Placed')).toBeVisible();
    await expect(main.getByText('Payment: Awaiting payment')).toBeVisible();
    await expect(main.getByRole('region', { name: 'Your order' }).getByRole('listitem').filter({ hasText: weighed.title })).toContainText('1.50 kg');
    await expectNoSeriousA11yViolations(page);

    // an unpaid order can be paid from here
    await main.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: /^Pay .+ with any UPI app$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open UPI app' })).toHaveAttribute('href', /^upi:\/\/pay\?/);

    // help on WhatsApp names the order
    await main.getByRole('button', { name: 'Need help with this order?' }).click();
    const help = page.getByRole('dialog', { name: 'Help with your order' });
    await expect(help.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute('href', new RegExp(encodeURIComponent(number)));
    await page.keyboard.press('Escape');

    // the cancel request: the shop had not confirmed it, so it is cancelled at once, and nothing is left to pay
    await requestCancellation(page, 'Your order is cancelled.');
    await expect(main.getByText('Status: Cancelled')).toBeVisible();
    await expect(main.getByText('Payment: Nothing to pay')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Pay now' })).toHaveCount(0);

    await main.getByRole('link', { name: '← Your Orders' }).click();
    await expect(page.getByRole('article', { name: `Order number: ${number}` })).toContainText('Cancelled');

    // the same address in another browser, not logged in: the order is not shown
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(orderUrl);
    await expect(other.getByText('Log in to see your orders.')).toBeVisible();
    await expect(other.getByText(weighed.title)).toHaveCount(0);
    await stranger.close();
  });

  test('a logged-in shopper sends the UPI reference from the order and sees it being verified; once the shop accepts, the tax invoice opens from the order', async ({
    page,
    request,
    browser,
    catalog,
  }) => {
    const { counted } = products(catalog);
    await signUpAndConfirm(page, request, 'Kavya Rao', `kavya-${test.info().project.name}-${Date.now()}@example.com`, 'pepper harbour evening');
    await addToCart(page, counted);
    await page.goto('/checkout');
    const number = await orderForPickupPayingByUpi(page);

    await page.goto('/account');
    await page
      .getByRole('article', { name: `Order number: ${number}` })
      .getByRole('link', { name: `View order ${number}` })
      .click();
    const main = page.getByRole('main');
    await expect(main.getByText('Payment: Awaiting payment')).toBeVisible();
    await main.getByRole('button', { name: 'Pay now' }).click();
    await main.getByLabel('UPI reference (UTR)').fill('412345678901');
    await main.getByRole('button', { name: 'I have paid' }).click();
    await expect(main.getByText('Thank you! The shop will confirm your payment shortly.')).toBeVisible();
    // the order's payment line follows without a reload, and there is nothing left to pay
    await expect(main.getByText('Payment: Being verified by the shop')).toBeVisible();
    const deadline = main.getByText(/^The shop will confirm your payment by .+\. An order whose payment is not confirmed by then is cancelled\.$/);
    await expect(deadline).toBeVisible();
    await expect(main.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    // the shop has not accepted the order: no invoice yet
    await expect(main.getByRole('link', { name: 'Tax invoice' })).toHaveCount(0);

    setOrderStatus(number, 'confirmed');
    await page.reload();
    // accepted by the shop, the order no longer runs out
    await expect(main.getByText('Payment: Being verified by the shop')).toBeVisible();
    await expect(deadline).toHaveCount(0);
    await main.getByRole('link', { name: 'Tax invoice' }).click();
    await expect(page).toHaveURL(/\/account\/orders\/[^/#?]+\/invoice$/);
    const invoiceUrl = page.url();
    const invoice = page.frameLocator('iframe[title^="Tax invoice INV/"]');
    await expect(invoice.getByRole('heading', { name: 'Tax invoice' })).toBeVisible();
    await expect(invoice.getByText('Kavya Rao').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: '← Back to the order' }).click();
    await expect(main.getByText('Payment: Being verified by the shop')).toBeVisible();

    // the invoice's address in another browser, not logged in: nothing of it is shown
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(invoiceUrl);
    await expect(other.getByText('Log in to see your orders.')).toBeVisible();
    await expect(other.locator('iframe')).toHaveCount(0);
    await stranger.close();
  });
});
