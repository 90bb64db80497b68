import type { Page } from '@playwright/test';
import { isDigital, type ApiProduct, type Catalog } from './fixtures/shop-data.ts';
import { addToCart } from './fixtures/checkout.ts';
import { fakeRazorpay, fakeRazorpayURL } from './fixtures/servers.ts';
import { demoShopURL, expect, test } from './fixtures/test.ts';

/**
 * Products from the end of the catalog with so much in stock that these orders never take one
 * below the 20 other journeys pick their products by (their lists, and so their picks, stay put).
 */
function orderableProducts(catalog: Catalog): ApiProduct[] {
  return [...catalog.products].reverse().filter((p) => p.stock >= 40 && !p.isFraction && p.price.regular > 0 && !isDigital(p));
}

/** From the home page, through the cart drawer (a client-side navigation), to a pickup order paid with Razorpay. */
async function orderWithRazorpay(page: Page, product: ApiProduct): Promise<{ razorpayOrderId: string }> {
  await addToCart(page, product);
  // a page whose CSP does not allow Checkout's script: the checkout reached from it is loaded afresh to pay
  await page.goto('/home');
  await page.getByRole('button', { name: /^Cart/ }).first().click();
  await page
    .getByRole('dialog', { name: /^Total Items/ })
    .getByRole('link', { name: 'Checkout' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('Full name').first().fill('Asha Rao');
  await page.getByLabel('E-mail').fill('asha@example.com');
  await page.getByLabel('Phone number').fill('9800000001');
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('radio', { name: 'UPI apps, cards (Razorpay)' }).check();
  // the Razorpay order the shop made; the answer read before the page loaded afresh is gone with it
  const made: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/fn/order/paymentConfig') && r.ok())
      r.json().then(
        (body: { checkout: { order_id: string } }) => made.push(body.checkout.order_id),
        () => undefined,
      );
  });
  await page.getByRole('button', { name: 'Pay online' }).click();
  await expect(page.getByRole('dialog', { name: 'Razorpay test checkout' })).toBeVisible();
  await expect.poll(() => made.length).toBeGreaterThan(0);
  // one Razorpay order for the order, however often the page asked
  expect(new Set(made).size).toBe(1);
  return { razorpayOrderId: made[0]! };
}

test.describe('Shoppers can pay with Razorpay', () => {
  test('Checkout opens over the thank-you page, the shopper pays in it, and the order is paid', async ({ page, catalog }) => {
    const [product] = orderableProducts(catalog).slice(2);
    await orderWithRazorpay(page, product!);

    // Razorpay's window (the local stand-in for Standard Checkout) with the order's amount
    const checkout = page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect(checkout).toBeVisible();
    await expect(checkout.getByText(/^Kirana & Co\. — Order #\d{4,}$/)).toBeVisible();
    await checkout.getByRole('button', { name: /^Pay ₹/ }).click();

    await expect(page.getByText('Your payment was received.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay ₹.* now$/ })).toHaveCount(0);
  });

  test("a failed payment says so and can be tried again; paid with the page closed, Razorpay's webhook still marks the order paid", async ({
    page,
    catalog,
  }) => {
    const [product] = orderableProducts(catalog).slice(3);
    const { razorpayOrderId } = await orderWithRazorpay(page, product!);
    const checkout = page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await checkout.getByRole('button', { name: 'Fail payment' }).click();
    await checkout.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The payment did not go through. Your order is saved; you can try again.' })).toBeVisible();
    const again = page.getByRole('button', { name: /^Pay ₹.* now$/ });
    await again.click();
    await expect(checkout).toBeVisible();
    await checkout.getByRole('button', { name: 'Close' }).click();
    await expect(again).toBeEnabled();
    await expect(page.getByText('Your payment was received.')).toHaveCount(0);

    // the shopper pays in their UPI app and never comes back to the page: only Razorpay tells the shop
    const paid = await page.request.post(`${fakeRazorpayURL}/v1/checkout/pay`, { data: { order_id: razorpayOrderId, key: fakeRazorpay.keyId } });
    expect(paid.ok()).toBe(true);
    await page.reload();
    await expect(page.getByText('Your payment was received.')).toBeVisible();
  });

  test("Razorpay's script may run only on the pages a shopper pays on", async ({ page }) => {
    const policy = async (path: string) => (await page.request.get(`${demoShopURL}${path}`)).headers()['content-security-policy'] ?? '';
    const scriptSources = (csp: string) => /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    for (const path of ['/checkout', '/guest/view-order']) expect(scriptSources(await policy(path)), path).toContain(fakeRazorpayURL);
    for (const path of ['/', '/catalog', '/faqs']) expect(scriptSources(await policy(path)), path).not.toContain(fakeRazorpayURL);
  });
});
