import { enIN } from './en-IN.ts';
import type { Messages } from './en-US.ts';
import { enUS } from './en-US.ts';
import { hiIN } from './hi-IN.ts';
import type { UiLanguage } from './i18n.ts';

/** Every message catalog; server-only, so the browser receives just its language's, as loader data. */
export const catalogs: Record<UiLanguage, Messages> = { 'en-US': enUS, 'en-IN': enIN, 'hi-IN': hiIN };
