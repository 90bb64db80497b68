import { appendFileSync, cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './fixtures/own-server.ts';
import { ownShopPort } from './fixtures/servers.ts';
import { expect, test } from './fixtures/test.ts';

test.use({ serviceWorkers: 'allow' });

const UPDATE_CHECK_MS = 3_600_000;

/** Counts the page's full loads from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

/** What the init script below records in each page, on the page's own (controlled) clock. */
type Watch = { registeredAt: number | null; checks: number; workerChanges: number };

/**
 * Watches the app's service worker in every page: when its registration came back (the
 * hourly check is set then), how often the page asked for an update check, and how often
 * the worker controlling the page changed (the only thing on which the page reloads).
 */
function watchServiceWorker(): void {
  const watch: Watch = { registeredAt: null, checks: 0, workerChanges: 0 };
  (window as unknown as { swWatch: Watch }).swWatch = watch;
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = async function (...args: Parameters<typeof register>) {
    const registration = await register.apply(this, args);
    watch.registeredAt = Date.now();
    return registration;
  };
  const update = ServiceWorkerRegistration.prototype.update;
  ServiceWorkerRegistration.prototype.update = function () {
    watch.checks += 1;
    return update.call(this);
  };
  navigator.serviceWorker.addEventListener('controllerchange', () => (watch.workerChanges += 1));
}

const watched = (page: Page) => page.evaluate(() => ({ now: Date.now(), ...(window as unknown as { swWatch: Watch }).swWatch }));

/**
 * The page is done with the change of version: its code has started, the new worker is
 * active and controls it, nothing is waiting or installing, and it has seen no change of
 * worker since it loaded: nothing is left that could reload it. (A page caught reloading
 * is asked again once it has loaded.)
 */
const settled = (page: Page) =>
  expect
    .poll(
      () =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            const active = registration?.active ?? null;
            const watch = (window as unknown as { swWatch: Watch }).swWatch;
            return {
              started: watch.registeredAt !== null,
              workerChanges: watch.workerChanges,
              controlledByTheActiveWorker: active !== null && active.state === 'activated' && navigator.serviceWorker.controller === active,
              waitingOrInstalling: Boolean(registration?.waiting ?? registration?.installing),
            };
          })
          .catch(() => 'reloading'),
      { timeout: 20_000 },
    )
    .toEqual({ started: true, workerChanges: 0, controlledByTheActiveWorker: true, waitingOrInstalling: false });

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
      port: ownShopPort('new version', testInfo.parallelIndex),
      buildDir: path.relative(process.cwd(), buildDir),
      dataDir: path.relative(process.cwd(), path.join(dir, 'data')),
    });

    await context.clock.install();
    await context.addInitScript(watchServiceWorker);
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
    // nothing shows before the hourly check: ten seconds before it, the page has not checked
    // (a check is asked for while the clock moves on, so it is counted by then) and shows nothing
    const { now, registeredAt } = await watched(page);
    await context.clock.fastForward(registeredAt! + UPDATE_CHECK_MS - now - 10_000);
    expect((await watched(page)).checks).toBe(0);
    await expect(update(page)).toHaveCount(0);
    // the hourly check finds the new version
    await context.clock.fastForward(20_000);
    expect((await watched(page)).checks).toBe(1);
    await expect(update(page)).toBeVisible({ timeout: 20_000 });

    const pageLoads = countLoads(page);
    const otherLoads = countLoads(other);
    await update(page).click();
    // the new worker takes over: this tab (the click) and the other (the change of worker) reload once
    await expect.poll(pageLoads, { timeout: 20_000 }).toBe(1);
    await expect.poll(otherLoads, { timeout: 20_000 }).toBe(1);
    // and once only: nothing is left that could reload either of them again
    await settled(page);
    await settled(other);
    expect(pageLoads()).toBe(1);
    expect(otherLoads()).toBe(1);
    await expect(update(page)).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });
});
