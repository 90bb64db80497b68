import { useEffect, useState } from 'react';
import { useTranslation } from './i18n/i18n.ts';
import { useRouteLoaderData } from 'react-router';
import { openingWords } from '../../domain/opening-words.ts';
import type { StorefrontContext } from '../../domain/storefront-context.ts';
import { usePriceFormat, useShop } from './use-shop.ts';

/** setTimeout's longest wait; an opening further off is not waited for on an open page. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * Whether the shop's ordering hours keep it from taking orders (decision 050), as the server
 * rendered the page: null when they do not. An open page notices the opening when it comes;
 * a closing while a shopper browses is told by the order call's refusal.
 */
export function useOrderingClosed(): StorefrontContext['ordering'] {
  const ordering = (useRouteLoaderData('root') as { ordering?: StorefrontContext['ordering'] } | undefined)?.ordering ?? null;
  const [opened, setOpened] = useState(false);
  const opensAt = ordering?.opensAt ?? null;
  useEffect(() => {
    if (opensAt === null) return;
    const wait = Math.max(0, opensAt - Date.now());
    if (wait > MAX_WAIT_MS) return;
    const timer = setTimeout(() => setOpened(true), wait);
    return () => clearTimeout(timer);
  }, [opensAt]);
  return opened ? null : ordering;
}

/** "Ordering opens at 7:00 am." in the shopper's language and the shop's time zone, followed by the owner's own words; null while ordering is open. */
export function useOrderingClosedText(): string | null {
  const { t } = useTranslation();
  const shop = useShop();
  const locale = usePriceFormat().defaultLocale;
  const ordering = useOrderingClosed();
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
