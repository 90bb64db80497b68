import type { FastifyPluginAsync } from 'fastify';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { Db } from '../db/database.ts';
import type { CountryLookup } from '../services/country-lookup.ts';
import type { OwnerAlerts } from '../services/owner-alerts.ts';
import type { Passwords } from '../services/passwords.ts';
import type { RazorpayPayments } from '../services/razorpay-payments.ts';
import type { Sessions } from '../services/sessions.ts';
import type { SharedState } from '../services/shared-state.ts';
import type { SmsSender } from '../services/sms.ts';
import type { WhatsAppSettings } from '../services/whatsapp-cloud.ts';
import type { AuthOptions, WhatsAppCodes } from './api/auth/auth-kit.ts';
import { authRoutes } from './api/auth/auth-routes.ts';
import { catalogRoutes } from './api/catalog/catalog-routes.ts';
import { countryRoutes } from './api/country/country-routes.ts';
import { guestOrderRoutes } from './api/guest/guest-order-routes.ts';
import { instanceRoutes } from './api/instance/instance-routes.ts';
import { newsletterRoutes } from './api/newsletter/newsletter-routes.ts';
import { reviewRoutes } from './api/products/review-routes.ts';
import { shopRoutes } from './api/shop/shop-routes.ts';
import { slotRoutes } from './api/slots/slot-routes.ts';
import { userAppointmentRoutes } from './api/user/appointment-routes.ts';
import { userRoutes } from './api/user/user-routes.ts';
import { analyticsRoutes, type AnalyticsLimits } from './fn/analytics-routes.ts';
import { appointmentRoutes } from './fn/appointment-routes.ts';
import { bankAlertRoutes } from './fn/bank-alert-routes.ts';
import { cancelRequestRoutes } from './fn/cancel-request-routes.ts';
import { orderRoutes } from './fn/order-routes.ts';
import { paymentRoutes, type PayuSettings } from './fn/payment-routes.ts';
import { razorpayRoutes } from './fn/razorpay-routes.ts';
import { whatsappRoutes } from './fn/whatsapp-routes.ts';
import { apiNotFound } from './not-found.ts';
import type { RouteDeps } from './route-deps.ts';

type ShopperApiOptions = RouteDeps & {
  /** The shop's title now, for the texts of codes and links. */
  shopTitle: () => string;
  /** The order limiters, made at the start (decision 048). */
  orderRateLimit: ShopConfig['orderConfig']['orderRateLimit'];
  /** The delivery and appointment slots are read straight from the database. */
  db: Db;
  sessions: Sessions;
  passwords: Passwords;
  /** Truecaller login, when the config turned it on at the start (decision 020). */
  callerVerification: AuthOptions['callerVerification'];
  /** The owner hears of every order and booking (issue 18). */
  ownerAlerts: OwnerAlerts;
  /** The limiters' store: shared through Redis when several instances run. */
  rateLimits: SharedState['rateLimits'];
  sms: SmsSender | undefined;
  whatsappCodes: WhatsAppCodes | undefined;
  codesInLog: boolean;
  countryLookup: CountryLookup | undefined;
  analyticsLimits: AnalyticsLimits;
  payu: PayuSettings;
  /** Razorpay, when the environment gives its three settings. */
  razorpay: RazorpayPayments | undefined;
  bankAlertSecret: string | undefined;
  /** WhatsApp's Cloud API, when the environment gives it: its webhook. */
  whatsapp: WhatsAppSettings | undefined;
};

/**
 * The shopper's calls: the shop's (/api, spec §7) and the serverless ones (/fn: orders,
 * payments, bookings, analytics), then a JSON 404 for any other call under either.
 */
export const shopperApi: FastifyPluginAsync<ShopperApiOptions> = async (app, deps) => {
  const { shop, fractionDigits, clock, repos, catalog, accessTokens, orderEvents, ownerAlerts, mailer, push, publicUrl, rateLimits } = deps;
  const { orders, invoices, users, devices, appointments } = repos;
  await app.register(shopRoutes, { prefix: '/api', shop });
  await app.register(catalogRoutes, { prefix: '/api', catalog });
  await app.register(countryRoutes, { prefix: '/api', lookup: deps.countryLookup });
  await app.register(newsletterRoutes, { prefix: '/api', shop, newsletter: repos.newsletter, codes: repos.codes, mailer, publicUrl, rateLimits, clock });
  await app.register(authRoutes, {
    prefix: '/api',
    shopTitle: deps.shopTitle,
    users,
    codes: repos.codes,
    sessions: deps.sessions,
    passwords: deps.passwords,
    accessTokens,
    mailer,
    sms: deps.sms,
    whatsappCodes: deps.whatsappCodes,
    codesInLog: deps.codesInLog,
    publicUrl,
    callerVerification: deps.callerVerification,
    rateLimits,
  });
  await app.register(reviewRoutes, { prefix: '/api', reviews: repos.reviews, catalog, accessTokens, users });
  await app.register(userRoutes, {
    prefix: '/api',
    accessTokens,
    users,
    orders,
    devices,
    addresses: repos.addresses,
    carts: repos.carts,
    invoices,
    tableBills: repos.tableBills,
    shop,
    fractionDigits,
  });
  await app.register(instanceRoutes, { prefix: '/api', devices, accessTokens, push, pushServiceOrigin: deps.pushServiceOrigin, rateLimits });
  await app.register(analyticsRoutes, {
    prefix: '/fn',
    shopId: () => shop().id,
    analytics: repos.analytics,
    accessTokens,
    rateLimits,
    limits: deps.analyticsLimits,
    clock,
  });
  await app.register(slotRoutes, { prefix: '/api', shop, db: deps.db, clock });
  await app.register(userAppointmentRoutes, { prefix: '/api', shop, appointments, accessTokens, clock });
  await app.register(appointmentRoutes, { prefix: '/fn', shop, appointments, users, accessTokens, clock, mailer, publicUrl, ownerAlerts, orderEvents });
  await app.register(orderRoutes, {
    prefix: '/fn',
    shop,
    fractionDigits,
    orderRateLimit: deps.orderRateLimit,
    clock,
    orders,
    idempotency: repos.idempotency,
    dineTables: repos.dineTables,
    devices,
    catalog,
    accessTokens,
    orderEvents,
    ownerAlerts,
    rateLimits,
    mailer,
    push,
    publicUrl,
  });
  await app.register(paymentRoutes, {
    prefix: '/fn',
    shop,
    fractionDigits,
    orders,
    accessTokens,
    payments: repos.payments,
    bankAlerts: repos.bankAlerts,
    payu: deps.payu,
    razorpay: deps.razorpay,
    publicUrl,
    orderEvents,
    clock,
  });
  await app.register(razorpayRoutes, {
    prefix: '/fn',
    shop,
    orders,
    payments: repos.payments,
    refunds: repos.refunds,
    accessTokens,
    orderEvents,
    razorpay: deps.razorpay,
    clock,
  });
  await app.register(whatsappRoutes, { prefix: '/fn', settings: deps.whatsapp, messages: repos.whatsapp, orderEvents, clock });
  await app.register(bankAlertRoutes, { prefix: '/fn', secret: deps.bankAlertSecret, alerts: repos.bankAlerts, orderEvents, fractionDigits, clock });
  await app.register(cancelRequestRoutes, { prefix: '/fn', shop, orders, accessTokens, catalog, orderEvents });
  await app.register(guestOrderRoutes, { prefix: '/api', orders, invoices, tableBills: repos.tableBills, shop });
  app.all('/api/*', apiNotFound);
  app.all('/fn/*', apiNotFound);
};
