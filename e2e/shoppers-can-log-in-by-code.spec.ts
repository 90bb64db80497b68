import { freshPhone, logInAfterAWrongPassword, lastCodeMailedTo, lastCodeTextedTo, openMenu, signUpAndConfirm } from './fixtures/accounts.ts';
import { fakeWhatsAppSent, SHORT_ACCESS_TOKEN_SECONDS, shopURL, shortSessionShop } from './fixtures/servers.ts';
import { holdToasts } from './fixtures/storefront.ts';
import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';

/** Logs in by a code texted to a new number: the shop makes the account and asks for a name. */
async function logInByPhoneCode(page: Page, request: Parameters<typeof lastCodeTextedTo>[0], name: string) {
  const phone = freshPhone();
  await page.goto('/home');
  await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.getByRole('button', { name: 'Log in with a one-time code' }).click();
  const byCode = page.getByRole('dialog', { name: 'Log in with a code' });
  await byCode.getByRole('button', { name: 'Phone' }).click();
  await expect(byCode.getByLabel('Code', { exact: true })).toHaveValue('+91');
  await byCode.getByLabel('Phone number').fill(phone.national);
  await byCode.getByRole('button', { name: 'Send code' }).click();
  await expect(byCode.getByRole('status')).toContainText(`We sent a 6-digit code to ${phone.e164}.`);
  await byCode.getByLabel('6-digit code').fill(await lastCodeTextedTo(request, phone.e164));
  await byCode.getByRole('button', { name: 'Log in', exact: true }).click();
  // a new account: the shop asks what to call the shopper
  const naming = page.getByRole('dialog', { name: 'Your name' });
  await naming.getByLabel('Your name').fill(name);
  await naming.getByRole('button', { name: 'Save name' }).click();
  await expect(naming).toBeHidden();
  return phone;
}

test.describe('Shoppers can log in with a one-time code', () => {
  test('log in by phone with a code sent on WhatsApp, chosen over a text message', async ({ page, request }) => {
    const phone = freshPhone();
    await page.goto('/home');
    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Log in with a one-time code' }).click();
    const byCode = page.getByRole('dialog', { name: 'Log in with a code' });
    await byCode.getByRole('button', { name: 'Phone' }).click();
    await byCode.getByLabel('Phone number').fill(phone.national);
    const route = byCode.getByRole('group', { name: 'Send the code by' });
    await expect(route.getByRole('radio', { name: 'Text message' })).toBeChecked();
    await route.getByRole('radio', { name: 'WhatsApp' }).check();
    await byCode.getByRole('button', { name: 'Send code' }).click();
    await expect(byCode.getByRole('status')).toContainText(`We sent a 6-digit code on WhatsApp to ${phone.e164}.`);
    // the shop's authentication template reached the number, with the code in it
    const sent = (await (await request.get(fakeWhatsAppSent)).json()) as Array<{ to: string; template?: string; params: string[] }>;
    const message = sent.findLast((m) => m.to === phone.e164.slice(1) && m.template === 'login_code');
    await byCode.getByLabel('6-digit code').fill(message!.params[0]!);
    await byCode.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Your name' })).toBeVisible();
  });

  test('log in by phone with a texted code, name the new account, add an e-mail address by code', async ({ page, request }) => {
    const phone = await logInByPhoneCode(page, request, 'Ravi Kumar');
    await page.goto('/account?activePage=profile');
    await holdToasts(page);
    await expect(page.getByText('Logged in as Ravi Kumar')).toBeVisible();
    await expect(page.getByText(phone.e164)).toBeVisible();

    await page.getByRole('button', { name: 'Add e-mail' }).click();
    const adding = page.getByRole('dialog', { name: 'Add your e-mail' });
    const email = `ravi-${test.info().project.name}-${Date.now()}@example.com`;
    await adding.getByLabel('E-mail').fill(email);
    await adding.getByRole('button', { name: 'Send code' }).click();
    await adding.getByLabel('6-digit code').fill('000000');
    await adding.getByRole('button', { name: 'Confirm' }).click();
    await expect(adding.getByRole('alert')).toHaveText(/This code (is not correct|has expired)/);
    await adding.getByLabel('6-digit code').fill(await lastCodeMailedTo(request, email));
    await adding.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your e-mail address is saved.')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // with an e-mail on the account, the same window changes it and says so
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(page.getByRole('dialog', { name: 'Change your e-mail' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Add your e-mail' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Change your e-mail' })).toBeHidden();
  });

  test('reset a forgotten password with a code from the e-mail, then log in with the new one', async ({ page, request }) => {
    // a sign-up, a reset and two logins, each hashing a password on purpose slowly: ~30 s unloaded
    test.slow();
    const email = `meera-${test.info().project.name}-${Date.now()}@example.com`;
    await signUpAndConfirm(page, request, 'Meera Iyer', email, 'old garden gate');
    await page.goto('/home');
    // four 1.4 s toasts tell this story: held, a slow machine cannot let one go unseen; held, they stay, so each is counted
    await holdToasts(page);
    await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText("You're logged out")).toBeVisible();

    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot your password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset your password' });
    await reset.getByLabel('E-mail').fill(email);
    await reset.getByRole('button', { name: 'Send code' }).click();
    await reset.getByLabel('6-digit code').fill(await lastCodeMailedTo(request, email));
    await reset.getByRole('button', { name: 'Check code' }).click();
    await reset.getByLabel('New password').fill('password1');
    await reset.getByRole('button', { name: 'Save password and log in' }).click();
    await expect(reset.getByRole('alert')).toHaveText('This password is used by many people. Please choose another one.');
    await reset.getByLabel('New password').fill('new moon over the hills');
    await reset.getByRole('button', { name: 'Save password and log in' }).click();
    await expect(page.getByText('Welcome, Meera Iyer!')).toBeVisible();

    await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText("You're logged out")).toHaveCount(2);
    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    await logInAfterAWrongPassword(page, email, 'old garden gate', 'new moon over the hills');
    await expect(page.getByText('Welcome, Meera Iyer!')).toHaveCount(2);
  });

  test('a code send the server refuses shows §8 text with the reason', async ({ page }) => {
    await page.goto('/home');
    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Log in with a one-time code' }).click();
    const byCode = page.getByRole('dialog', { name: 'Log in with a code' });
    await byCode.getByRole('button', { name: 'Phone' }).click();
    const phone = freshPhone();
    await byCode.getByLabel('Phone number').fill(phone.national);
    await byCode.getByRole('button', { name: 'Send code' }).click();
    await expect(byCode.getByRole('status')).toBeVisible();
    // asking again at once: the per-number cooldown
    await byCode.getByRole('button', { name: 'Change the number or address, or get a new code' }).click();
    await byCode.getByRole('button', { name: 'Send code' }).click();
    await expect(byCode.getByRole('alert')).toHaveText(/^Error occurred while sending OTP: Please wait \d+ seconds before asking for another code\.$/);
  });
});

test.describe('Sessions renew themselves, and end when revoked', () => {
  test.use({ baseURL: shopURL(shortSessionShop) });

  /** The access token the page sent last (it keeps it in memory only). */
  function tokenSent(page: Page): () => string {
    let token = '';
    page.on('request', (r) => (token = /^Bearer (\S+)$/.exec(r.headers()['authorization'] ?? '')?.[1] ?? token));
    return () => token;
  }

  /**
   * Waits until the server itself calls the page's access token expired (on this shop it
   * lives a few seconds): a call with it answers §8's 'access token expired'.
   */
  const expire = (request: APIRequestContext, token: string) =>
    expect
      .poll(
        async () => {
          const res = await request.get(`${shopURL(shortSessionShop)}/api/user/addresses`, { headers: { authorization: `Bearer ${token}` } });
          return res.status() === 401 ? ((await res.json()) as { errorCode?: string }).errorCode : res.status();
        },
        { message: 'the access token has expired', timeout: SHORT_ACCESS_TOKEN_SECONDS * 1000 + 10_000, intervals: [250] },
      )
      .toBe('access_token_expired');

  test('an expired access token is renewed silently and the call goes through', async ({ page, request }) => {
    const token = tokenSent(page);
    await logInByPhoneCode(page, request, 'Lata Shah');
    await page.goto('/account?activePage=orders');
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await expire(request, token());
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
    await page.getByRole('link', { name: 'Addresses' }).click();
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByText('No saved addresses yet.', { exact: false })).toBeVisible();
    await expect(page.getByText('Logged in as Lata Shah')).toBeVisible();
    await expect(page.getByText('Your session has expired.', { exact: false })).toHaveCount(0);
  });

  test('a refresh token revoked elsewhere: the next call warns that the session expired and logs out', async ({ page, request, context }) => {
    const token = tokenSent(page);
    await logInByPhoneCode(page, request, 'Dev Patel');
    await page.goto('/account?activePage=orders');
    await holdToasts(page);
    await expect(page.getByText('Logged in as Dev Patel')).toBeVisible();
    // the session is ended from another device: its refresh token's family is revoked
    const refresh = (await context.cookies()).find((c) => c.name === 'sf_refresh')!;
    const revoked = await request.post(`${shopURL(shortSessionShop)}/api/auth/logout`, { headers: { cookie: `sf_refresh=${refresh.value}` } });
    expect(revoked.ok()).toBe(true);
    await expire(request, token());
    await page.getByRole('link', { name: 'Addresses' }).click();
    await expect(page.getByText('Your session has expired. Please re-login into your account.')).toBeVisible();
    await expect(page.getByText('Log in to see your addresses.')).toBeVisible();
  });
});
