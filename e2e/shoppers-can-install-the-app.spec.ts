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
    // the shopper's answer is recorded for the owner
    const recorded = page.waitForResponse(
      (res) => res.url().endsWith('/fn/analytics/logEvent') && (res.request().postDataJSON() as { event_type?: string }).event_type === 'app_install',
    );
    await header.getByRole('button', { name: 'Install app' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    const answer = await recorded;
    expect(answer.ok()).toBe(true);
    expect(answer.request().postDataJSON()).toMatchObject({ event_type: 'app_install', value: 'accepted', version: '0.8' });
    await expect(header.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  });
});

test.describe('The shop is an installable app', () => {
  test("Chromium's installability check finds nothing missing: manifest, icons, service worker", async ({ playwright, baseURL }, testInfo) => {
    // a browser profile of its own: Chromium never installs apps from an incognito window, which every test context is
    const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
      ...testInfo.project.use.launchOptions,
      serviceWorkers: 'allow',
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 }).toBe('activated');
      // the check Lighthouse's installable-manifest audit ran (that audit left Lighthouse in version 12)
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
