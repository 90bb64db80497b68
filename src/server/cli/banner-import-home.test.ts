import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFile } from '../../domain/catalog.ts';
import { readEnv } from '../env.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { runCli } from './main.ts';

/**
 * Issue 23: an import that changes only the banners shows on /home at once. The home page
 * is kept rendered per catalog version (decision 028); a new banner must make a new page,
 * not leave shoppers the kept one with the old banner.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-banner-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(testDatabases)('a banner-only import on $name', (database) => {
  let opened: OpenTestDatabase;
  let app: FastifyInstance;
  const env = () => ({ ...readEnv({}), shopConfig: path.join(dir, 'shop.json'), ...opened.location });
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'shop.json'), JSON.stringify(testShopConfig()));
    opened = await database.open();
    app = await buildTestApp(opened.db, { seed: false, web: true });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const importCatalog = async (catalog: CatalogFile, name: string, ...args: string[]) => {
    const file = path.join(dir, `${name}-${database.name}.json`);
    writeFileSync(file, JSON.stringify(catalog));
    const lines: string[] = [];
    expect(await runCli(['import-catalog', file, ...args], { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) }, env()), lines.join('\n')).toBe(0);
  };
  const home = async () => (await app.inject({ url: '/home' })).body;
  /** The shop's catalog cache looks for a new version about once a second (README): a command's change shows within that. */
  const seen = { timeout: 5000 };

  it('shows the new banner on the home page that was already rendered and kept', async () => {
    const before = testCatalog();
    await importCatalog(before, 'before');
    await expect.poll(home, seen).toContain('Summer');
    // served twice: the second answer comes from the page cache
    expect(await home()).toContain('Summer');

    const after: CatalogFile = { ...before, banners: [{ ...before.banners[0]!, title: 'Monsoon offers', subtitle: 'Umbrellas and chai' }] };
    await importCatalog(after, 'after');
    await expect.poll(home, seen).toContain('Monsoon offers');
    const page = await home();
    expect(page).toContain('Umbrellas and chai');
    expect(page).not.toContain('>Summer<');
  });

  it('shows a banner added by a shop-front sheet alone (the products the same)', async () => {
    const front = path.join(dir, `front-${database.name}.json`);
    const { categories } = testCatalog();
    const banner = { id: 'rain', kind: 'slider', position: 2, title: 'Rainy day snacks', subtitle: '', buttonText: 'Shop', image: { mobile: '/m.webp', desktop: '/d.webp' }, background: '#ffffff', link: { type: 'categories', value: ['fruit'] } };
    writeFileSync(front, JSON.stringify({ categories, banners: [banner] }));
    await importCatalog(testCatalog(), 'same', '--shop-front', front);
    await expect.poll(home, seen).toContain('Rainy day snacks');
  });
});
