import { enIN } from './en-IN.ts';
import type { Messages } from './en-US.ts';
import { enUS } from './en-US.ts';
import { hiIN } from './hi-IN.ts';
import type { UiLanguage } from '../../../domain/language.ts';

/** The texts every page carries: all but the owner's, which only /admin needs. */
export type ShopperMessages = Omit<Messages, 'owner'>;

const shopperOnly = ({ owner: _owner, ...rest }: Messages): ShopperMessages => rest;

/** Every message catalog; server-only, so the browser receives just its language's, as loader data. */
export const catalogs: Record<UiLanguage, ShopperMessages> = { 'en-US': shopperOnly(enUS), 'en-IN': shopperOnly(enIN), 'hi-IN': shopperOnly(hiIN) };

/** The owner's page's texts (routes/admin.tsx adds them to the page's catalog). */
export const ownerCatalogs: Record<UiLanguage, Messages['owner']> = { 'en-US': enUS.owner, 'en-IN': enIN.owner, 'hi-IN': hiIN.owner };
