import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { lastMailTo, signUpAndConfirm } from './fixtures/accounts.ts';
import { startOwnServer } from './fixtures/own-server.ts';
import { createOwner, OWNER_PASSWORD } from './fixtures/owner.ts';
import { fakeWhatsAppSent } from './fixtures/servers.ts';
import { waitForHydration } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The demo shop's date `offset` days from now (Asia/Kolkata: UTC+5:30 all year), and the picker's label of it in English ("Wed, 25 Nov"). */
function shopDay(offset: number): { iso: string; label: string } {
  const d = new Date(Date.now() + (330 + offset * 24 * 60) * 60_000);
  return { iso: d.toISOString().slice(0, 10), label: `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}` };
}

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
  test('a shopper books a free time, sees it in the account, moves and cancels it; a full time is not offered to others', async ({
    page,
    request,
    browser,
  }) => {
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
    await page.getByRole('checkbox', { name: 'Send me the booking and a reminder on WhatsApp' }).check();
    await expect(page.getByText('To +91 98450 12345, two hours before. Reply STOP to end them.')).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^Book Kurta tailoring & fitting, .+, ${time}$`) }).click();

    await expect(page.getByRole('heading', { name: 'Your appointment is booked' })).toBeVisible();
    // the booking reached the shopper's WhatsApp as the shop's template
    await expect(async () => {
      const sent = (await (await request.get(fakeWhatsAppSent)).json()) as Array<{ to: string; template?: string; params: string[] }>;
      const booked = sent.filter((m) => m.to === '919845012345' && m.template === 'booking_confirmed');
      expect(booked.map((m) => [m.params[0], m.params[2]])).toContainEqual(['Kurta tailoring & fitting', 'Kirana & Co.']);
    }).toPass();
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
    await page
      .getByRole('article', { name: new RegExp(`${time}$`) })
      .getByRole('link', { name: 'Move' })
      .click();
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

  test('the menu, the home page and the footer lead to booking; every day reads as a date, a day without times says why', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page.getByRole('button', { name: 'Menu' }));
    const card = page.getByRole('main').getByRole('region', { name: 'Book an appointment' });
    await expect(card).toContainText('Kurta tailoring & fitting');
    await expect(card.getByRole('link', { name: 'See free times' })).toHaveAttribute('href', '/appointment');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/appointment');

    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Book an appointment' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/appointment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();

    await page.getByRole('radio', { name: /Kurta tailoring & fitting/ }).check();
    const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio');
    await expect(days).toHaveCount(7);
    const labels = await days.evaluateAll((inputs) => inputs.map((input) => input.closest('label')!.textContent!.trim()));
    // today first, a week of days each by weekday, day and month, never as 2026-11-24
    expect(labels.map((l) => l.replace(/ \((closed|too soon|fully booked)\)$/, ''))).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => shopDay(i).label));
    // a day that cannot be chosen says why; one that can says nothing more
    for (const [i, day] of (await days.all()).entries())
      expect({ label: labels[i], disabled: await day.isDisabled() }).toEqual({ label: labels[i], disabled: labels[i]!.endsWith(')') });
  });

  test('a free service reads "Free" where it is offered and booked; days without times say "too soon" and "closed"', async ({ page }, testInfo) => {
    // a shop server of its own on one port: one project runs it
    test.skip(testInfo.project.name !== 'desktop', 'runs once, on the desktop project');
    test.slow();
    const dataDir = path.relative(process.cwd(), testInfo.outputPath('shop'));
    const demo = JSON.parse(readFileSync('demo/shop.config.json', 'utf8')) as { appointments: { services: object[] } };
    const closed = shopDay(2);
    const server = await startOwnServer({
      port: 4195,
      dataDir,
      configPatch: {
        // two days' notice: today's and tomorrow's times are all too soon; the day after is a closed date
        closedDates: [closed.iso],
        appointments: {
          ...demo.appointments,
          minimumNoticeMinutes: 2 * 24 * 60,
          services: [
            ...demo.appointments.services,
            { id: 'style-advice', name: 'Style advice', durationMinutes: 15, price: 0, description: 'Our tailor suggests a cut and a fabric.' },
          ],
        },
      },
    });
    try {
      await page.goto(`${server.url}/appointment?service=style-advice`);
      const service = page.getByRole('radio', { name: /Style advice/ });
      await expect(service).toBeChecked();
      await expect(service).toHaveAccessibleName(/15 min · Free/);
      await expect(page.getByText('₹0.00')).toHaveCount(0);

      const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio');
      await expect(days.nth(0)).toHaveAccessibleName(`${shopDay(0).label} (too soon)`);
      await expect(days.nth(1)).toHaveAccessibleName(`${shopDay(1).label} (too soon)`);
      await expect(days.nth(2)).toHaveAccessibleName(`${closed.label} (closed)`);
      for (const i of [0, 1, 2]) await expect(days.nth(i)).toBeDisabled();
      await expect(days.nth(3)).toHaveAccessibleName(shopDay(3).label);
      // the first day with a free time is chosen
      await expect(days.nth(3)).toBeChecked();

      const email = `free-booker-${Date.now()}@example.com`;
      createOwner(email, dataDir);
      await waitForHydration(page.getByRole('button', { name: 'Log in to book' }));
      await page.getByRole('button', { name: 'Log in to book' }).click();
      const login = page.getByRole('dialog', { name: 'Log in' });
      await login.getByLabel('E-mail').fill(email);
      await login.getByLabel('Password').fill(OWNER_PASSWORD);
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(login).toBeHidden();

      await choose(days.nth(3));
      await choose(page.getByRole('group', { name: 'Choose a time' }).getByRole('radio', { disabled: false }).first());
      await page.getByLabel('Phone number (the shop calls this if something changes)').fill('+91 98450 12345');
      await page.getByRole('button', { name: /^Book Style advice, / }).click();
      await expect(page.getByRole('heading', { name: 'Your appointment is booked' })).toBeVisible();
      await expect(page.getByRole('article', { name: /^Style advice, / })).toContainText('15 min · Free · Booked');
    } finally {
      await server.stop();
    }
  });

  test('a guest is asked to log in before booking', async ({ page }) => {
    await page.goto('/appointment?service=spice-tasting');
    await expect(page.getByRole('radio', { name: /Spice tasting session/ })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Choose a time' }).getByRole('radio').first()).toBeVisible();
    await page.getByRole('button', { name: 'Log in to book' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });
});
