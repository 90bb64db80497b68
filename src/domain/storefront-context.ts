import type { Banner, Category, Product } from './catalog.ts';
import type { UiLanguage } from './language.ts';
import type { ShopConfig } from './shop-config.ts';

/**
 * What the server hands to every server-rendered request. The web layer reads data
 * through it (never through the server's modules), so SSR needs no HTTP round trip.
 */
export type CatalogData = { version: string; products: Product[]; categories: Category[]; banners: Banner[] };

export type StorefrontContext = {
  /** Null when the config failed validation: every page then shows the error screen (what is wrong is the owner's, on /admin). */
  shop: ShopConfig | null;
  catalog(): Promise<CatalogData>;
  /** Whether the shop takes orders now (the owner's switch); the pages say so when it does not. */
  storeOpen(): Promise<boolean>;
  /**
   * Null while the shop's ordering hours allow orders (or it has none); else when ordering
   * opens again (null: not within a year) and the instant that was decided at, for the words.
   */
  ordering: { opensAt: number | null; at: number } | null;
  /** The shopper's language (their cookie, else the shop's): `locale` formats, `language` picks the texts. */
  locale: string;
  language: UiLanguage;
  /** The public origin, e.g. https://shop.example, for canonical links and structured data. */
  origin: string;
  /**
   * Whether one-time codes can be sent by e-mail and to a phone (code login, sign-up and resets are
   * offered only by those), and how a phone's can go: by text message, by WhatsApp (issue 40).
   */
  codes: { email: boolean; phone: boolean; sms: boolean; whatsapp: boolean };
  /** Whether the checkout offers "Send me updates on WhatsApp": the shop's WhatsApp Cloud API is set (issue 40). */
  whatsappUpdates: boolean;
  /**
   * Random per render: written as the nonce of the scripts React Router renders, so the
   * server hashes those and no others into the CSP, then takes it out (decision 028).
   */
  scriptMarker: string;
};
