import { useRouteLoaderData } from 'react-router';
import type { LocaleConfig, ShopConfig } from '../../domain/shop-config.ts';
import type { UiLanguage } from '../../domain/language.ts';
import type { StorefrontContext } from '../../domain/storefront-context.ts';

type RootData = Pick<StorefrontContext, 'codes' | 'whatsappUpdates'> & { shop: ShopConfig; locale: string; language: UiLanguage };

function useRootData(): RootData {
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (!root) throw new Error('used outside the root route');
  return root;
}

/** The shop config from the root loader. Routes render only when it loaded, so it is always there. */
export function useShop(): ShopConfig {
  return useRootData().shop;
}

/**
 * The shop's money format in the shopper's chosen locale (the language switch changes both).
 * Every locale writes numbers in one system, its Intl default: for Hindi the international
 * digits, as India's official usage has them, so a tile's price, option count and
 * discount never mix Devanagari and Latin digits (decision 044).
 */
export function usePriceFormat(): LocaleConfig {
  const { shop, locale } = useRootData();
  return { ...shop.localeConfig, defaultLocale: locale };
}

/** Whether the shop takes bookings: appointments switched on with a service to book. Off, nothing leads to /appointment. */
export function useTakesAppointments(): boolean {
  const { enabled, services } = useRootData().shop.appointments;
  return enabled && services.length > 0;
}

/** Whether the shop can send one-time codes by e-mail and by text message (no SMTP_URL or SMS_URL: not offered). */
export function useCodeChannels(): StorefrontContext['codes'] {
  return useRootData().codes;
}

/** Whether the checkout offers order updates on WhatsApp (the shop's Cloud API is set up). */
export function useWhatsappUpdates(): boolean {
  return useRootData().whatsappUpdates;
}

export function useLanguage(): UiLanguage {
  return useRouteLoaderData<RootData>('root')?.language ?? 'en-US';
}
