import { expectNoSeriousA11yViolations } from './fixtures/accessibility.ts';
import { brokenShopOwner } from './fixtures/servers.ts';
import { brokenShopURL, expect, test } from './fixtures/test.ts';

test.describe('The owner reads what is wrong with the shop config', () => {
  test('a shop started with a broken config: the owner logs in on /admin and is told what to fix', async ({ page }) => {
    await page.goto(`${brokenShopURL}/admin`);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('E-mail').fill(brokenShopOwner.email);
    await login.getByLabel('Password').fill(brokenShopOwner.password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();

    const banner = page.getByRole('region', { name: 'The shop is closed: its config file has mistakes' });
    await expect(banner).toBeVisible();
    // the file the server reads, and the mistake in it: the broken shop's title is empty
    await expect(banner).toContainText('e2e-data-broken/shop.config.json');
    await expect(banner.getByRole('listitem').filter({ hasText: 'Invalid Title' })).toHaveCount(1);
    await expect(banner).toContainText('npm run shop -- check-config');
    // nothing of the owner's day shows while the shop has no config to run on
    await expect(page.getByRole('tab', { name: /^Open/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
