import { useTranslation, type TFunction } from './i18n/i18n.ts';
import { useRouteLoaderData } from 'react-router';
import { openingWords } from '../../domain/opening-words.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { StorefrontContext } from '../../domain/storefront-context.ts';
import { useOpenedAt } from './use-opened-at.ts';
import { usePriceFormat, useShop } from './use-shop.ts';

/**
 * Whether the shop's ordering hours keep it from taking orders (decision 050), as the server
 * rendered the page: null when they do not. An open page notices the opening when it comes;
 * a closing while a shopper browses is told by the order call's refusal.
 */
function useOrderingClosed(): StorefrontContext['ordering'] {
  const ordering = (useRouteLoaderData('root') as { ordering?: StorefrontContext['ordering'] } | undefined)?.ordering ?? null;
  return useOpenedAt(ordering?.opensAt ?? null) ? null : ordering;
}

/**
 * "Ordering opens at 7:00 am." in the shopper's language and the shop's time zone, followed
 * by the owner's own words; null while ordering is open. The root loader writes the notice
 * atop every page with it on the server; the cart and checkout use the hook below.
 */
export function orderingClosedText(
  t: TFunction,
  shop: Pick<ShopConfig, 'orderConfig' | 'timeZone'>,
  locale: string,
  ordering: StorefrontContext['ordering'],
): string | null {
  if (!ordering) return null;
  const own = shop.orderConfig.closedMessage;
  const words = ordering.opensAt === null ? null : openingWords(ordering.opensAt, ordering.at, shop.timeZone, locale);
  const opening = !words
    ? t('app.orderingClosed')
    : words.when === 'today'
      ? t('app.orderingOpensToday', { time: words.time })
      : words.when === 'tomorrow'
        ? t('app.orderingOpensTomorrow', { time: words.time })
        : t('app.orderingOpensLater', { day: words.day, time: words.time });
  return own ? `${opening} ${own}` : opening;
}

/** orderingClosedText of the page being shown. */
export function useOrderingClosedText(): string | null {
  const { t } = useTranslation();
  const shop = useShop();
  const locale = usePriceFormat().defaultLocale;
  return orderingClosedText(t, shop, locale, useOrderingClosed());
}
