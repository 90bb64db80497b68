import type { Page, Route } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { addToCart, fillShopper } from './fixtures/checkout.ts';
import { createOwner, OWNER_PASSWORD } from './fixtures/owner.ts';
import { fakePayuEndpoint } from './fixtures/servers.ts';
import { isDigital, type ApiProduct, type Catalog } from './fixtures/shop-data.ts';
import { waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

/** The loader overlay of §2 (under an open modal the page around it is hidden from roles, so by its test id). */
const loader = (page: Page) => page.getByTestId('loader-overlay');

/**
 * Holds the requests to `url` until the returned `release` is called, then lets `answer`
 * deal with them (sent on to the server by default): the test sees the page while it waits.
 */
async function holdRequests(page: Page, url: string, answer: (route: Route) => Promise<void> = (route) => route.continue()): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await answer(route);
  });
  return release;
}

/**
 * Products these journeys order, from the end of the catalog with plenty in stock and past
 * the ones the checkout journeys take, sold by the piece and shipped (not downloads).
 */
function orderable(catalog: Catalog): ApiProduct[] {
  return [...catalog.products]
    .reverse()
    .filter((p) => p.stock >= 20 && !p.isFraction && p.price.regular > 0 && !isDigital(p))
    .slice(8);
}

/** The product in the cart, then the checkout with the shopper's details, pickup and the given payment chosen. */
async function checkoutWith(page: Page, product: ApiProduct, payment: 'Pay at the counter' | 'UPI' | 'PayU'): Promise<void> {
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillShopper(page, { name: 'Asha Rao', email: 'asha@example.com', phone: '9800000001' });
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('radio', { name: payment, exact: true }).check();
}

test.describe('Shoppers see the shop at work', () => {
  test('logging in covers the page with the loader until the server answers; a wrong password is said once it is gone', async ({ page }) => {
    const email = `loader-${test.info().project.name}-${Date.now()}@example.com`;
    createOwner(email);
    await page.goto('/account');
    await waitForHydration(page.getByRole('button', { name: 'Log in', exact: true }));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Password').fill('not the password at all');

    const release = await holdRequests(page, '**/api/auth/email/login');
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(loader(page)).toBeVisible();
    release();
    await expect(loader(page)).toHaveCount(0);
    await expect(login.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
    await page.unroute('**/api/auth/email/login');

    await login.getByLabel('Password').fill(OWNER_PASSWORD);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(login).toBeHidden();
    await expect(loader(page)).toHaveCount(0);
  });

  test('placing an order shows the loader; a failed order says so once it is gone; UPI "I have paid" shows it too, and a wrong reference says what to enter once', async ({
    page,
    catalog,
  }) => {
    const [product] = orderable(catalog);
    await checkoutWith(page, product!, 'UPI');
    const placeButton = page.getByRole('button', { name: 'Pay with any UPI app' });

    // the server fails: the loader covers the wait, then goes, and the failure is readable
    const releaseFailure = await holdRequests(page, '**/fn/order/create', (route) => route.fulfill({ status: 503 }));
    await placeButton.click();
    await expect(loader(page)).toBeVisible();
    releaseFailure();
    await expect(loader(page)).toHaveCount(0);
    await expect(page.getByRole('alert')).toContainText('Your order could not be placed. Your cart is unchanged; please try again.');
    await page.unroute('**/fn/order/create');

    // placed for real
    const releaseOrder = await holdRequests(page, '**/fn/order/create');
    await placeButton.click();
    await expect(loader(page)).toBeVisible();
    releaseOrder();
    const confirmation = page.getByRole('dialog', { name: 'Order confirmation' });
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await expect(loader(page)).toHaveCount(0);

    // a reference that is not 12 digits: what to enter is said once, under the field
    const hint = 'The 12-digit number your app shows after paying.';
    await expect(page.getByText(hint)).toHaveCount(1);
    await page.getByLabel('UPI reference (UTR)').fill('12-34');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByText('Enter the 12-digit UPI reference (UTR) your app shows.')).toHaveCount(1);
    await expect(page.getByText(hint)).toHaveCount(0);
    await expect(page.getByLabel('UPI reference (UTR)')).toHaveAttribute('aria-invalid', 'true');

    const releasePaid = await holdRequests(page, '**/fn/order/upiReference');
    await page.getByLabel('UPI reference (UTR)').fill('412345678901');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(loader(page)).toBeVisible();
    releasePaid();
    await expect(page.getByText('Thank you! The shop will confirm your payment shortly.')).toBeVisible();
    await expect(loader(page)).toHaveCount(0);
  });

  test('starting a PayU payment shows the loader until PayU takes over; a refused start takes it away and says why', async ({ page, catalog }) => {
    const [, product] = orderable(catalog);
    await checkoutWith(page, product!, 'PayU');
    const refusal = 'This order takes no payment.';
    const releaseRefusal = await holdRequests(page, '**/fn/order/paymentConfig', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'order_ended', message: refusal }) }),
    );
    await page.getByRole('button', { name: 'Pay with card / netbanking' }).click();
    await expect(loader(page)).toBeVisible();
    releaseRefusal();
    await expect(loader(page)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText(refusal);
    await page.unroute('**/fn/order/paymentConfig');

    // the same order again: the loader stays from asking for PayU's form until PayU's page comes
    const releaseStart = await holdRequests(page, '**/fn/order/paymentConfig');
    await page.reload();
    await expect(loader(page)).toBeVisible();
    releaseStart();
    await expect(page).toHaveURL(fakePayuEndpoint);
    await expect(page.getByRole('heading', { name: /^Test payment of ₹/ })).toBeVisible();
  });

  test('an order that gets no answer while the browser is online says the server could not be reached; offline, it says offline', async ({
    page,
    context,
    catalog,
  }) => {
    const [, , product] = orderable(catalog);
    await checkoutWith(page, product!, 'Pay at the counter');
    await page.route('**/fn/order/create', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Place order' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('There was an error connecting to the server. Your cart is kept; please try again.');
    await expect(alert).not.toContainText('offline');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(alert).toContainText('You are offline. Checkout needs a connection; your cart is kept.');
    await context.setOffline(false);
  });

  test('at checkout, "terms" by the order button opens the shop\'s terms and conditions without leaving the page', async ({ page, catalog }) => {
    const [, , , product] = orderable(catalog);
    await checkoutWith(page, product!, 'Pay at the counter');
    const order = page.getByRole('complementary', { name: 'Your order' });
    await expect(order.getByText('By placing the order you accept the terms.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await order.getByRole('button', { name: 'terms', exact: true }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
    // the demo shop's own terms (demo/shop.config.json pages.tAndC)
    await expect(terms).toContainText('These terms apply to orders placed on this website with Kirana & Co.');
    await page.keyboard.press('Escape');
    await expect(terms).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout$/);
    // what was filled in is still there
    await expect(page.getByLabel('Full name').first()).toHaveValue('Asha Rao');
  });
});
