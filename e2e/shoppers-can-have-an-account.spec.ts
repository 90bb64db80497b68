import type { Page } from '@playwright/test';
import { addToCart, chooseDeliveryTime, fillAddressIn, orderPickupPayingOnDelivery, pressAddToCart } from './fixtures/checkout.ts';
import { setOrderStatus } from './fixtures/owner.ts';
import { logInAfterAWrongPassword, logInWithPassword, openMenu, signUpAndConfirm } from './fixtures/accounts.ts';
import { expect, test } from './fixtures/test.ts';
import { holdToasts } from './fixtures/storefront.ts';

/** Kiran's addresses in Maharashtra: each journey gives the street, city and PIN. */
const kiranAddress = { fullName: 'Kiran Shah', state: 'Maharashtra', country: 'India' };

test.describe('Shoppers can have an account', () => {
  test('a guest on the account pages is asked to log in, in plain words', async ({ page }) => {
    for (const [activePage, text] of [
      ['orders', 'Log in to see your orders.'],
      ['appointments', 'Log in to see your appointments.'],
      ['addresses', 'Log in to see your addresses.'],
      ['profile', 'Log in to see your profile.'],
    ] as const) {
      await page.goto(`/account?activePage=${activePage}`);
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
  });

  test('sign up by e-mail with a password, confirm from the e-mail, see the account, log out', async ({ page, request }) => {
    const email = `asha-${test.info().project.name}-${Date.now()}@example.com`;
    await page.goto('/home');
    await (await openMenu(page)).getByRole('button', { name: 'Signup' }).click();
    const modal = page.getByRole('dialog', { name: 'Create an account' });
    await modal.getByLabel('Your name').fill('Asha Rao');
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByLabel('Password').fill('password');
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.getByRole('alert')).toHaveText('This password is used by many people. Please choose another one.');
    await page.keyboard.press('Escape');
    await signUpAndConfirm(page, request, 'Asha Rao', email, 'tamarind sunrise');
    // the spent code is not left in the address bar
    await expect(page).toHaveURL(/\/email-confirmed$/);

    await page.goto('/account');
    await expect(page.getByText('Logged in as Asha Rao')).toBeVisible();
    await expect(page.getByText('No orders yet.')).toBeVisible();

    // the profile changes the name the shop uses
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Change name' }).click();
    const rename = page.getByRole('dialog', { name: 'Your name' });
    await rename.getByLabel('Your name').fill('A');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename.getByRole('alert')).toHaveText('Please enter at least 2 letters.');
    await rename.getByLabel('Your name').fill('Asha R.');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Logged in as Asha R.')).toBeVisible();

    // a reload keeps the session (the refresh cookie), then logging out ends it
    await page.goto('/home');
    await holdToasts(page);
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Your Orders' })).toBeVisible();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("You're logged out")).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();

    // and logging in again works with the password
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await logInAfterAWrongPassword(page, email, 'tamarind sunset', 'tamarind sunrise');
    await expect(page.getByText('Logged in as Asha R.')).toBeVisible();
  });

  test('a shopper who received a product reviews it, shown under their name; before that no form is offered', async ({ page, request, catalog }) => {
    const project = test.info().project.name;
    const email = `ravi-${project}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Ravi Kumar', email, 'monsoon evening walk');

    const product = [...catalog.products].reverse().filter((p) => p.stock >= 20 && !p.isFraction && p.price.regular > 0)[10]!;
    // both screen sizes review the same item: each its own words
    const words = `Fresh and well packed (${project}).`;
    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await page.getByRole('button', { name: 'Reviews' }).click();
    const reviews = page.getByRole('dialog', { name: `Reviews of ${product.title}` });
    await expect(reviews.getByText('Only shoppers who received this product can review it.')).toBeVisible();
    await expect(reviews.getByRole('button', { name: 'Send review' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // the shopper orders it and picks it up
    await pressAddToCart(page, product);
    await page.goto('/checkout');
    await orderPickupPayingOnDelivery(page, { name: 'Ravi Kumar', email, phone: '9800000003' });
    await expect(page.getByRole('dialog', { name: 'Order confirmation' })).toBeVisible();
    const { authToken } = (await (await page.context().request.post('/api/auth/refresh')).json()) as { authToken: string };
    const [order] = (await (await page.context().request.get('/api/user/orders', { headers: { authorization: `Bearer ${authToken}` } })).json()) as Array<{
      id: string;
    }>;
    setOrderStatus(order!.id, 'picked_up');

    await page.goto(`/p/${encodeURIComponent(product.variantId)}`);
    await page.getByRole('button', { name: 'Reviews' }).click();
    await reviews.getByRole('button', { name: 'Send review' }).click();
    await expect(reviews.getByRole('alert')).toHaveText('Choose 1 to 5 stars and write a few words.');
    await reviews.getByTitle('4 out of 5 stars').click();
    await reviews.getByLabel('Your review').fill(words);
    await reviews.getByRole('button', { name: 'Send review' }).click();
    await expect(reviews.getByText('Thank you! Your review is published.')).toBeVisible();
    await expect(reviews.getByRole('listitem').filter({ hasText: words })).toContainText('Ravi Kumar');
  });

  test("a guest's cart joins the account's cart on login, and a second login does not double it", async ({ page, request, catalog }) => {
    // a sign-up and two logins, each hashing a password on purpose slowly, and a dozen pages: ~50 s unloaded
    test.slow();
    const email = `meera-${test.info().project.name}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Meera', email, 'jasmine rooftop garden');
    const products = [...catalog.products].reverse().filter((p) => p.stock >= 20 && !p.isFraction && p.price.regular > 0);
    const [kept, guestPick] = test.info().project.name === 'mobile' ? [products[12]!, products[13]!] : [products[14]!, products[15]!];
    const add = async (title: string, variantId: string) => {
      await page.goto(`/p/${encodeURIComponent(variantId)}`);
      await holdToasts(page);
      await page
        .getByRole('main')
        .getByRole('button', { name: `Add ${title}` })
        .click();
      await expect(page.getByText('Added to cart!')).toBeVisible();
    };
    const logout = async () => {
      await page.goto('/home');
      await holdToasts(page);
      await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByText("You're logged out")).toBeVisible();
    };
    /** The header's badge (on the catalog): how many items the cart holds. */
    const badge = async () => {
      await page.goto('/catalog');
      return page.getByTestId('cart-badge');
    };
    const login = () => logInWithPassword(page, email, 'jasmine rooftop garden');

    // logged in: the account's cart gets a product, kept on the server
    await add(kept.title, kept.variantId);
    await expect(await badge()).toHaveText('1');
    await logout();
    await expect(await badge()).toHaveCount(0);

    // as a guest, another product; logging in brings both together
    await add(guestPick.title, guestPick.variantId);
    await login();
    await expect(await badge()).toHaveText('2');

    // again: out and in, nothing is counted twice
    await logout();
    await login();
    await expect(await badge()).toHaveText('2');
    await page.goto('/checkout');
    const summary = page.getByRole('complementary', { name: 'Your order' });
    await expect(summary).toContainText(kept.title);
    await expect(summary).toContainText(guestPick.title);
    await expect(summary.getByText('Qty 1')).toHaveCount(2);
  });

  test('with two logged-in devices, an item removed on one does not come back from the other', async ({ page, request, browser, catalog }) => {
    // a sign-up, a second login (each hashing a password on purpose slowly) and a dozen pages
    test.slow();
    const email = `nisha-${test.info().project.name}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Nisha', email, 'cardamom lantern bridge');
    const products = [...catalog.products].reverse().filter((p) => p.stock >= 20 && !p.isFraction && p.price.regular > 0);
    const [kept, removed] = test.info().project.name === 'mobile' ? [products[17]!, products[18]!] : [products[19]!, products[20]!];
    const badgeOn = async (device: Page) => {
      await device.goto('/catalog');
      return device.getByTestId('cart-badge');
    };

    // the phone (this page) fills the cart
    for (const p of [kept, removed]) {
      await addToCart(page, p);
    }

    // the laptop logs in to the same account and gets both
    const laptopContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? null });
    const laptop = await laptopContext.newPage();
    await logInWithPassword(laptop, email, 'cardamom lantern bridge');
    await expect(async () => expect(await badgeOn(laptop)).toHaveText('2')).toPass();

    // the phone removes one of them
    await page.goto(`/p/${encodeURIComponent(removed.variantId)}`);
    await page
      .getByRole('main')
      .getByRole('textbox', { name: `Quantity of ${removed.title}` })
      .fill('0');
    await page.keyboard.press('Enter');
    await expect(page.getByText('item removed from cart')).toBeVisible();

    // the laptop, still holding it, learns of the removal instead of sending it back
    await expect(async () => expect(await badgeOn(laptop)).toHaveText('1')).toPass();
    await laptop.goto('/checkout');
    const summary = laptop.getByRole('complementary', { name: 'Your order' });
    await expect(summary).toContainText(kept.title);
    await expect(summary).not.toContainText(removed.title);
    // and the phone, looking again, has not got it back either
    await expect(await badgeOn(page)).toHaveText('1');
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await laptopContext.close();
  });

  test('a delivery address used while logged in is saved, offered at the next checkout, updated when changed there, and deleted after a confirmation', async ({
    page,
    request,
    catalog,
  }) => {
    await signUpAndConfirm(page, request, 'Kiran Shah', `kiran-${test.info().project.name}-${Date.now()}@example.com`, 'saffron harbour lights');
    const product = [...catalog.products].reverse().filter((p) => p.stock >= 20 && !p.isFraction && p.price.regular > 0)[16]!;
    const buy = async () => {
      await addToCart(page, product);
      await page.goto('/checkout');
    };
    await buy();
    await page.getByLabel('Full name').first().fill('Kiran Shah');
    await page.getByLabel('E-mail').fill('kiran@example.com');
    await page.getByLabel('Phone number').fill('9800000002');
    const address = page.getByRole('region', { name: 'Delivery address' });
    await expect(address.getByText('This address will be saved to your account for next time.')).toBeVisible();
    await fillAddressIn(address, { ...kiranAddress, streetName: '4 Lake View Road', city: 'Pune', zipCode: '411001' });
    await chooseDeliveryTime(page);
    await page.getByRole('radio', { name: 'Pay on delivery' }).check();
    await page.getByRole('button', { name: 'Pay on delivery' }).click();
    await page.getByRole('dialog', { name: 'Order confirmation' }).getByRole('button', { name: 'OK' }).click();

    await buy();
    const saved = page.getByRole('radiogroup', { name: 'Saved addresses' });
    await expect(saved.getByRole('radio', { name: /Kiran Shah.*4 Lake View Road, Pune, 411001/ })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Delivery address' }).getByLabel('City')).toHaveValue('Pune');

    // the account has a name and an e-mail, filled in; its phone it has not
    await expect(page.getByLabel('E-mail')).not.toBeEmpty();
    await page.getByLabel('Phone number').fill('9800000002');
    // the saved address changed at checkout is that address changed, not a second one
    await address.getByLabel('Street and number').fill('4 Lake View Road, Flat 2');
    await expect(address.getByText('Your changes will be saved to this address for next time.')).toBeVisible();
    await chooseDeliveryTime(page);
    await page.getByRole('radio', { name: 'Pay on delivery' }).check();
    await page.getByRole('button', { name: 'Pay on delivery' }).click();
    await page.getByRole('dialog', { name: 'Order confirmation' }).getByRole('button', { name: 'OK' }).click();

    await page.goto('/account?activePage=addresses');
    await expect(page.getByText('4 Lake View Road, Flat 2, Pune, Maharashtra, 411001, India')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit the address of Kiran Shah' })).toHaveCount(1);
    // edited in the account: the server checks it, and the list shows the change
    await page.getByRole('button', { name: 'Edit the address of Kiran Shah' }).click();
    const editing = page.getByRole('form', { name: 'Edit the address of Kiran Shah' });
    await editing.getByLabel('PIN / zip code').fill('4');
    await editing.getByRole('button', { name: 'Save address' }).click();
    await expect(editing.getByText('The zip code must have at least 3 characters.')).toBeVisible();
    await editing.getByLabel('PIN / zip code').fill('411002');
    await editing.getByLabel('Street and number').fill('9 Hill Road');
    await editing.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('9 Hill Road, Pune, Maharashtra, 411002, India')).toBeVisible();

    // a second one added in the account
    await page.getByRole('button', { name: 'Add an address' }).click();
    const adding = page.getByRole('form', { name: 'Add an address' });
    await fillAddressIn(adding, { ...kiranAddress, streetName: '1 Office Park', city: 'Mumbai', zipCode: '400001' });
    await adding.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('1 Office Park, Mumbai, Maharashtra, 400001, India')).toBeVisible();

    // deleting asks first, with the focus on keeping it
    const deletes = page.getByRole('button', { name: 'Delete the address of Kiran Shah' });
    const asked = page.getByRole('group', { name: 'Delete the address of Kiran Shah?' });
    await deletes.first().click();
    await expect(asked.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await asked.getByRole('button', { name: 'Keep it' }).click();
    await expect(deletes).toHaveCount(2);
    await expect(page.getByText('9 Hill Road, Pune, Maharashtra, 411002, India')).toBeVisible();
    await deletes.first().click();
    await asked.getByRole('button', { name: 'Yes, delete' }).click();
    // gone once the server has deleted it: until then its question stays, its button waiting
    await expect(asked).toHaveCount(0);
    await expect(deletes).toHaveCount(1);
    await deletes.click();
    await asked.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('No saved addresses yet. Addresses you deliver to are kept here.')).toBeVisible();
  });
});
