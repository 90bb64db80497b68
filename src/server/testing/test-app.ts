import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { validateShopConfig, type ConfigResult } from '../../domain/shop-config.ts';
import { buildApp, type AppOptions } from '../app.ts';
import type { Db } from '../db/database.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import type { TestDatabase } from './databases.ts';
import { testCatalog, testShopConfig } from './fixtures.ts';

const buildDir = path.resolve('build');

/** The SSR bundle from `npm run build` (npm test builds first). */
export async function loadWebBuild() {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) throw new Error('No web build: run `npm run build` before the page tests (npm test does).');
  return { build: (await import(pathToFileURL(entry).href)) as ServerBuild, clientDir: path.join(buildDir, 'client') };
}

/**
 * A test's config with room for its orders: tests place many from one address and one
 * contact, so the order rate limit is lifted unless the config sets one (as the limiter's
 * own tests do).
 */
function withRoomForOrders(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('orderConfig' in config)) return config;
  const orderConfig = config.orderConfig as Record<string, unknown>;
  return 'orderRateLimit' in orderConfig
    ? config
    : { ...config, orderConfig: { ...orderConfig, orderRateLimit: { perAddress: 100_000, perContact: 100_000 } } };
}

/** The built web app, or one a test changed (its render, say). */
export type WebBuild = Awaited<ReturnType<typeof loadWebBuild>>;

/** The real build, noting the address of every page it renders (a client navigation's data request is not one). */
export async function countingBuild(rendered: string[]): Promise<WebBuild> {
  const web = await loadWebBuild();
  const render = web.build.entry.module.default;
  const counting: ServerBuild['entry']['module']['default'] = (request, ...rest) => {
    const url = new URL(request.url);
    rendered.push(url.pathname + url.search);
    return render(request, ...rest);
  };
  return { ...web, build: { ...web.build, entry: { module: { ...web.build.entry.module, default: counting } } } };
}

/** Tests ask for many pages from one address, a shop's shoppers from many: unless a test sets it, a client's renders are not limited. */
const NO_RENDER_LIMIT = { max: 0, windowMs: 1 };

/** The app as main.ts builds it, on the given database, seeded with the small test catalog; any other app option as given. */
export async function buildTestApp(
  db: Db,
  {
    config: rawConfig,
    web,
    seed,
    ...rest
  }: { config?: unknown; web?: boolean | WebBuild; seed?: boolean } & Partial<Omit<AppOptions, 'config' | 'db' | 'web'>> = {},
) {
  const config: ConfigResult = validateShopConfig(withRoomForOrders(rawConfig ?? testShopConfig()));
  if (seed !== false) await createCatalogRepository(db, 2).replace(testCatalog());
  return buildApp({ renderLimit: NO_RENDER_LIMIT, ...rest, config, db, web: web === true ? await loadWebBuild() : web || undefined });
}

type TestAppOptions = Parameters<typeof buildTestApp>[1];

/**
 * Opens a fresh database and app for the enclosing describe block, and closes both after it.
 * Options known only once the block's other servers listen (a fake mail server's url) are given as a function.
 */
export function useTestApp(database: TestDatabase, options: TestAppOptions | (() => TestAppOptions) = {}): { readonly app: FastifyInstance; readonly db: Db } {
  let app: FastifyInstance | undefined;
  let db: Db | undefined;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await database.open();
    dispose = opened.dispose;
    db = opened.db;
    app = await buildTestApp(opened.db, typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  return {
    get app() {
      if (!app) throw new Error('the test app is not open yet');
      return app;
    },
    get db() {
      if (!db) throw new Error('the test database is not open yet');
      return db;
    },
  };
}
