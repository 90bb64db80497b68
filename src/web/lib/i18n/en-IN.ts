import { enUS, type Messages } from './en-US.ts';

/** Indian English: the same texts as US English, with the shop's Indian number format. */
export const enIN: Messages = enUS;
