import { expect, test } from './fixtures/test.ts';

test.describe('Shoppers on phones are offered to install the app', () => {
  test('the basic header shows an install button when the browser offers it; its label toggles at 4 s and 8 s', async ({ page, catalog, isMobile }) => {
    test.skip(!isMobile, 'the install button is for phones');
    await page.clock.install();
    await page.goto(`/p/${catalog.products[0]!.variantId}`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    // what Chromium fires once the app meets its install criteria (the service worker arrives with the PWA feature)
    await expect
      .poll(() =>
        page.evaluate(() => {
          const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
            userChoice: Promise.resolve({ outcome: 'accepted' }),
          });
          window.dispatchEvent(e);
          return e.defaultPrevented;
        }),
      )
      .toBe(true);
    const button = header.getByRole('button', { name: 'Install app' });
    await expect(button).toBeVisible();
    await page.clock.fastForward(4000);
    await expect(header.getByRole('button', { name: 'Add to home screen' })).toBeVisible();
    await page.clock.fastForward(4000);
    await expect(header.getByRole('button', { name: 'Install app' })).toBeVisible();
    await header.getByRole('button', { name: 'Install app' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(header.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  });
});
