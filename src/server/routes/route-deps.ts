import type { ShopConfig } from '../../domain/shop-config.ts';
import type { Repositories } from '../db/repositories/create-repositories.ts';
import type { AccessTokens } from '../services/access-tokens.ts';
import type { CatalogCache } from '../services/catalog-cache.ts';
import type { Mailer } from '../services/mailer.ts';
import type { OrderEvents } from '../services/order-events.ts';
import type { PushSender } from '../services/push.ts';

/** What app.ts gives both the shopper's calls (shopper-api.ts) and the owner's (admin/owner-api.ts). */
export type RouteDeps = {
  /** The config in use now (a reload changes it): read once per request. */
  shop: () => ShopConfig;
  /** The shop's money digits, fixed for the process (decision 048). */
  fractionDigits: number;
  /** Now: slots' cut-offs, bookings, reports (tests set the day). */
  clock: () => number;
  /** Every repository, made once (db/repositories/create-repositories.ts). */
  repos: Repositories;
  catalog: CatalogCache;
  /** Reads the caller from the bearer token. */
  accessTokens: AccessTokens;
  /** The owner's live board hears of every order and booking change. */
  orderEvents: OrderEvents;
  /** Sends the e-mails; without it none are sent. */
  mailer: Mailer | undefined;
  /** Sends Web Push; without it none are sent. */
  push: PushSender | undefined;
  /** Tests only: an origin besides the browsers' push services that subscriptions may name. */
  pushServiceOrigin: string | undefined;
  /** PUBLIC_URL, for the links in e-mails (mailOrigin). */
  publicUrl: string | undefined;
};
