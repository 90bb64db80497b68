import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { Db } from '../database.ts';
import { createAddressRepository } from './address-repository.ts';
import { createAnalyticsRepository } from './analytics-repository.ts';
import { createAppointmentRepository } from './booking-repository.ts';
import { createCartRepository } from './cart-repository.ts';
import { createCatalogRepository } from './catalog-repository.ts';
import { createCouponRepository } from './coupon-repository.ts';
import { createCustomerRepository } from './customer-repository.ts';
import { createDeviceRepository } from './device-repository.ts';
import { createDineTableRepository } from './dine-table-repository.ts';
import { createIdempotencyRepository } from './idempotency-repository.ts';
import { createInvoiceRepository, invoiceOnAccept, invoiceOnBillSettled, invoicingOf } from './invoice-repository.ts';
import { createTableBillRepository } from './table-bill-repository.ts';
import { createNewsletterRepository } from './newsletter-repository.ts';
import { createOneTimeCodeRepository } from './one-time-code-repository.ts';
import { allOutboxes, webhookOutbox } from './order-outbox.ts';
import { createWhatsAppRepository, queueBookingMessages, whatsappOutbox } from './whatsapp-repository.ts';
import { createOrderRepository } from './order-repository.ts';
import { createOwnerAlertRepository } from './owner-alert-repository.ts';
import { createPaymentRepository } from './payment-repository.ts';
import { createProductImageRepository } from './product-image-repository.ts';
import { createRefreshTokenRepository } from './refresh-token-repository.ts';
import { createBankAlertRepository } from './bank-alert-repository.ts';
import { createRefundRepository } from './refund-repository.ts';
import { createReportRepository } from './report-repository.ts';
import { createReviewRepository } from './review-repository.ts';
import { createShopFrontRepository } from './shop-front-repository.ts';
import { createStoreRepository } from './store-repository.ts';
import { createUserRepository } from './user-repository.ts';

type RepositoryOptions = {
  /** The config in use now (a reload changes it): whether an accepted order gets a tax invoice, the shop's time zone. */
  shop: () => ShopConfig;
  /** The shop's money digits, fixed for the process (decision 048). */
  fractionDigits: number;
  /** Keys refresh tokens and one-time codes. */
  authSecret: Uint8Array;
  /** An order webhook is set (ORDER_WEBHOOK_URL): every order change also writes its event, in the same transaction, for the deliverer to post (decision 031). */
  orderWebhook: boolean;
  /** WhatsApp's Cloud API is set: order changes queue their messages in the same transaction, with links to this origin (issue 40). */
  whatsappOrigin?: string | undefined;
};

/** Every repository of the app, each made once: app.ts hands them to the services and routes that use them. */
export function createRepositories(db: Db, { shop, fractionDigits, authSecret, orderWebhook, whatsappOrigin }: RepositoryOptions) {
  const outbox = allOutboxes([...(orderWebhook ? [webhookOutbox(fractionDigits)] : []), ...(whatsappOrigin ? [whatsappOutbox(shop, whatsappOrigin)] : [])]);
  const coupons = createCouponRepository(db);
  const payments = createPaymentRepository(db, { outbox });
  // a shop with a GSTIN issues a tax invoice when it accepts an order (the GSTIN as the config says at that moment)
  const onBillSettled = invoiceOnBillSettled(shop);
  const orders = createOrderRepository(db, { outbox, onAccepted: async (trx, orderId, now) => invoiceOnAccept(shop())?.(trx, orderId, now), onBillSettled });
  return {
    catalog: createCatalogRepository(db, fractionDigits),
    orders,
    invoices: createInvoiceRepository(db, () => invoicingOf(shop())),
    payments,
    bankAlerts: createBankAlertRepository(db, payments),
    refunds: createRefundRepository(db, { outbox }),
    idempotency: createIdempotencyRepository(db),
    coupons,
    newsletter: createNewsletterRepository(db, coupons),
    users: createUserRepository(db),
    refreshTokens: createRefreshTokenRepository(db, authSecret),
    codes: createOneTimeCodeRepository(db, authSecret),
    devices: createDeviceRepository(db),
    addresses: createAddressRepository(db),
    carts: createCartRepository(db),
    reviews: createReviewRepository(db),
    // a booking's deposit is an order: cancelling the booking ends it, its taking place completes it
    appointments: createAppointmentRepository(db, {
      outbox,
      endOrder: orders.endDepositOrder,
      completeOrder: orders.completeDepositOrder,
      ...(whatsappOrigin ? { onBooked: (trx, booking, now) => queueBookingMessages(trx, booking, shop(), now) } : {}),
    }),
    analytics: createAnalyticsRepository(db),
    store: createStoreRepository(db),
    dineTables: createDineTableRepository(db),
    tableBills: createTableBillRepository(db, { outbox, onSettled: onBillSettled }),
    alerts: createOwnerAlertRepository(db),
    shopFront: createShopFrontRepository(db, () => shop().timeZone),
    productImages: createProductImageRepository(db),
    reports: createReportRepository(db),
    customers: createCustomerRepository(db),
    whatsapp: createWhatsAppRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
