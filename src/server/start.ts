import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { loadAuthSecret } from './services/auth-secret.ts';
import { migrate, openDatabase, type Db } from './db/database.ts';
import { createCatalogRepository } from './db/repositories/catalog-repository.ts';
import type { Env } from './env.ts';
import { loggerOptions } from './logger.ts';
import { RENDER_LIMIT } from './plugins/ssr.ts';
import { ANALYTICS_LIMITS } from './routes/fn/analytics-routes.ts';
import { importCatalogFile } from './services/catalog-import.ts';
import { ownerFromEnv } from './services/owner-account.ts';
import { mailerFor, pushSenderFor } from './services/senders.ts';
import { smsFrom } from './services/sms.ts';
import { createCountryLookup } from './services/country-lookup.ts';
import { webhookSettingsFrom } from './services/order-webhook.ts';
import { whatsappSettingsFrom } from './services/whatsapp-cloud.ts';
import { loadShopConfig } from './shop-config-file.ts';
import { createShopConfigHolder } from './shop-config-holder.ts';
import { logConfigProblems, watchShopConfig } from './services/config-reload.ts';

/**
 * Everything a start needs, in order: config, database and migrations, the demo seed on
 * an empty catalog, the web bundle, the app, and the watch that reloads the config when
 * its file changes or on SIGHUP (decision 048). main.ts calls it; so do tests that need a
 * whole server.
 */
export async function startServer(env: Env, logStream?: NodeJS.WritableStream): Promise<{ app: FastifyInstance; db: Db }> {
  const config = loadShopConfig(env.shopConfig);
  const holder = createShopConfigHolder(config, env.shopConfig);
  // before the database opens: a bad SMTP_URL stops the start with nothing to close
  const shopTitle = config.ok ? config.config.title : 'Shop';
  const mailer = mailerFor(env, shopTitle);
  const db = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await migrate(db);

  const serverEntry = path.join(env.buildDir, 'server', 'index.js');
  const web = existsSync(serverEntry)
    ? { build: (await import(pathToFileURL(webBuildOf(serverEntry)).href)) as ServerBuild, clientDir: path.join(env.buildDir, 'client') }
    : undefined;

  const push = pushSenderFor(env, config.ok ? config.config.contact.email : undefined);
  const webhook = webhookSettingsFrom(env.orderWebhook);
  const whatsapp = whatsappSettingsFrom(env.whatsapp, env.publicUrl);
  const sms = smsFrom(env.sms);
  const app = await buildApp({
    config: holder,
    db,
    web,
    trustProxy: env.trustProxy,
    redisUrl: env.redisUrl,
    push,
    pushServiceOrigin: env.pushServiceOrigin,
    mediaDir: env.mediaDir,
    imageCacheDir: path.join(env.dataDir, 'img-cache'),
    publicUrl: env.publicUrl,
    payu: env.payu,
    razorpay: env.razorpay,
    bankAlertSecret: env.bankAlertSecret,
    mailer,
    orderWebhook: webhook && 'settings' in webhook ? webhook.settings : undefined,
    whatsapp: whatsapp && 'settings' in whatsapp ? whatsapp.settings : undefined,
    sms: sms && 'sender' in sms ? sms.sender : undefined,
    codesInLog: env.demoCodesInLog,
    accessTokenTtlSeconds: env.accessTokenTtlSeconds,
    renderLimit: env.pageRenderLimit === undefined ? undefined : { ...RENDER_LIMIT, max: env.pageRenderLimit },
    analyticsLimits: env.analyticsEventsPerDay === undefined ? undefined : { ...ANALYTICS_LIMITS, perDay: env.analyticsEventsPerDay },
    callerProfileOrigin: env.callerProfileOrigin,
    countryLookup: env.countryLookupUrl ? createCountryLookup(env.countryLookupUrl) : undefined,
    authSecret: loadAuthSecret(env.authSecret, env.dataDir),
    logger: loggerOptions(env.logLevel, logStream),
  });
  if (webhook && 'problem' in webhook) app.log.error(`The order webhook is off: ${webhook.problem}`);
  if (whatsapp && 'problem' in whatsapp) app.log.error(`WhatsApp messages are off: ${whatsapp.problem}`);
  const unsent = env.demoCodesInLog ? 'are written to this log (DEMO_CODES_IN_LOG, for a demo only)' : 'are not offered';
  if (!mailer) app.log.info(`SMTP_URL is not set: order e-mails are not sent, and e-mailed codes and sign-up links ${unsent}`);
  if (sms && 'problem' in sms) app.log.error(`Codes by text message are off: ${sms.problem}`);
  else if (!sms) app.log.info(`SMS_URL is not set: codes by text message (phone code login, sign-up and reset) ${unsent}`);
  // without PUBLIC_URL a link would take the request's Host header, which any client chooses
  if ((mailer || sms) && !env.publicUrl) {
    app.log.error(
      "PUBLIC_URL is not set: this shop sends messages (SMTP_URL or SMS_URL), and their links must not come from the Host header a client sends. E-mails with a link (sign-up, newsletter, orders, bookings, owner alerts) are not sent until PUBLIC_URL is the shop's address, e.g. https://shop.example.com",
    );
  }

  const reloads = watchShopConfig({ file: env.shopConfig, holder, log: app.log });
  app.addHook('onClose', async () => reloads.stop());
  if (!config.ok) {
    logConfigProblems(app.log, env.shopConfig, config.issues, false);
  } else if (env.seedCatalog) {
    const repo = createCatalogRepository(db, config.config.localeConfig.fractionDigits);
    if (await repo.isEmpty()) {
      const result = await importCatalogFile(repo, env.seedCatalog);
      if (result.ok) app.log.info(`Seeded the empty catalog with ${result.products} products from ${env.seedCatalog}`);
      else app.log.error({ problems: result.problems }, `Could not seed the catalog from ${env.seedCatalog}`);
    }
  }
  // OWNER_EMAIL (with OWNER_PASSWORD): the owner's account on a first start, as create-owner makes it
  await ownerFromEnv(db, env.owner, { info: (m) => app.log.info(m), error: (m) => app.log.error(m) });
  if (!web) app.log.warn(`No web build at ${serverEntry}: only the API runs. Run \`npm run build\`.`);
  return { app, db };
}

/**
 * The pages' server code: in the bundled server `npm run build` makes (decision 066), the
 * copy of build/server/index.js bundled beside it, which shares React, React Router and
 * zod with the server instead of loading them a second time; run from source, React
 * Router's own build.
 */
function webBuildOf(serverEntry: string): string {
  const bundled = fileURLToPath(new URL('./web-build.js', import.meta.url));
  return existsSync(bundled) ? bundled : serverEntry;
}
