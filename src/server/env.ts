import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** Every environment variable the server reads, in one place (the README lists them). */
export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    shopConfig: path.resolve(root, env.SHOP_CONFIG ?? 'demo/shop.config.json'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    /** Imported into an empty catalog at start; empty to start with no products. */
    seedCatalog: env.SEED_CATALOG === undefined ? path.resolve(root, 'demo/catalog.json') : env.SEED_CATALOG ? path.resolve(root, env.SEED_CATALOG) : undefined,
    mediaDir: path.resolve(root, env.MEDIA_DIR ?? 'demo/media'),
    publicUrl: env.PUBLIC_URL || undefined,
    buildDir: path.resolve(root, env.BUILD_DIR ?? 'build'),
    logLevel: env.LOG_LEVEL ?? 'info',
    /**
     * Which proxies in front (nginx, a load balancer) are believed about the shopper's
     * address (X-Forwarded-For), for rate limits and logs: addresses and ranges
     * (`loopback`, `10.0.0.0/8`, comma-separated). Unset: none, the socket's address.
     */
    trustProxy: trustedProxies(env.TRUST_PROXY),
    /** Signs access tokens and keys one-time codes; shared by every instance. Else made once in DATA_DIR. */
    authSecret: env.AUTH_SECRET || undefined,
    /** PayU: the merchant key (else the config's), the secret salt, and the form endpoint (else PayU's own for the config's mode). */
    payu: { key: env.PAYU_KEY || undefined, salt: env.PAYU_SALT || undefined, endpoint: env.PAYU_ENDPOINT || undefined },
    /**
     * Razorpay: the key id and key secret (Dashboard → Account & Settings → API Keys) and the webhook
     * secret chosen for the webhook to /fn/payment/razorpay/webhook; all three, or Razorpay is not offered.
     * RAZORPAY_API_URL and RAZORPAY_CHECKOUT_URL are for tests (a local fake); unset, Razorpay's own.
     */
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID || undefined,
      keySecret: env.RAZORPAY_KEY_SECRET || undefined,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || undefined,
      apiUrl: env.RAZORPAY_API_URL || undefined,
      checkoutUrl: env.RAZORPAY_CHECKOUT_URL || undefined,
    },
    /**
     * The secret the owner's SMS-forwarding app or mail rule proves itself with when it posts the bank's
     * alerts to /fn/payment/bank-alert (as a bearer token, or the key of the body's HMAC); unset: no such call.
     */
    bankAlertSecret: env.BANK_ALERT_SECRET || undefined,
    /** Order e-mails: the SMTP server (smtp://user:pass@host:587, smtps:// for TLS from the start; unset: none are sent) and the sender (else the shop's title at no-reply@). */
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
    /**
     * One-time codes by text message (services/sms.ts): the provider's adapter (`json`, the default,
     * or `fast2sms`), its HTTP endpoint (Fast2SMS: its own) and token, and India's DLT registration —
     * the entity id, the sender id and each kind's template id (`login:…,signup:…,reset:…,update:…`).
     * Unset (json without SMS_URL): no codes by text message.
     */
    sms: {
      provider: env.SMS_PROVIDER || undefined,
      url: env.SMS_URL || undefined,
      token: env.SMS_TOKEN || undefined,
      dltEntityId: env.SMS_DLT_ENTITY_ID || undefined,
      senderId: env.SMS_SENDER_ID || undefined,
      dltTemplates: env.SMS_DLT_TEMPLATES || undefined,
    },
    /**
     * The demo only (`npm start` sets it): one-time codes and sign-up links with no SMTP_URL
     * or SMS_URL to go by are written to the log. Unset, those codes are not offered at all:
     * a production log is read by more people than the shopper.
     */
    demoCodesInLog: env.DEMO_CODES_IN_LOG === '1',
    /** The ip2c-style country service, with {ip} where the address goes (unset: every shopper is in IN). */
    countryLookupUrl: env.COUNTRY_LOOKUP_URL || undefined,
    /** Tests only: an origin (http://127.0.0.1:port) whose profile endpoints caller verification may ask besides Truecaller's. */
    callerProfileOrigin: env.CALLER_PROFILE_ORIGIN || undefined,
    /** Web Push: the VAPID key pair (base64url; unset: made once in DATA_DIR) and the contact push services may write to (mailto: or https:). */
    vapid: { publicKey: env.VAPID_PUBLIC_KEY || undefined, privateKey: env.VAPID_PRIVATE_KEY || undefined, subject: env.VAPID_SUBJECT || undefined },
    /** Tests only: an origin (http://127.0.0.1:port) that push subscriptions may name besides the browsers' push services. */
    pushServiceOrigin: env.PUSH_SERVICE_ORIGIN || undefined,
    /** The owner's account, made on a start when the shop has no owner yet (then OWNER_PASSWORD is required); create-owner reads OWNER_PASSWORD too. */
    owner: { email: env.OWNER_EMAIL || undefined, password: env.OWNER_PASSWORD || undefined },
    /** Order events to the owner's own system (a WhatsApp or SMS gateway): where to post them and the HMAC secret that signs them (services/order-webhook.ts). */
    orderWebhook: { url: env.ORDER_WEBHOOK_URL || undefined, secret: env.ORDER_WEBHOOK_SECRET || undefined },
    /**
     * WhatsApp's Cloud API (issue 40; docs/owner-guide.md, "WhatsApp"): the system user's token, the
     * business number's id, the Meta app's secret (signs the webhook), the verify token chosen for the
     * webhook's handshake; all four, or no messages go through the API. WHATSAPP_API_URL is for tests
     * (a local fake); unset, Meta's Graph API at the pinned version.
     */
    whatsapp: {
      token: env.WHATSAPP_TOKEN || undefined,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || undefined,
      appSecret: env.WHATSAPP_APP_SECRET || undefined,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN || undefined,
      apiUrl: env.WHATSAPP_API_URL || undefined,
    },
    /** How long an access token lives, in seconds (default 15 minutes; a refresh renews it). */
    accessTokenTtlSeconds: positiveInt(env.ACCESS_TOKEN_TTL_SECONDS, 'ACCESS_TOKEN_TTL_SECONDS'),
    /** Pages not in the page cache that one client may have rendered in 10 seconds (default 20; 0: no limit, for a load test from one machine). */
    pageRenderLimit: count(env.PAGE_RENDER_LIMIT, 'PAGE_RENDER_LIMIT'),
    /** Analytics events stored per UTC day from all visitors together (default 5,000; 0: none stored). */
    analyticsEventsPerDay: count(env.ANALYTICS_EVENTS_PER_DAY, 'ANALYTICS_EVENTS_PER_DAY'),
  };
}

export type Env = ReturnType<typeof readEnv>;

function trustedProxies(value: string | undefined): string[] | false {
  const list = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.length > 0 ? list : false;
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number of seconds above 0`);
  return n;
}

function count(value: string | undefined, name: string): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, 0 or more`);
  return n;
}

/**
 * The optional file of settings the server and the owner's commands both read before
 * readEnv: `.env` in the working directory (ENV_FILE names another; empty, none), lines
 * of `NAME=value`. A variable set in the environment wins over the file. Returns the file
 * read, or undefined when there is none.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = path.resolve(process.cwd(), env.ENV_FILE ?? '.env');
  if (env.ENV_FILE === '' || !existsSync(file)) return undefined;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) if (env[name] === undefined) env[name] = value;
  return file;
}
