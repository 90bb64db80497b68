import { signUpAndConfirm } from './fixtures/accounts.ts';
import { createOwner, ownerLogsIn } from './fixtures/owner.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * A service that takes a deposit (the demo's cooking class: ₹799, ₹300 when booking): the shopper
 * books it, pays the deposit by UPI from the booking's page, the owner sees it to check on the
 * day's bookings, marks its order paid, and the shopper's booking reads paid.
 */
test.describe('Shoppers pay a booking deposit', () => {
  test('a shopper books the cooking class, pays its ₹300 deposit by UPI; the owner confirms it from the bookings and the booking reads paid', async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // a sign-up, a booking, a payment and an owner login in two browsers
    const project = test.info().project.name;
    const email = `deposit-${project}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Lakshmi Narayanan', email, 'filter coffee sunday batter');

    await page.goto('/appointment?service=cooking-class');
    await expect(page.getByRole('radio', { name: /South Indian breakfast cooking class/ })).toBeChecked();
    await expect(page.getByText('120 min · ₹799.00 · deposit ₹300.00 when booking')).toBeVisible();
    // Sundays only (one a page of days), eight places a class: both browser projects and their retries fit in the first
    const day = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio', { disabled: false }).first();
    await day.locator('xpath=..').click();
    const date = (await day.getAttribute('value'))!;
    const time = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio', { disabled: false }).first();
    await time.locator('xpath=..').click();
    await page.getByLabel('Phone number (the shop calls this if something changes)').fill('+91 98450 24680');
    // the shop takes the deposit online in several ways, never on delivery
    const ways = page.getByRole('group', { name: 'Pay the deposit with' });
    await expect(ways.getByRole('radio', { name: 'Pay on delivery' })).toHaveCount(0);
    await ways.getByRole('radio', { name: 'UPI', exact: true }).check();
    await page.getByRole('button', { name: /^Book South Indian breakfast cooking class, / }).click();

    await expect(page.getByRole('heading', { name: 'Your appointment is booked' })).toBeVisible();
    const booked = page.getByRole('article', { name: /^South Indian breakfast cooking class, / });
    await expect(booked).toContainText('Deposit ₹300.00: not paid yet');
    await page.getByRole('link', { name: 'Pay the ₹300.00 deposit now' }).click();

    // the deposit's own order: one line for the class, ₹300 by UPI (a few paise more when another open UPI order asks for ₹300)
    await expect(page.getByText('South Indian breakfast cooking class')).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: /^Pay ₹300\.\d\d with any UPI app$/ })).toBeVisible();
    await page.getByLabel('UPI reference (UTR)').fill(`61${Date.now().toString().slice(-10)}`);
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByText('Thank you! The shop will confirm your payment shortly.')).toBeVisible();

    // the owner's day: the booking says the deposit's payment is to check, and links its order
    const ownerEmail = `deposit-owner-${project}-${Date.now()}@example.com`;
    createOwner(ownerEmail);
    const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport ?? null });
    const board = await ownerContext.newPage();
    await ownerLogsIn(board, ownerEmail);
    await board.getByRole('button', { name: 'Bookings' }).click();
    await board.getByLabel('Day', { exact: true }).fill(date);
    const card = board
      .getByRole('region', { name: /^Bookings on / })
      .getByRole('article')
      .filter({ has: board.getByRole('link', { name: email }) });
    await expect(card).toContainText('Deposit ₹300.00: check the UPI payment');
    await card.getByRole('link', { name: /^order #\d+$/ }).click();
    await board.getByRole('button', { name: 'Mark paid' }).click();
    await expect(board.getByRole('region', { name: 'Payment' })).toContainText('Paid');
    await ownerContext.close();

    await page.goto('/account?activePage=appointments');
    await expect(page.getByRole('article', { name: /^South Indian breakfast cooking class, / })).toContainText('Deposit ₹300.00 paid; the rest at your visit');
  });
});
