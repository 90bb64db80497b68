import { createInstance, type i18n, type TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext, initReactI18next } from 'react-i18next';
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
  const instance = createInstance({
    resources: { [language]: { translation: messages } },
    lng: language,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.use(initReactI18next).init();
  return instance;
}

const fixedT = new WeakMap<i18n, TFunction>();

/**
 * `t` of the page's language, for components rendered many times over (a tile, its price,
 * its cart button): one context read instead of `useTranslation`, which per call copies the
 * i18n instance, makes a `t` of its own and subscribes to language events after mount —
 * three times per tile, a hundred tiles on /catalog. The language never changes on the
 * same instance (the root makes a new one per language), so the new context re-renders these.
 */
export function useT(): TFunction {
  const instance = useContext(I18nContext).i18n;
  let t = fixedT.get(instance);
  if (!t) {
    t = instance.getFixedT(instance.language);
    fixedT.set(instance, t);
  }
  return t;
}

/** Remembers the shopper's language for a year in a cookie (not a secret), so the server renders it. */
export function rememberLanguage(language: UiLanguage): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
