import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './en-US.ts';
import { errorMessagesEn } from './error-messages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

/** Languages with a full message catalog. Other shop locales format prices but show English texts. */
export const uiLanguages = ['en-US', 'en-IN', 'hi-IN'] as const;
export type UiLanguage = (typeof uiLanguages)[number];

export const languageNames: Record<UiLanguage, string> = { 'en-US': 'English (US)', 'en-IN': 'English (India)', 'hi-IN': 'हिन्दी' };

/**
 * The texts of the error screens, for the one case where the root loader could not send a
 * catalog (the shop config is broken or the server failed): they are always English.
 */
export const errorScreenMessages = { error: errorMessagesEn } as unknown as Messages;

export const LANGUAGE_COOKIE = 'lang';

const isUiLanguage = (l: string | null | undefined): l is UiLanguage => (uiLanguages as readonly string[]).includes(l ?? '');

/**
 * The shopper's choice (a cookie, so the server renders it too) wins; then the shop's
 * default locale. `locale` formats numbers and prices; `language` picks the texts.
 */
export function resolveLanguage(cookieHeader: string | null, shopLocale: string): { locale: string; language: UiLanguage } {
  const chosen = /(?:^|;\s*)lang=([A-Za-z-]+)/.exec(cookieHeader ?? '')?.[1];
  const locale = isUiLanguage(chosen) ? chosen : shopLocale;
  return { locale, language: isUiLanguage(locale) ? locale : 'en-US' };
}

/**
 * One instance per render tree: the server renders many shoppers' languages at once. The
 * catalog comes from the root loader (only the shopper's language, as data in the page),
 * so no catalog is part of the JavaScript.
 */
export function createI18n(language: UiLanguage, messages: Omit<Messages, 'owner'>): i18n {
  const instance = createInstance({ resources: { [language]: { translation: messages } }, lng: language, interpolation: { escapeValue: false }, initAsync: false });
  void instance.use(initReactI18next).init();
  return instance;
}

/** Remembers the shopper's language for a year in a cookie (not a secret), so the server renders it. */
export function rememberLanguage(language: UiLanguage): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
