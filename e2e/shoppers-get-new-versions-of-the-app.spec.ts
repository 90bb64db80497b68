import { appendFileSync, cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './fixtures/own-server.ts';
import { expect, test } from './fixtures/test.ts';

test.use({ serviceWorkers: 'allow' });

const UPDATE_CHECK_MS = 3_600_000;

/** Counts the page's full loads from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

const controlled = (page: Page) =>
  expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 }).toBe('activated');

test.describe('Shoppers get new versions of the app', () => {
  let server: OwnServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
  });

  test('a new version deployed shows the update button within the hourly check; one click reloads each open tab exactly once', async ({
    context,
  }, testInfo) => {
    // a copy of the web build this test can deploy a new version into
    const dir = testInfo.outputPath('deploy');
    const buildDir = path.join(dir, 'build');
    cpSync('build', buildDir, { recursive: true });
    const client = path.join(buildDir, 'client');
    for (const file of readdirSync(client).filter((f) => /^sw\.js\.(br|gz)$/.test(f))) rmSync(path.join(client, file));
    server = await startOwnServer({
      port: 4181 + testInfo.parallelIndex,
      buildDir: path.relative(process.cwd(), buildDir),
      dataDir: path.relative(process.cwd(), path.join(dir, 'data')),
    });

    await context.clock.install();
    const page = await context.newPage();
    await page.goto(`${server.url}/catalog`);
    await controlled(page);
    const other = await context.newPage();
    await other.goto(`${server.url}/home`);
    await controlled(other);
    const update = (p: Page) => p.getByRole('button', { name: 'New version available! Click to update' });
    await expect(update(page)).toHaveCount(0);

    // a new version is deployed: the service worker the server serves changes
    appendFileSync(path.join(client, 'sw.js'), `\n// deployed ${new Date().toISOString()}\n`);
    // nothing shows before the hourly check; the check finds the new version
    await page.waitForTimeout(1000);
    await expect(update(page)).toHaveCount(0);
    await context.clock.fastForward(UPDATE_CHECK_MS);
    await expect(update(page)).toBeVisible({ timeout: 20_000 });

    const pageLoads = countLoads(page);
    const otherLoads = countLoads(other);
    await update(page).click();
    // the new worker takes over: this tab (the click) and the other (the change of worker) reload once
    await expect.poll(pageLoads, { timeout: 20_000 }).toBe(1);
    await expect.poll(otherLoads, { timeout: 20_000 }).toBe(1);
    await page.waitForTimeout(3000);
    expect(pageLoads()).toBe(1);
    expect(otherLoads()).toBe(1);
    await expect(update(page)).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });
});
