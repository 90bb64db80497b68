import type { FastifyPluginAsync } from 'fastify';
import { requireOwner } from '../../plugins/require-owner.ts';
import type { MediaStore } from '../../services/media-store.ts';
import type { StoreState } from '../../services/store-state.ts';
import type { ShopConfigHolder } from '../../shop-config-holder.ts';
import { apiNotFound } from '../not-found.ts';
import type { RouteDeps } from '../route-deps.ts';
import { ownerAlertRoutes } from './owner-alert-routes.ts';
import { ownerAppointmentRoutes } from './owner-appointment-routes.ts';
import { ownerBankAlertRoutes } from './owner-bank-alert-routes.ts';
import { ownerConfigRoutes } from './owner-config-routes.ts';
import { ownerCouponRoutes } from './owner-coupon-routes.ts';
import { ownerCustomerRoutes } from './owner-customer-routes.ts';
import { ownerImageRoutes } from './owner-image-routes.ts';
import { ownerKeyedInRoutes } from './owner-keyed-in-routes.ts';
import { ownerOrderRoutes } from './owner-order-routes.ts';
import { ownerProductRoutes } from './owner-product-routes.ts';
import { ownerReportRoutes } from './owner-report-routes.ts';
import { ownerReviewRoutes } from './owner-review-routes.ts';
import { ownerShopFrontRoutes } from './owner-shop-front-routes.ts';
import { ownerStockRoutes } from './owner-stock-routes.ts';
import { ownerTableRoutes } from './owner-table-routes.ts';
import { ownerWhatsAppRoutes } from './owner-whatsapp-routes.ts';
import type { WhatsAppCloud } from '../../services/whatsapp-cloud.ts';

type OwnerApiOptions = RouteDeps & {
  /** The config file's state and problems, for the owner's banner. */
  holder: ShopConfigHolder;
  storeState: StoreState;
  /** Where the owner's uploaded photos are kept. */
  mediaStore: MediaStore;
  /** WhatsApp's Cloud API, when set up: the owner replies to customers from an order. */
  whatsappCloud: WhatsAppCloud | undefined;
};

/**
 * The owner's calls, registered under /admin/api. Every one is behind one check, run before
 * its body is read: anyone but the owner is answered as if the call did not exist (decision 024).
 */
export const ownerApi: FastifyPluginAsync<OwnerApiOptions> = async (scope, deps) => {
  const { shop, fractionDigits, clock, repos, catalog, accessTokens, mailer, push, publicUrl } = deps;
  const timeZone = () => shop().timeZone;
  scope.addHook('onRequest', requireOwner(accessTokens, repos.users));
  await scope.register(ownerConfigRoutes, { holder: deps.holder });
  await scope.register(ownerBankAlertRoutes, { alerts: repos.bankAlerts, fractionDigits });
  await scope.register(ownerOrderRoutes, {
    shop,
    fractionDigits,
    accessTokens,
    orders: repos.orders,
    invoices: repos.invoices,
    payments: repos.payments,
    refunds: repos.refunds,
    devices: repos.devices,
    catalog,
    push,
    mailer,
    publicUrl,
    orderEvents: deps.orderEvents,
    store: repos.store,
    storeState: deps.storeState,
    clock: deps.clock,
  });
  await scope.register(ownerKeyedInRoutes, {
    shop,
    fractionDigits,
    clock,
    orders: repos.orders,
    idempotency: repos.idempotency,
    catalog,
    orderEvents: deps.orderEvents,
    devices: repos.devices,
    push,
    mailer,
    publicUrl,
  });
  await scope.register(ownerWhatsAppRoutes, {
    cloud: deps.whatsappCloud,
    messages: repos.whatsapp,
    orders: repos.orders,
    orderEvents: deps.orderEvents,
    clock: deps.clock,
  });
  await scope.register(ownerAppointmentRoutes, {
    shop,
    users: repos.users,
    appointments: repos.appointments,
    devices: repos.devices,
    push,
    mailer,
    publicUrl,
    orderEvents: deps.orderEvents,
    clock,
  });
  await scope.register(ownerAlertRoutes, { alerts: repos.alerts, pushServiceOrigin: deps.pushServiceOrigin });
  await scope.register(ownerStockRoutes, { catalogRepo: repos.catalog, catalog });
  await scope.register(ownerProductRoutes, { catalogRepo: repos.catalog, catalog, fractionDigits, timeZone, clock });
  await scope.register(ownerShopFrontRoutes, { catalogRepo: repos.catalog, shopFront: repos.shopFront, catalog, timeZone });
  await scope.register(ownerImageRoutes, { images: repos.productImages, store: deps.mediaStore, catalog });
  await scope.register(ownerCouponRoutes, { shop, fractionDigits, coupons: repos.coupons });
  await scope.register(ownerReviewRoutes, { reviews: repos.reviews, catalog });
  await scope.register(ownerReportRoutes, { shop, fractionDigits, reports: repos.reports, clock });
  await scope.register(ownerCustomerRoutes, { shop, fractionDigits, customers: repos.customers });
  await scope.register(ownerTableRoutes, { shop, publicUrl, dineTables: repos.dineTables, tableBills: repos.tableBills, fractionDigits, clock });
  // a call that does not exist behind the same check: to anyone but the owner it answers as an owner's call does
  scope.all('/*', apiNotFound);
};
