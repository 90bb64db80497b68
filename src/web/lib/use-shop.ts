import { useRouteLoaderData } from 'react-router';
import type { LocaleConfig, ShopConfig } from '../../domain/shop-config.ts';
import type { UiLanguage } from './i18n/i18n.ts';

type RootData = { shop: ShopConfig; locale: string; language: UiLanguage };

function useRootData(): RootData {
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (!root) throw new Error('used outside the root route');
  return root;
}

/** The shop config from the root loader. Routes render only when it loaded, so it is always there. */
export function useShop(): ShopConfig {
  return useRootData().shop;
}

/** The shop's money format in the shopper's chosen locale (the language switch changes both). */
export function usePriceFormat(): LocaleConfig {
  const { shop, locale } = useRootData();
  return { ...shop.localeConfig, defaultLocale: locale };
}

export function useLanguage(): UiLanguage {
  return useRouteLoaderData<RootData>('root')?.language ?? 'en-US';
}
