import { openMenu } from './fixtures/accounts.ts';
import { fakeTruecaller, fakeTruecallerOrigin, shopURL, shortSessionShop } from './fixtures/servers.ts';
import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { holdToasts } from './fixtures/storefront.ts';

/**
 * Caller verification (spec §7 realtime flow) on the shop that switches it on. The
 * Truecaller app is not in a test browser: the page is told it lost focus to it, and
 * the test makes Truecaller's callback to the shop, as Truecaller's servers would.
 */
test.describe('Shoppers can log in with Truecaller', () => {
  test.use({ baseURL: shopURL(shortSessionShop) });
  test.skip(({ isMobile }) => !isMobile, 'Truecaller verifies phones');

  /** Opens the login modal, starts the flow, and returns the nonce the page named over its socket. */
  async function start(page: Page) {
    // the Truecaller app comes up over the page, which loses focus to it
    await page.addInitScript(() => {
      document.hasFocus = () => false;
    });
    let nonce: string | undefined;
    let shopHeardNonce = false;
    const eventOf = (payload: string | Buffer) => JSON.parse(String(payload)) as { event: string; data: { nonce: string } };
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        const message = eventOf(frame.payload);
        if (message.event === 'set_truecaller_nonce') nonce = message.data.nonce;
      });
      ws.on('framereceived', (frame) => {
        if (eventOf(frame.payload).event === 'truecaller_nonce_received') shopHeardNonce = true;
      });
    });
    await page.goto('/home');
    await (await openMenu(page)).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Continue with Truecaller' }).click();
    await expect.poll(() => nonce).toBeTruthy();
    // the page waits for the shop to acknowledge the nonce before it opens the app: a test that
    // moves the clock before then would time out that wait instead of the 30 s one
    await expect.poll(() => shopHeardNonce).toBe(true);
    return nonce!;
  }
  const callback = (request: APIRequestContext, requestId: string, accessToken: string) =>
    request.post(`${shopURL(shortSessionShop)}/api/auth/caller/callback`, { data: { requestId, accessToken, endpoint: `${fakeTruecallerOrigin}/profile` } });

  test('a verified number logs the shopper in to the account of that number', async ({ page, request }) => {
    const nonce = await start(page);
    await holdToasts(page);
    expect((await callback(request, nonce, fakeTruecaller.token)).ok()).toBe(true);
    await expect(page.getByText(`Welcome, ${fakeTruecaller.profileName}!`)).toBeVisible();
    await page.goto('/account?activePage=profile');
    await expect(page.getByText(`Logged in as ${fakeTruecaller.profileName}`)).toBeVisible();
    await expect(page.getByText(fakeTruecaller.phoneNumber)).toBeVisible();
  });

  test('a refused verification is a danger toast, and the login modal stays for another way in', async ({ page, request }) => {
    const nonce = await start(page);
    await callback(request, nonce, 'not-a-truecaller-token');
    await expect(page.getByText('We could not verify your number with Truecaller. Please log in another way.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Log in' }).getByLabel('E-mail')).toBeVisible();
  });

  test('no answer within 30 s: timed out', async ({ page }) => {
    await page.clock.install();
    await start(page);
    await page.clock.runFor(31_000);
    await expect(page.getByText('Timed out waiting for verification.')).toBeVisible();
  });
});
