import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerBuild } from 'react-router';
import { couponFromInput } from '../domain/coupons.ts';
import type { ConfigResult, ShopConfig } from '../domain/shop-config.ts';
import type { Db } from './db/database.ts';
import { faultOf, UNAVAILABLE } from './db/faults.ts';
import type { CouponRepository } from './db/repositories/coupon-repository.ts';
import { createRepositories } from './db/repositories/create-repositories.ts';
import { withoutHiddenCharacters } from './input-validation.ts';
import { compression } from './plugins/compression.ts';
import { imageResizer } from './plugins/image-resizer.ts';
import { openapi } from './plugins/openapi.ts';
import { securityHeaders, type ExtraSources } from './plugins/security-headers.ts';
import { personalUpiIdAdvice } from '../domain/payments.ts';
import { RENDER_LIMIT, ssr, type RenderLimit } from './plugins/ssr.ts';
import { staticFiles } from './plugins/static-files.ts';
import { uploadedMedia } from './plugins/uploaded-media.ts';
import { ownerApi } from './routes/admin/owner-api.ts';
import { codeChannels, phoneRoutes } from './routes/api/auth/auth-kit.ts';
import { appManifestRoutes } from './routes/app-manifest-routes.ts';
import { ANALYTICS_LIMITS, type AnalyticsLimits } from './routes/fn/analytics-routes.ts';
import type { PayuSettings } from './routes/fn/payment-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { seoRoutes } from './routes/seo-routes.ts';
import { shopperApi } from './routes/shopper-api.ts';
import { pinStartSettings, runningShop, type RunningShop } from './running-shop.ts';
import { ACCESS_TOKEN_TTL_S, createAccessTokens } from './services/access-tokens.ts';
import { createCallerVerification } from './services/caller-verification.ts';
import { createCatalogCache } from './services/catalog-cache.ts';
import type { CountryLookup } from './services/country-lookup.ts';
import type { Mailer } from './services/mailer.ts';
import { createDatabaseMediaStore } from './services/media-store.ts';
import type { OrderEvents } from './services/order-events.ts';
import { startWebhookDeliverer, type WebhookSettings } from './services/order-webhook.ts';
import { createWhatsAppCloud, whatsappCodesOf, type WhatsAppSettings } from './services/whatsapp-cloud.ts';
import { startWhatsAppDeliverer } from './services/whatsapp-deliverer.ts';
import { createOwnerAlerts } from './services/owner-alerts.ts';
import { createPasswords } from './services/passwords.ts';
import { payuEndpoints } from './services/payu-protocol.ts';
import {
  createRazorpayPayments,
  missingRazorpaySettings,
  razorpayOrigins,
  type RazorpayPayments,
  type RazorpaySettings,
} from './services/razorpay-payments.ts';
import type { PushSender } from './services/push.ts';
import { createSessions } from './services/sessions.ts';
import { createSharedState } from './services/shared-state.ts';
import type { SmsSender } from './services/sms.ts';
import { createStoreState } from './services/store-state.ts';
import { startUnpaidExpiry } from './services/unpaid-expiry.ts';
import { startRazorpayRefunds } from './services/razorpay-refunds.ts';
import { createShopConfigHolder, isShopConfigHolder, NOT_CONFIGURED, STAND_IN_SHOP, type ShopConfigHolder } from './shop-config-holder.ts';

export type AppOptions = {
  /** The shop config: fixed (a `ConfigResult`), or a holder a reload changes (start.ts; decision 048). */
  config: ConfigResult | ShopConfigHolder;
  /** Proxies believed about the client's address (TRUST_PROXY): addresses and ranges. */
  trustProxy?: string[] | false | undefined;
  db: Db;
  /** The React Router server bundle and its client files; without it only the API runs. */
  web?: { build: ServerBuild; clientDir: string } | undefined;
  mediaDir?: string | undefined;
  /** Where resized copies of the media are kept (`/img/…`); defaults to a folder in the OS temp dir. */
  imageCacheDir?: string | undefined;
  /** The shop's public origin (PUBLIC_URL); defaults to the request's own. */
  publicUrl?: string | undefined;
  /** PayU's key, salt and endpoint from the environment. */
  payu?: PayuSettings | undefined;
  /** Razorpay's keys, webhook secret and addresses from the environment. */
  razorpay?: RazorpaySettings | undefined;
  /** BANK_ALERT_SECRET: the owner's forwarder of bank alerts proves itself with it; without it there is no such call. */
  bankAlertSecret?: string | undefined;
  /** Sends the order e-mails (built from SMTP_URL in start.ts); without it none are sent. Closed with the app. */
  mailer?: Mailer | undefined;
  /** Where order events go for the owner's live board; one in-memory bus by default. */
  orderEvents?: OrderEvents | undefined;
  /** REDIS_URL: rate limits and the owners' live events shared between instances (decision 026). */
  redisUrl?: string | undefined;
  /** Tests only: the start of every Redis key and channel (default `storefront:<shop id>:`). */
  redisPrefix?: string | undefined;
  /** ORDER_WEBHOOK_URL and its secret: every order event is kept in an outbox and posted there, signed (decision 031). */
  orderWebhook?: WebhookSettings | undefined;
  /** WhatsApp's Cloud API (issue 40): order messages through an outbox, and its webhook. Needs publicUrl for the links. */
  whatsapp?: WhatsAppSettings | undefined;
  /** Tests: how long a send to WhatsApp may take (default 10 s), and how often the queue is looked at (default 2 s). */
  whatsappTiming?: { timeoutMs: number; everyMs: number };
  /** Sends one-time codes by text message; without it phone codes are not offered, unless `codesInLog`. */
  sms?: SmsSender | undefined;
  /** DEMO_CODES_IN_LOG (the demo shop): codes with no mail server or SMS provider to go by are written to the log. */
  codesInLog?: boolean | undefined;
  /** Finds a shopper's country by IP (COUNTRY_LOOKUP_URL); without it every shopper is in the default country. */
  countryLookup?: CountryLookup | undefined;
  /** Tests only: an origin besides Truecaller's whose profile endpoints caller verification may ask. */
  callerProfileOrigin?: string | undefined;
  /** Sends Web Push (VAPID keys from the environment or the data dir); without it no pushes are sent. */
  push?: PushSender | undefined;
  /** Tests only: an origin besides the browsers' push services that subscriptions may name. */
  pushServiceOrigin?: string | undefined;
  /** Now, for the booking engine and unpaid orders' expiry (tests set the day); Date.now by default. */
  clock?: (() => number) | undefined;
  /** How often unpaid orders are looked for (a minute unless set). */
  unpaidSweepMs?: number | undefined;
  /** Access-token lifetime in seconds (15 minutes unless set). */
  accessTokenTtlSeconds?: number | undefined;
  /** Password hashes under way at once, running or waiting, before logins, sign-ups and resets answer 503 (PASSWORD_QUEUE_LIMIT unless set). */
  passwordQueueLimit?: number | undefined;
  /** Analytics events a UTC day stores per client and in all (ANALYTICS_EVENTS_PER_DAY; ANALYTICS_LIMITS unless set). */
  analyticsLimits?: AnalyticsLimits | undefined;
  /** Pages the page cache does not have that one client may have rendered in a window (PAGE_RENDER_LIMIT; RENDER_LIMIT unless set; max 0: no limit). */
  renderLimit?: RenderLimit | undefined;
  /** Signs access tokens and keys one-time codes (32+ bytes); a fresh random one when absent (tests). */
  authSecret?: Uint8Array | undefined;
  logger?: FastifyServerOptions['logger'];
  /** How long a client may take, in ms (SERVER_TIMEOUTS unless set; tests shorten them). */
  timeouts?: Partial<ServerTimeouts> | undefined;
};

/**
 * How long a client may take, in milliseconds. A phone on a slow 3G line sends a request's
 * headers in well under a second and our largest body (64 KB) in a few; a client that
 * trickles bytes to hold a connection open is cut off instead of being waited for.
 * - `headers`: from the connection (or the previous answer) to the end of the headers;
 * - `request`: to the end of the whole request, body included;
 * - `keepAlive`: an idle connection between requests; longer than nginx's upstream
 *   keepalive_timeout (5 s in deploy/), so the proxy never reuses one the shop is closing;
 * - `idle`: no byte either way on a busy connection, e.g. a client that stops reading
 *   its answer (above the owner's live feed's 25 s heartbeat).
 */
export const SERVER_TIMEOUTS = { headers: 15_000, request: 60_000, keepAlive: 10_000, idle: 60_000 };
export type ServerTimeouts = typeof SERVER_TIMEOUTS;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The config as the shop runs it: a gateway without its secrets cannot take a payment (PayU
 * without PAYU_SALT, Razorpay without its three settings, or for anything but rupees), so it
 * is not offered at all (pages, validation and API alike), with a warning saying why.
 */
function withUsablePayments(config: ShopConfig, gateways: Pick<AppOptions, 'payu' | 'razorpay'>, warn: (message: string) => void): ShopConfig {
  const listed = new Set(config.payment.providers.map((p) => p.id));
  const unusable = new Map<string, string>();
  if (listed.has('payu') && !gateways.payu?.salt) unusable.set('payu', 'PayU is in the shop config but PAYU_SALT is not set');
  const missing = missingRazorpaySettings(gateways.razorpay);
  if (listed.has('razorpay') && missing.length)
    unusable.set('razorpay', `Razorpay is in the shop config but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`);
  else if (listed.has('razorpay') && (config.localeConfig.currencyCode !== 'INR' || config.localeConfig.fractionDigits > 2))
    unusable.set('razorpay', 'Razorpay takes rupees (currencyCode "INR", at most 2 fraction digits)');
  if (unusable.size === 0) return config;
  for (const reason of unusable.values()) warn(`${reason}: it is not offered at checkout`);
  const providers = config.payment.providers.filter((p) => !unusable.has(p.id));
  return { ...config, payment: { ...config.payment, providers } };
}

/** Standard Checkout's script comes from its origin and opens frames from it and the API's (`api.razorpay.com`). */
const paymentSourcesOf = ({ checkout, api }: { checkout: string; api: string }): ExtraSources => ({
  'script-src': [checkout],
  'frame-src': [...new Set([checkout, api])],
  'connect-src': [...new Set([checkout, api])],
});

/** Razorpay's side of the shop, when the environment gives its three settings. */
function razorpayOf(settings: RazorpaySettings | undefined, fractionDigits: number): RazorpayPayments | undefined {
  if (!settings || missingRazorpaySettings(settings).length) return undefined;
  return createRazorpayPayments(
    { ...settings, keyId: settings.keyId!, keySecret: settings.keySecret!, webhookSecret: settings.webhookSecret! },
    fractionDigits,
  );
}

/**
 * Where the shop's pages may post a form besides itself: PayU's checkout, when PAYU_SALT
 * lets the shop take PayU (the endpoint set, else PayU's test and live ones, since a reload
 * may turn PayU on or change its mode).
 */
function payuFormTargets(payu: PayuSettings | undefined): string[] {
  if (!payu?.salt) return [];
  return [...new Set((payu.endpoint ? [payu.endpoint] : Object.values(payuEndpoints)).map((url) => new URL(url).origin))];
}

/**
 * Without a valid config (none since the start) these still answer, so the owner can log in
 * on /admin and read what is wrong; every other call answers 503 with the reasons (decision 048).
 */
const OWNER_CALLS_WITHOUT_CONFIG = /^\/(api\/auth\/|api\/country(\?|$)|admin\/api\/(config|store|events)(\?|$))/;
const isApiCall = (url: string) => url.startsWith('/api/') || url.startsWith('/fn/') || url.startsWith('/admin/api/');

/** Fastify's own settings: the deadlines for slow clients, the proxies believed, the body limit, request ids. */
function serverOptions(options: AppOptions) {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  return {
    logger: options.logger ?? false,
    requestTimeout: timeouts.request,
    keepAliveTimeout: timeouts.keepAlive,
    connectionTimeout: timeouts.idle,
    // Node checks the headers and request deadlines every 30 s by default, which would let a slow client stay up to 30 s longer
    http: { headersTimeout: timeouts.headers, connectionsCheckingInterval: Math.max(250, Math.min(timeouts.headers, timeouts.request) / 4) },
    // behind nginx or a balancer, the shopper's address comes from the proxies named in TRUST_PROXY
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
    // a request id from a trusted balancer is kept so logs line up; anything odd is replaced
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
  };
}

/** Every error a route throws or a schema finds, as the API answers it. */
function answerError(error: { statusCode?: number; code?: string; message: string; validation?: unknown }, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: v.message ?? 'Invalid value' }));
    return reply.code(400).send({ error: 'bad_request', message: 'Some fields are not correct.', fields });
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    return reply.code(status).send({ error: error.code ?? 'bad_request', message: error.message });
  }
  // the database's connection dropped, its server restarts, the disk is full: the request's transaction
  // rolled back; the client may try again (decision 072)
  const fault = faultOf(error);
  if (fault) {
    req.log.error({ err: error, fault: fault.what }, 'request failed: the database is out of reach for a moment');
    return reply.code(503).header('retry-after', String(fault.retryAfterSeconds)).send(UNAVAILABLE);
  }
  req.log.error({ err: error }, 'request failed');
  return reply.code(status).send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
}

/** The config's coupons as the config says now (uses kept, ones taken out switched off), again after each reload. */
async function keepConfigCoupons(app: FastifyInstance, running: RunningShop, holder: ShopConfigHolder, coupons: CouponRepository, fractionDigits: number) {
  const sync = async (config: ShopConfig) =>
    coupons.syncConfig(config.coupons.map((c) => couponFromInput(c, { fractionDigits, timeZone: config.timeZone }, 'config')));
  if (running.current()) await sync(running.shop());
  const stop = holder.subscribe(
    () => void sync(running.shop()).catch((err: unknown) => app.log.error({ err }, 'the coupons of the reloaded shop config were not saved')),
  );
  app.addHook('onClose', async () => stop());
}

/** Builds the whole app: plugins, then repositories and services, then routes. Tests build this. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(options));
  // callback hooks, not async ones: they run on every answer, and a promise each is time (decision 052)
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  const { db, mailer, push, publicUrl } = options;
  const holder = isShopConfigHolder(options.config) ? options.config : createShopConfigHolder(options.config);
  const warn = (message: string) => app.log.warn(message);
  // the settings parts are built from stay as the start had them; each reload is adjusted the same way
  const pinned = pinStartSettings(holder.config(), warn);
  const running = runningShop(holder, (config) => withUsablePayments(pinned(config), options, warn));
  const shop = running.shop;
  const start = running.current() ?? STAND_IN_SHOP;
  const fractionDigits = start.localeConfig.fractionDigits;
  const clock = options.clock ?? Date.now;
  const razorpay = razorpayOf(options.razorpay, fractionDigits);
  // a personal UPI id fails shoppers in most apps: said at each start, as check-config says it
  const upi = start.payment.providers.some((p) => p.id === 'upi-manual') ? start.payment.upi : undefined;
  const upiAdvice = upi ? personalUpiIdAdvice(upi.vpa) : null;
  if (upiAdvice) warn(upiAdvice);
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const shared = createSharedState(options.redisUrl, options.redisPrefix ?? `storefront:${start.id}:`, app.log);
  app.addHook('onClose', shared.close);
  await shared.connected();

  // plugins: route schemas are zod schemas (src/domain shapes), so bad input answers 400 with the fields
  app.setValidatorCompiler(withoutHiddenCharacters(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(answerError);
  await app.register(securityHeaders, { formTargets: payuFormTargets(options.payu) });
  await app.register(compression);
  // An invalid shop config still lets the server start: the API says it cannot serve, pages show the error screen,
  // and the owner reads why in the log and on /admin (NOT_CONFIGURED)
  app.addHook('onRequest', (req, reply, done) => {
    if (running.current() || !isApiCall(req.url) || OWNER_CALLS_WITHOUT_CONFIG.test(req.url)) return done();
    reply.code(503).send(NOT_CONFIGURED);
  });

  const authSecret = options.authSecret ?? randomBytes(32);
  const whatsapp = options.whatsapp && publicUrl ? options.whatsapp : undefined;
  const repos = createRepositories(db, { shop, fractionDigits, authSecret, orderWebhook: !!options.orderWebhook, whatsappOrigin: whatsapp && publicUrl });

  // services
  const catalog = createCatalogCache(repos.catalog, { clock: options.clock });
  const storeState = createStoreState(repos.store);
  // the owner's uploaded photos, in the database so every instance serves them (decision 036)
  const mediaStore = createDatabaseMediaStore(db);
  if (options.orderWebhook) {
    const deliverer = startWebhookDeliverer({ db, settings: options.orderWebhook, log: app.log });
    app.addHook('onClose', () => deliverer.stop());
  }
  const { timeoutMs: whatsappTimeoutMs, everyMs } = options.whatsappTiming ?? { timeoutMs: 10_000, everyMs: 2000 };
  const whatsappCloud = whatsapp && createWhatsAppCloud(whatsapp, whatsappTimeoutMs);
  if (whatsappCloud) {
    const deliverer = startWhatsAppDeliverer({
      messages: repos.whatsapp,
      cloud: whatsappCloud,
      shop,
      log: app.log,
      clock,
      timeoutMs: whatsappTimeoutMs,
      everyMs,
    });
    app.decorate('sendWhatsAppMessages', deliverer.sendDue);
    app.addHook('onClose', () => deliverer.stop());
  }
  const whatsappCodes = whatsappCloud && whatsappCodesOf(whatsappCloud, shop);
  const codeOptions = { mailer, sms: options.sms, whatsappCodes, codesInLog: options.codesInLog ?? false };
  const ownerAlerts = createOwnerAlerts({ shop, alerts: repos.alerts, push, mailer, log: app.log });
  // a session that ends (logout, reset) takes its access tokens with it at once (issue 20)
  const sessions = createSessions({
    refreshTokens: repos.refreshTokens,
    ended: shared.endedSessions,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_S,
  });
  await sessions.restore();
  const accessTokens = createAccessTokens(authSecret, { ttlSeconds: options.accessTokenTtlSeconds, sessionEnded: sessions.hasEnded });
  const orderEvents = options.orderEvents ?? shared.orderEvents;
  await keepConfigCoupons(app, running, holder, repos.coupons, fractionDigits);
  // orders waiting for an online payment that does not come give their stock back
  const expiry = startUnpaidExpiry({
    shop: running.current,
    orders: repos.orders,
    catalog,
    orderEvents,
    clock,
    log: app.log,
    news: { devices: repos.devices, push, mailer: publicUrl ? mailer : undefined, origin: publicUrl ?? '' },
    // a Razorpay order is asked of Razorpay before it expires: its webhook may have been lost
    ...(razorpay ? { razorpayPayment: (orderId: string, now: number) => razorpay.paymentOf(orderId, repos.payments, now, app.log) } : {}),
    everyMs: options.unpaidSweepMs,
  });
  app.decorate('expireUnpaidOrders', expiry.sweep);
  app.addHook('onClose', () => expiry.stop());
  // paid Razorpay orders that end are refunded through Razorpay
  if (razorpay) {
    const refunder = startRazorpayRefunds({ refunds: repos.refunds, razorpay, orderEvents, log: app.log });
    app.decorate('sendRazorpayRefunds', refunder.sweep);
    app.addHook('onClose', () => refunder.stop());
  }

  // routes
  await app.register(openapi, { title: running.current()?.title });
  await app.register(healthRoutes, { db, configured: () => running.current() !== null });
  await app.register(seoRoutes, { catalog, publicUrl });
  await app.register(appManifestRoutes, { running, mediaDir: options.mediaDir });
  const routeDeps = {
    shop,
    fractionDigits,
    clock,
    repos,
    catalog,
    accessTokens,
    orderEvents,
    mailer,
    push,
    pushServiceOrigin: options.pushServiceOrigin,
    publicUrl,
  };
  await app.register(shopperApi, {
    ...routeDeps,
    shopTitle: () => running.current()?.title ?? start.title,
    orderRateLimit: start.orderConfig.orderRateLimit,
    db,
    sessions,
    passwords: createPasswords(options.passwordQueueLimit),
    callerVerification: start.callerVerification
      ? { verification: createCallerVerification({ extraProfileOrigin: options.callerProfileOrigin, store: shared.callerStore() }), shopId: start.id }
      : undefined,
    ownerAlerts,
    rateLimits: shared.rateLimits,
    sms: options.sms,
    whatsappCodes,
    codesInLog: options.codesInLog ?? false,
    countryLookup: options.countryLookup,
    analyticsLimits: options.analyticsLimits ?? ANALYTICS_LIMITS,
    payu: options.payu ?? { key: undefined, salt: undefined, endpoint: undefined },
    razorpay,
    bankAlertSecret: options.bankAlertSecret,
    whatsapp,
  });
  await app.register(ownerApi, { prefix: '/admin/api', ...routeDeps, holder, storeState, mediaStore, whatsappCloud });
  await app.register(staticFiles, { clientDir: options.web?.clientDir, mediaDir: options.mediaDir });
  await app.register(uploadedMedia, { store: mediaStore });
  const cacheDir = options.imageCacheDir ?? path.join(os.tmpdir(), 'storefront-img-cache');
  await app.register(imageResizer, { mediaDir: options.mediaDir, cacheDir, store: mediaStore });
  if (options.web) {
    await app.register(ssr, {
      build: options.web.build,
      running,
      catalog,
      storeState,
      publicUrl,
      codes: { ...codeChannels(codeOptions), ...phoneRoutes(codeOptions) },
      whatsappUpdates: !!whatsapp,
      clock: options.clock,
      rateLimits: shared.rateLimits,
      renderLimit: options.renderLimit ?? RENDER_LIMIT,
      paymentSources: razorpay && paymentSourcesOf(razorpayOrigins(options.razorpay!)),
    });
  }
  return app;
}
