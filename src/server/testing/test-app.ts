import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { validateShopConfig, type ConfigResult } from '../../domain/shop-config.ts';
import { buildApp, type ServerTimeouts } from '../app.ts';
import type { Db } from '../db/database.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import type { PayuSettings } from '../routes/fn/payment-routes.ts';
import type { Mailer } from '../services/mailer.ts';
import type { WebhookSettings } from '../services/order-webhook.ts';
import type { PushSender } from '../services/push.ts';
import type { SmsSender } from '../services/sms.ts';
import type { CountryLookup } from '../services/country-lookup.ts';
import type { TestDatabase } from './databases.ts';
import { testCatalog, testShopConfig } from './fixtures.ts';

const buildDir = path.resolve('build');

/** The SSR bundle from `npm run build` (npm test builds first). */
export async function loadWebBuild() {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) throw new Error('No web build: run `npm run build` before the page tests (npm test does).');
  return { build: (await import(pathToFileURL(entry).href)) as ServerBuild, clientDir: path.join(buildDir, 'client') };
}

/** The built web app, or one a test changed (its render, say). */
export type WebBuild = Awaited<ReturnType<typeof loadWebBuild>>;

/** The app as main.ts builds it, on the given database, seeded with the small test catalog. */
export async function buildTestApp(
  db: Db,
  options: { config?: unknown; web?: boolean | WebBuild; seed?: boolean; payu?: PayuSettings; mailer?: Mailer; sms?: SmsSender; accessTokenTtlSeconds?: number; callerProfileOrigin?: string; countryLookup?: CountryLookup; publicUrl?: string; authSecret?: Uint8Array; clock?: () => number; push?: PushSender; pushServiceOrigin?: string; mediaDir?: string; logger?: FastifyServerOptions['logger']; trustProxy?: string[]; redisUrl?: string; redisPrefix?: string; orderWebhook?: WebhookSettings; codesInLog?: boolean; timeouts?: Partial<ServerTimeouts> } = {},
) {
  const config: ConfigResult = validateShopConfig(options.config ?? testShopConfig());
  if (options.seed !== false) await createCatalogRepository(db, 2).replace(testCatalog());
  return buildApp({ config, db, web: options.web === true ? await loadWebBuild() : options.web || undefined, payu: options.payu, mailer: options.mailer, sms: options.sms, accessTokenTtlSeconds: options.accessTokenTtlSeconds, callerProfileOrigin: options.callerProfileOrigin, countryLookup: options.countryLookup, publicUrl: options.publicUrl, authSecret: options.authSecret, clock: options.clock, push: options.push, pushServiceOrigin: options.pushServiceOrigin, mediaDir: options.mediaDir, logger: options.logger, trustProxy: options.trustProxy, redisUrl: options.redisUrl, redisPrefix: options.redisPrefix, orderWebhook: options.orderWebhook, codesInLog: options.codesInLog, timeouts: options.timeouts });
}

type TestAppOptions = Parameters<typeof buildTestApp>[1];

/** Opens a fresh database and app for the enclosing describe block, and closes both after it. */
export function useTestApp(database: TestDatabase, options: TestAppOptions = {}): { readonly app: FastifyInstance; readonly db: Db } {
  let app: FastifyInstance | undefined;
  let db: Db | undefined;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await database.open();
    dispose = opened.dispose;
    db = opened.db;
    app = await buildTestApp(opened.db, options);
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
