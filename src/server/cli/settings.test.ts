import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnvFile } from '../env.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { shopBanner } from './shop-banner.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cliMain = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** A working directory with a shop config and a .env naming it; `npm run shop` is run from there. */
function workingDir(name: string, dotEnv: string): string {
  const cwd = path.join(dir, name);
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(cwd, 'crumb.json'), JSON.stringify({ ...testShopConfig(), id: 'crumb', title: 'Crumb & Co. Bakehouse' }));
  writeFileSync(path.join(cwd, '.env'), dotEnv);
  return cwd;
}

/** The CLI as `npm run shop -- …` runs it, in `cwd`, with nothing of the test's environment but PATH and HOME. */
function shop(cwd: string, args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--import', tsx, cliMain, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the settings in .env, read by the owner commands as by the server', () => {
  it('takes SHOP_CONFIG and DATA_DIR from .env in the working directory, and names the shop first', () => {
    const cwd = workingDir('dotenv', '# the shop\nSHOP_CONFIG=./crumb.json\nDATA_DIR=./shop-data\n');
    const run = shop(cwd, ['store', 'status']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.split('\n')[0]).toBe('Crumb & Co. Bakehouse (crumb), ./shop-data/shop.sqlite');
    expect(run.stdout).toBe('The shop is open: it takes orders.\n');
    expect(existsSync(path.join(cwd, 'shop-data', 'shop.sqlite'))).toBe(true);
    expect(existsSync(path.join(cwd, 'data'))).toBe(false);
  });

  it('lets the environment win over .env', () => {
    const cwd = workingDir('both', 'SHOP_CONFIG=./crumb.json\nDATA_DIR=./shop-data\n');
    const run = shop(cwd, ['store', 'status'], { DATA_DIR: './from-env' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.split('\n')[0]).toBe('Crumb & Co. Bakehouse (crumb), ./from-env/shop.sqlite');
    expect(existsSync(path.join(cwd, 'from-env', 'shop.sqlite'))).toBe(true);
    expect(existsSync(path.join(cwd, 'shop-data'))).toBe(false);
  });

  it("names a PostgreSQL shop by its server and database, never DATABASE_URL's password", () => {
    // port 1: nothing listens, so the command fails after its first line; the password must not be in any of it
    const cwd = workingDir('postgres', 'SHOP_CONFIG=./crumb.json\nDATABASE_URL=postgres://crumb:s3cret-Pa55@127.0.0.1:1/bakehouse?sslmode=disable\n');
    const run = shop(cwd, ['store', 'status']);
    expect(run.stderr.split('\n')[0]).toBe('Crumb & Co. Bakehouse (crumb), PostgreSQL crumb@127.0.0.1:1/bakehouse');
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).not.toContain('s3cret-Pa55');
  });

  it('reads no file when ENV_FILE is empty, another when it names one, and adds only what the environment lacks', () => {
    const file = path.join(dir, 'shop.env');
    writeFileSync(file, 'SHOP_CONFIG=from-file.json\nDATA_DIR=/from/file\n');
    const env: NodeJS.ProcessEnv = { ENV_FILE: file, DATA_DIR: '/from/env' };
    expect(loadEnvFile(env)).toBe(file);
    expect(env).toEqual({ ENV_FILE: file, DATA_DIR: '/from/env', SHOP_CONFIG: 'from-file.json' });
    const none: NodeJS.ProcessEnv = { ENV_FILE: '' };
    expect(loadEnvFile(none)).toBeUndefined();
    expect(none).toEqual({ ENV_FILE: '' });
    expect(loadEnvFile({ ENV_FILE: path.join(dir, 'missing.env') })).toBeUndefined();
  });

  it('shows a path outside the working directory in full, and a database address without any secret', () => {
    const shopAt = (databaseUrl: string | undefined) =>
      shopBanner({ id: 'crumb', title: 'Crumb' }, { databaseUrl, dataDir: '/srv/crumb/data', shopConfig: '/srv/crumb/shop.json' });
    expect(shopAt(undefined)).toBe('Crumb (crumb), /srv/crumb/data/shop.sqlite');
    expect(shopAt('postgres://db.internal/crumb?password=hunter22&sslmode=require')).toBe('Crumb (crumb), PostgreSQL db.internal/crumb');
    expect(shopAt('not a url with pass:word@')).toBe('Crumb (crumb), PostgreSQL (DATABASE_URL)');
  });
});
