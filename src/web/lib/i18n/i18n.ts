import { createContext, use } from 'react';
import type { Messages } from './en-US.ts';
import { errorMessagesEn } from './error-messages.ts';
import { Translator, type TFunction } from './translate.ts';
import { LANGUAGE_COOKIE, type UiLanguage } from '../../../domain/language.ts';

export type { TFunction } from './translate.ts';
export { Translator };

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
export function createI18n(language: UiLanguage, messages: Omit<Messages, 'owner'>): Translator {
  return new Translator(language, messages);
}

/** The page's texts; the root provides them (a new instance per language). */
export const I18nContext = createContext<Translator>(new Translator('en-US', errorScreenMessages));

/** `t` and the instance (its `language`), for any component. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = use(I18nContext);
  return { t: i18n.t, i18n };
}

/** `t` alone: one context read, for components rendered once per product (a tile, its price, its cart button). */
export function useT(): TFunction {
  return use(I18nContext).t;
}

/** Remembers the shopper's language for a year in a cookie (not a secret), so the server renders it. */
export function rememberLanguage(language: UiLanguage): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
