import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './en-US.ts';
import { errorMessagesEn } from './error-messages.ts';
import { LANGUAGE_COOKIE, type UiLanguage } from '../../../domain/language.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

export const languageNames: Record<UiLanguage, string> = { 'en-US': 'English (US)', 'en-IN': 'English (India)', 'hi-IN': 'हिन्दी' };

/**
 * The texts of the error screens, for the one case where the root loader could not send a
 * catalog (the shop config is broken or the server failed): they are always English.
 */
export const errorScreenMessages = { error: errorMessagesEn } as unknown as Messages;

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
