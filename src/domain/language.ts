/** Languages with a full message catalog. Other shop locales format prices but show English texts. */
export const uiLanguages = ['en-US', 'en-IN', 'hi-IN'] as const;
export type UiLanguage = (typeof uiLanguages)[number];

/** The cookie that keeps the shopper's choice, so server-rendered pages follow it. */
export const LANGUAGE_COOKIE = 'lang';

const isUiLanguage = (l: string | null | undefined): l is UiLanguage => (uiLanguages as readonly string[]).includes(l ?? '');

/**
 * The shopper's choice (the cookie) wins; then the shop's default locale. `locale` formats
 * numbers and prices; `language` picks the texts.
 */
export function resolveLanguage(cookieHeader: string | null | undefined, shopLocale: string): { locale: string; language: UiLanguage } {
  const chosen = /(?:^|;\s*)lang=([A-Za-z-]+)/.exec(cookieHeader ?? '')?.[1];
  const locale = isUiLanguage(chosen) ? chosen : shopLocale;
  return { locale, language: isUiLanguage(locale) ? locale : 'en-US' };
}
