import { defineConfig } from '@playwright/test';
import {
  BANK_ALERT_SECRET,
  brokenShop,
  brokenShopOwner,
  demoShop,
  fakePayu,
  fakePayuEndpoint,
  fakeRazorpay,
  fakeRazorpayURL,
  fakeWhatsApp,
  fakeWhatsAppSent,
  fakeWhatsAppURL,
  fakePush,
  fakePushControl,
  fakePushOrigin,
  fakeSms,
  fakeSmsInbox,
  fakeSmtp,
  fakeTruecaller,
  fakeTruecallerOrigin,
  fakeSmtpInbox,
  SHORT_ACCESS_TOKEN_SECONDS,
  shortSessionShop,
  shopServerEnv,
  shopURL,
  type TestShop,
} from './e2e/fixtures/servers.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/fixtures/chromium.ts';
import { SMS_TOKEN } from './src/server/testing/fake-sms.ts';
import { SMTP_PASSWORD, SMTP_USER } from './src/server/testing/fake-smtp.ts';

const CI = !!process.env.CI;

const messaging = { SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${fakeSmtp.port}`, SMS_URL: `http://127.0.0.1:${fakeSms.port}/`, SMS_TOKEN };

/** One shop server: a fresh database under test-results/, the given config, quiet logs. */
function shopServer(shop: TestShop, env: Record<string, string> = {}) {
  return {
    name: shop.name,
    command: 'node --import tsx e2e/fixtures/start-server.ts',
    env: shopServerEnv(shop, env),
    url: `${shopURL(shop)}${shop.readyPath ?? '/healthz'}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // generous for a busy 2-core machine running two browsers and two servers; nothing waits this long when all is well
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: shopURL(demoShop),
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    // shoppers who already answered the browser: the notifications prompt (which covers the
    // bottom of the page for 15 s) shows only in the journey about it, which clears this
    permissions: ['notifications'],
    // the pages as the server serves them: the journeys about the service worker allow it
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      name: fakePayu.name,
      command: 'node --import tsx e2e/fixtures/start-fake-payu.ts',
      url: `http://127.0.0.1:${fakePayu.port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      name: fakeRazorpay.name,
      command: 'node --import tsx e2e/fixtures/start-fake-razorpay.ts',
      url: `${fakeRazorpayURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      name: fakeWhatsApp.name,
      command: 'node --import tsx e2e/fixtures/start-fake-whatsapp.ts',
      url: fakeWhatsAppSent,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    { name: fakeSmtp.name, command: 'node --import tsx e2e/fixtures/start-fake-smtp.ts', url: fakeSmtpInbox, reuseExistingServer: false, timeout: 60_000 },
    { name: fakeSms.name, command: 'node --import tsx e2e/fixtures/start-fake-sms.ts', url: fakeSmsInbox, reuseExistingServer: false, timeout: 60_000 },
    {
      name: fakePush.name,
      command: 'node --import tsx e2e/fixtures/start-fake-push.ts',
      url: `${fakePushControl}/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // the demo shop pays through the local PayU (its key is the demo config's merchant key) and the local Razorpay, mails through the local SMTP server, texts through the local SMS provider and pushes through the local push service
    // a shop that sends messages needs PUBLIC_URL: links are never built from the Host header
    shopServer(demoShop, {
      PAYU_SALT: fakePayu.salt,
      PAYU_KEY: fakePayu.key,
      PAYU_ENDPOINT: fakePayuEndpoint,
      RAZORPAY_KEY_ID: fakeRazorpay.keyId,
      RAZORPAY_KEY_SECRET: fakeRazorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fakeRazorpay.webhookSecret,
      RAZORPAY_API_URL: fakeRazorpayURL,
      RAZORPAY_CHECKOUT_URL: `${fakeRazorpayURL}/v1/checkout.js`,
      BANK_ALERT_SECRET,
      WHATSAPP_TOKEN: fakeWhatsApp.token,
      WHATSAPP_PHONE_NUMBER_ID: fakeWhatsApp.phoneNumberId,
      WHATSAPP_APP_SECRET: fakeWhatsApp.appSecret,
      WHATSAPP_VERIFY_TOKEN: fakeWhatsApp.verifyToken,
      WHATSAPP_API_URL: fakeWhatsAppURL,
      PUSH_SERVICE_ORIGIN: fakePushOrigin,
      PUBLIC_URL: shopURL(demoShop),
      ...messaging,
    }),
    {
      name: fakeTruecaller.name,
      command: 'node --import tsx e2e/fixtures/start-fake-truecaller.ts',
      url: `${fakeTruecallerOrigin}/profile`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    shopServer(shortSessionShop, {
      ACCESS_TOKEN_TTL_SECONDS: String(SHORT_ACCESS_TOKEN_SECONDS),
      SHOP_CONFIG_PATCH: JSON.stringify({ callerVerification: { provider: 'truecaller', partnerKey: 'e2e-partner-key', partnerName: 'Kirana and Co' } }),
      CALLER_PROFILE_ORIGIN: fakeTruecallerOrigin,
      PUBLIC_URL: shopURL(shortSessionShop),
      ...messaging,
    }),
    shopServer(brokenShop, { OWNER_EMAIL: brokenShopOwner.email, OWNER_PASSWORD: brokenShopOwner.password }),
  ],
});
