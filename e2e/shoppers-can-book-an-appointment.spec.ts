import type { Locator } from '@playwright/test';
import { lastMailTo, signUpAndConfirm } from './fixtures/accounts.ts';
import { expect, test } from './fixtures/test.ts';

/** Days and times are radios drawn as buttons: the shopper clicks the label. */
async function choose(radio: Locator): Promise<void> {
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

/**
 * Booking a service of the demo shop (the kurta fitting takes one person per time):
 * the booking, its confirmation e-mail, the account's list, a move and a cancel, and
 * the time shown full to another shopper meanwhile.
 */
test.describe('Shoppers can book an appointment', () => {
  test('a shopper books a free time, sees it in the account, moves and cancels it; a full time is not offered to others', async ({ page, request, browser }) => {
    // a sign-up (a slow password hash on purpose), a booking, a move and a cancel in two browsers
    test.slow();
    const project = test.info().project.name;
    const email = `booker-${project}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Meera Iyer', email, 'tamarind monsoon kite');

    await page.goto('/appointment');
    await page.getByRole('radio', { name: /Kurta tailoring & fitting/ }).check();
    // each browser project books on its own day, so the two never race for a time
    const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio', { disabled: false });
    const day = days.nth(project === 'mobile' ? 1 : 2);
    await choose(day);
    const dayValue = (await day.getAttribute('value'))!;
    const times = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio', { disabled: false });
    const first = times.first();
    const time = (await first.evaluate((input) => input.closest('label')!.textContent!)).trim();
    await choose(first);
    // an account made by e-mail has no phone number: the shop needs one to call
    await page.getByLabel('Phone number (the shop calls this if something changes)').fill('+91 98450 12345');
    await page.getByLabel('Note for the shop (optional)').fill('Bring the blue kurta');
    await page.getByRole('button', { name: new RegExp(`^Book Kurta tailoring & fitting, .+, ${time}$`) }).click();

    await expect(page.getByRole('heading', { name: 'Your appointment is booked' })).toBeVisible();
    const card = page.getByRole('article', { name: new RegExp(`^Kurta tailoring & fitting, .+, ${time}$`) });
    await expect(card).toContainText('30 min · ₹150.00 · Booked');
    await expect(card).toContainText('Your note: Bring the blue kurta');
    await expect(page.getByText(`A confirmation with a calendar file was sent to ${email}.`)).toBeVisible();
    const mail = await lastMailTo(request, email, /^Your booking at Kirana & Co\.: Kurta tailoring & fitting, /);
    expect(mail.text).toContain(`at ${time} (30 minutes), ₹150.00.`);

    // another shopper sees the time full and cannot choose it
    const other = await browser.newContext();
    const guest = await other.newPage();
    await guest.goto(`${new URL(page.url()).origin}/appointment?service=kurta-fitting`);
    await guest.getByRole('group', { name: 'Choose a day' }).locator(`input[value="${dayValue}"]`).locator('xpath=..').click();
    const taken = guest.getByRole('radio', { name: `${time} — full` });
    await expect(taken).toBeDisabled();

    // the account lists it; moving it to the next free time frees the first one
    await page.getByRole('link', { name: 'See all your bookings' }).click();
    await expect(page).toHaveURL(/\/account\?activePage=appointments$/);
    await page.getByRole('article', { name: new RegExp(`${time}$`) }).getByRole('link', { name: 'Move' }).click();
    await expect(page.getByRole('heading', { name: 'Move your booking' })).toBeVisible();
    await page.getByRole('group', { name: 'Choose a day' }).locator(`input[value="${dayValue}"]`).locator('xpath=..').click();
    const next = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio', { disabled: false }).first();
    const newTime = (await next.evaluate((input) => input.closest('label')!.textContent!)).trim();
    expect(newTime).not.toBe(time);
    await choose(next);
    await page.getByRole('button', { name: new RegExp(`^Move to .+, ${newTime}$`) }).click();
    await expect(page.getByRole('heading', { name: 'Your booking is moved' })).toBeVisible();
    // a move mails no calendar file, so the page claims none
    await expect(page.getByText('Your bookings are listed in your account.')).toBeVisible();
    await expect(page.getByText(/calendar file was sent/)).toHaveCount(0);
    await guest.reload();
    await guest.getByRole('group', { name: 'Choose a day' }).locator(`input[value="${dayValue}"]`).locator('xpath=..').click();
    await expect(guest.getByRole('radio', { name: time, exact: true })).toBeEnabled();
    await expect(guest.getByRole('radio', { name: `${newTime} — full` })).toBeDisabled();

    // cancelled from the account: the time is free again
    await page.goto('/account?activePage=appointments');
    const booking = page.getByRole('article', { name: new RegExp(`${newTime}$`) });
    await booking.getByRole('button', { name: 'Cancel booking' }).click();
    await booking.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByText('Your booking is cancelled.')).toBeVisible();
    await expect(booking).toContainText('Cancelled');
    await expect(booking.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    await guest.reload();
    await guest.getByRole('group', { name: 'Choose a day' }).locator(`input[value="${dayValue}"]`).locator('xpath=..').click();
    await expect(guest.getByRole('radio', { name: newTime, exact: true })).toBeEnabled();
    await other.close();
  });

  test('a guest is asked to log in before booking', async ({ page }) => {
    await page.goto('/appointment?service=spice-tasting');
    await expect(page.getByRole('radio', { name: /Spice tasting session/ })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Choose a time' }).getByRole('radio').first()).toBeVisible();
    await page.getByRole('button', { name: 'Log in to book' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });
});
