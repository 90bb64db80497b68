import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { instantOf } from './booking.ts';
import { addDays } from './calendar-dates.ts';

/**
 * What the owner changes on the shop front from /admin (issue 21, decision 037):
 * categories and banners, as the calls take them and the browser's forms send them.
 * Images are paths on the shop: files under media/, or pictures the owner uploaded
 * (`/media/u/<key>`, answered by `POST /admin/api/media`).
 */

export const shopFrontMessages = {
  blankName: 'A category needs a name.',
  colour: 'Use a colour like #1a2b3c.',
  mediaPath: 'Use the path of an image on the shop, like /media/banners/summer.webp.',
  idChars: 'Use small letters, digits and "-" only.',
  urlLink: 'A link address starts with http:// or https://, like https://example.com/sale.',
  noCategories: 'Choose at least one category.',
  noTags: 'Write at least one tag.',
  unknownCategory: (id: string) => `There is no category "${id}".`,
  schedule: 'Write a date like 2026-12-31, or a date and time like 2026-12-31T18:00.',
  untilBeforeFrom: 'The end must be after the start.',
  idUsed: 'This id is used already.',
  order: 'List every one of them once, in the new order.',
  categoryInUse: (products: number, banners: number) =>
    `This category cannot be deleted: ${[products ? `${products} product${products === 1 ? '' : 's'} ${products === 1 ? 'is' : 'are'} in it` : '', banners ? `${banners} banner${banners === 1 ? '' : 's'} link${banners === 1 ? 's' : ''} to it` : ''].filter(Boolean).join(' and ')}. Move ${products ? 'them' : 'the banners'} to another category first.`,
} as const;

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, shopFrontMessages.colour);
/** A path on this shop: no scheme, no host, so a banner cannot pull images from elsewhere. */
const mediaPath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?:[^\s"'<>\\/][^\s"'<>\\]*)?$/, shopFrontMessages.mediaPath);
const slugId = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, shopFrontMessages.idChars);

/**
 * A local date (`2026-12-31`) or date and time (`2026-12-31T18:00`) in the shop's time
 * zone; null: no bound. A date alone means the whole day: from its start, until its end.
 */
const scheduleValue = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d)?$/, shopFrontMessages.schedule)
  .refine((s) => {
    if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return true; // the pattern's message says it already
    const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, shopFrontMessages.schedule)
  .nullable();

const categoryFields = {
  name: z.string().trim().min(1, shopFrontMessages.blankName).max(200),
  colour,
  /** '' for none. */
  image: z.union([z.literal(''), mediaPath]),
};

export const categoryCreateSchema = z
  .object({
    /** Made from the name when left out. */
    id: slugId.optional(),
    name: categoryFields.name,
    colour: colour.default('#e2e8f0'),
    image: categoryFields.image.default(''),
  })
  .strict();
export type CategoryCreate = z.output<typeof categoryCreateSchema>;
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

// from the fields without their defaults: a partial edit must not put them back
export const categoryEditSchema = z.object(categoryFields).partial().strict();
export type CategoryEdit = z.output<typeof categoryEditSchema>;

/** Every id of the list once, in the new order. */
export const orderSchema = z.object({ ids: z.array(z.string().trim().min(1).max(120)).min(1).max(1000) }).strict();

const bannerLinkInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('categories'), value: z.array(z.string().trim().min(1).max(120)).min(1, shopFrontMessages.noCategories).max(50) }).strict(),
  z.object({ type: z.literal('tags'), value: z.array(z.string().trim().min(1).max(60)).min(1, shopFrontMessages.noTags).max(50) }).strict(),
  z.object({ type: z.literal('url'), urlValue: z.url({ protocol: /^https?$/, error: shopFrontMessages.urlLink }).max(2000) }).strict(),
]);

const bannerFields = {
  kind: z.enum(['hero', 'slider']),
  title: z.string().trim().max(200),
  subtitle: z.string().trim().max(400),
  buttonText: z.string().trim().max(60),
  image: z.object({ mobile: mediaPath, desktop: mediaPath }).strict(),
  background: colour,
  link: bannerLinkInputSchema,
  from: scheduleValue,
  until: scheduleValue,
};

export const bannerCreateSchema = z
  .object({
    /** Made from the title when left out. */
    id: slugId.optional(),
    kind: bannerFields.kind.default('hero'),
    title: bannerFields.title.default(''),
    subtitle: bannerFields.subtitle.default(''),
    buttonText: bannerFields.buttonText.default(''),
    image: bannerFields.image,
    background: bannerFields.background.default('#ffffff'),
    link: bannerFields.link,
    from: bannerFields.from.default(null),
    until: bannerFields.until.default(null),
  })
  .strict();
export type BannerCreate = z.output<typeof bannerCreateSchema>;
export type BannerCreateInput = z.input<typeof bannerCreateSchema>;

export const bannerEditSchema = z.object(bannerFields).partial().strict();
export type BannerEdit = z.output<typeof bannerEditSchema>;

/** The instant a schedule's bound stands for: a date alone starts at its midnight (from) or ends at the next one (until). */
export function scheduleInstant(value: string, bound: 'from' | 'until', timeZone: string): number {
  const date = value.slice(0, 10);
  const time = value.slice(11);
  if (time) return instantOf(date, time, timeZone);
  return instantOf(bound === 'from' ? date : addDays(date, 1), '00:00', timeZone);
}

/** An instant back as the owner wrote it: the date alone when it falls on the day's bound. */
export function scheduleText(at: number, bound: 'from' | 'until', timeZone: string): string {
  // an until at midnight is the end of the day before
  const d = new TZDate(bound === 'until' ? at - 1 : at, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const exact = new TZDate(at, timeZone);
  if (exact.getHours() === 0 && exact.getMinutes() === 0 && exact.getSeconds() === 0) return date;
  return `${exact.getFullYear()}-${pad(exact.getMonth() + 1)}-${pad(exact.getDate())}T${pad(exact.getHours())}:${pad(exact.getMinutes())}`;
}
