import { z } from 'zod';
import { appointmentsConfigSchema, configId, deliverySlotSchema, isoDate, isTimeZone, openingHoursSchema } from './booking.ts';
import { couponInputSchema } from './coupons.ts';
import { gstinProblem } from './gst.ts';
import { crossFieldIssues, unknownKeyIssues } from './shop-config-check.ts';
import { paymentTypes } from './payment-types.ts';
import { messageKinds } from './whatsapp-messages.ts';

/**
 * The shop config (§3 "Shop config") with the rules of §5. One schema: the server
 * validates the owner's file with it at start, the client receives its public part.
 * Secrets (payment salts, SMTP passwords) never live here; they come from the environment.
 */

/** Locales the storefront can format prices and dates for (§5 'Locale not supported'). */
export const supportedLocales = ['en-US', 'en-GB', 'en-IN', 'hi-IN', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'pt-BR', 'ar-AE', 'ja-JP'] as const;

/** @internal the words tests and testing/fixtures.ts expect of a refused config */
export const configMessages = {
  invalidTitle: 'Invalid Title',
  localeMissing: 'Locale config missing',
  localeNotSupported: 'Locale not supported',
  invalidPriceFormat: 'Invalid Price Format',
  orderMissing: 'Order config missing',
  themeMissing: 'Theme config missing',
  themeNotSupported: 'Theme not supported',
  contactMissing: 'Contact info missing',
} as const;

const money = z.number().finite().nonnegative();
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #2874f0');
const required = (message: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? message : undefined) });

const localeConfigSchema = z.object(
  {
    defaultLocale: z
      .string({ error: configMessages.localeNotSupported })
      .refine((l) => (supportedLocales as readonly string[]).includes(l), configMessages.localeNotSupported)
      .default('en-US'),
    currencySign: z.string().min(1).max(8).default('₹'),
    /** ISO 4217 code, used for payment providers and structured data. */
    currencyCode: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('INR'),
    fractionDigits: z.number().int().min(0).max(3).default(2),
    priceFormat: z
      .string({ error: configMessages.invalidPriceFormat })
      .refine((f) => f.includes('{sign}') && f.includes('{amount}'), configMessages.invalidPriceFormat)
      .default('{sign}{amount}'),
  },
  required(configMessages.localeMissing),
);
export type LocaleConfig = z.infer<typeof localeConfigSchema>;

const packingChargeSchema = z.object({
  type: z.enum(['fixed', 'percentage']).default('fixed'),
  amount: money.default(0),
  amountPercentage: z.number().min(0).max(100).default(0),
  minAmount: money.default(0),
  /** 0 means no upper bound. */
  maxAmount: money.default(0),
  removeFractionalPart: z.boolean().default(false),
});

/** The ways of getting an order whose questions the owner may set apart: the three modes and a digital order (decision 041). */
export const detailsModes = ['ship', 'dine', 'pickup', 'digital'] as const;
export type DetailsMode = (typeof detailsModes)[number];
const detailsAsked = z.object({ email: z.boolean().optional(), phone: z.boolean().optional(), fullName: z.boolean().optional() });

const orderConfigSchema = z.object(
  {
    orderEnabled: z.boolean().default(true),
    enquiryEnabled: z.boolean().default(false),
    allowOrderOnNoStock: z.boolean().default(false),
    allowZeroPriceProducts: z.boolean().default(false),
    pickupEnabled: z.boolean().default(false),
    deliveryCharge: z.object({ amount: money.default(0), disableWhenTotalAbove: money.default(0) }).default({ amount: 0, disableWhenTotalAbove: 0 }),
    packingCharge: packingChargeSchema.default({ type: 'fixed', amount: 0, amountPercentage: 0, minAmount: 0, maxAmount: 0, removeFractionalPart: false }),
    detailsConfig: z
      .object({
        personal: z
          .object({ email: z.boolean().default(true), phone: z.boolean().default(true), fullName: z.boolean().default(true) })
          .default({ email: true, phone: true, fullName: true }),
        /**
         * What each way of getting the order asks (decision 050): a field left out asks what
         * `personal` does, but dine-in asks only the name and pickup the name and phone by default.
         */
        modes: z
          .object(Object.fromEntries(detailsModes.map((m) => [m, detailsAsked.optional()])) as Record<DetailsMode, z.ZodOptional<typeof detailsAsked>>)
          .default({}),
      })
      .default({ personal: { email: true, phone: true, fullName: true }, modes: {} }),
    /** Delivery slots offered at checkout, each with its capacity per day and cut-off (src/domain/booking.ts). */
    deliverySlots: z
      .array(deliverySlotSchema)
      .max(48)
      .default([])
      .refine((slots) => new Set(slots.map((s) => s.id)).size === slots.length, 'Delivery slot ids must be unique'),
    /** How many days, counting today, checkout offers delivery slots for. */
    deliveryDays: z.number().int().min(1).max(60).default(3),
    /** The most of one product an order may take: pieces, and kg for products sold by weight. */
    maxQuantityPerLine: z
      .object({ units: z.number().int().min(1).max(100_000).default(50), kg: z.number().min(0.01).max(100_000).default(25) })
      .default({ units: 50, kg: 25 }),
    /**
     * The most a guest, or an account the shop has never handed an order to nor been paid by, may
     * have in open orders not paid through a gateway (pay on delivery, UPI to the shop's id,
     * enquiries), this order included (decision 073); 0 for no limit.
     */
    maxGuestOrderValue: money.default(10_000),
    /**
     * An order waiting for online payment (PayU, UPI) that is not paid within this many minutes is cancelled and its
     * stock returns; a payment started meanwhile gives it this long again, up to twice this from its placing.
     */
    unpaidHoldMinutes: z
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(30),
    /** A UPI reference the owner has not confirmed (marked paid) within this many hours of the shopper giving it cancels the order. */
    upiVerifyHours: z.number().int().min(1).max(168).default(12),
    /** How many places of one delivery slot one shopper (account, e-mail or phone) may hold at once. */
    maxSlotPlacesPerCustomer: z.number().int().min(1).max(100_000).default(2),
    /** How many orders one address (IP) and one contact (e-mail or phone) may place within `windowMinutes`. */
    orderRateLimit: z
      .object({
        perAddress: z.number().int().min(1).max(100_000).default(30),
        perContact: z.number().int().min(1).max(100_000).default(5),
        windowMinutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60)
          .default(10),
      })
      .default({ perAddress: 30, perContact: 5, windowMinutes: 10 }),
    /**
     * When orders are taken, weekly in the shop's time zone, besides its `closedDates` (decision 050);
     * absent, always (as the owner's open / closed switch allows).
     */
    openingHours: openingHoursSchema.optional(),
    /** The owner's words added to the closed notice and to a refused order's message, e.g. "Fresh bread from 7 am". */
    closedMessage: z.string().trim().max(300).default(''),
  },
  required(configMessages.orderMissing),
);

const themeConfigSchema = z.object(
  {
    themeId: z.string({ error: configMessages.themeNotSupported }).refine((t) => t === 'default', configMessages.themeNotSupported),
    primaryColor: hexColour.default('#2874f0'),
  },
  required(configMessages.themeMissing),
);

const contactSchema = z.object(
  {
    whatsappNumber: z
      .string()
      .regex(/^\+?[0-9]{6,15}$/, 'Use digits with an optional leading +')
      .optional(),
    email: z.email().optional(),
    phone: z.string().optional(),
    address: z.string().optional(),
  },
  required(configMessages.contactMissing),
);

/** One search word as the index sees it: lower case, letters and digits of any script, no spaces or punctuation. */
const searchWord = z
  .string()
  .min(2, 'A synonym word needs at least 2 characters')
  .max(40, 'A synonym word has at most 40 characters')
  .regex(/^[\p{Ll}\p{Lo}\p{M}\p{N}]+$/u, 'Write one lowercase word without spaces or punctuation, e.g. chawal');

/**
 * Search synonyms (decision 039): a word shoppers type → the catalog's words it stands for,
 * e.g. { "chawal": ["rice"], "atta": ["flour"] }. One way: a product with "rice" is found by
 * "chawal", not the reverse. Sent to every browser with the config, hence the limits.
 */
const synonymsSchema = z
  .record(z.string(), z.array(searchWord).min(1, 'Name at least one catalog word').max(10, 'At most 10 words per synonym'))
  .superRefine((synonyms, ctx) => {
    const typed = Object.keys(synonyms);
    if (typed.length > 500) ctx.addIssue({ code: 'custom', message: 'At most 500 synonyms' });
    // zod's record reports a bad key only as "Invalid key in record": checked here to say why
    for (const word of typed) {
      const problem = searchWord.safeParse(word);
      if (!problem.success) ctx.addIssue({ code: 'custom', path: [word], message: problem.error.issues[0]!.message });
    }
  })
  .default({});

const paymentLabels = z.object({ providerName: z.string().min(1).optional(), buttonText: z.string().min(1).optional() });
const paymentProviderSchema = z.object({
  id: z.enum(paymentTypes),
  providerName: z.string().min(1),
  buttonText: z.string().min(1),
  /** Its words for one way of getting the order, e.g. { "dine": { "providerName": "Pay at the table" } } (decision 050). */
  modes: z
    .object(Object.fromEntries(detailsModes.map((m) => [m, paymentLabels.optional()])) as Record<DetailsMode, z.ZodOptional<typeof paymentLabels>>)
    .optional(),
});

/** A template's name as Meta's WhatsApp Manager takes it: lower-case letters, digits and underscores. */
const templateName = z.string().regex(/^[a-z0-9_]{1,512}$/, 'Write the template name as WhatsApp Manager shows it: lower-case letters, digits and _');

/**
 * Messages through WhatsApp's Cloud API (issue 40; the keys are in the environment): the language
 * code the shop's templates were approved in, and a template name per kind of message where the
 * shop's differs from the kind's own name (domain/whatsapp-messages.ts; the owner guide lists them).
 */
const whatsappSchema = z
  .object({
    language: z
      .string()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use a WhatsApp language code such as en, en_US or hi')
      .default('en'),
    templates: z.partialRecord(z.enum(messageKinds), templateName).default({}),
  })
  .default({ language: 'en', templates: {} });

export const shopConfigSchema = z.object({
  id: configId(60),
  title: z.string({ error: configMessages.invalidTitle }).trim().min(1, configMessages.invalidTitle).max(120, configMessages.invalidTitle),
  description: z.string().max(500).default(''),
  logo: z.string().default(''),
  /** The shop's IANA time zone: opening hours, closed dates and delivery slots are in it. */
  timeZone: z.string().refine(isTimeZone, 'Unknown time zone').default('Asia/Kolkata'),
  /** Dates the shop takes no bookings and delivers nothing, e.g. 2026-12-25. */
  closedDates: z.array(isoDate).max(1000).default([]),
  /** Two-letter country code of the shop; the default dial code and detected country. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('IN'),
  localeConfig: localeConfigSchema,
  orderConfig: orderConfigSchema,
  pricingConfig: z
    .object({
      /** The tax rate of products that name none of their own (GST 5, 12, 18 …). */
      globalTaxPercentage: z.number().min(0).max(100).default(0),
      /** exclusive: tax added on top of the prices (the spec's); inclusive: the prices hold it, as Indian MRPs do. */
      taxMode: z.enum(['exclusive', 'inclusive']).default('exclusive'),
    })
    .default({ globalTaxPercentage: 0, taxMode: 'exclusive' }),
  /**
   * The shop as its tax invoices name it (GST-registered shops): its GSTIN — whose first
   * two digits are its state — its legal name and its address. Without it no invoice is issued.
   */
  gst: z
    .object({
      gstin: z
        .string()
        .trim()
        .toUpperCase()
        .superRefine((gstin, ctx) => {
          const problem = gstinProblem(gstin);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      legalName: z.string().trim().min(1).max(200),
      address: z.string().trim().min(1).max(500),
    })
    .optional(),
  /**
   * The newsletter's welcome offer (spec §9: 10 % off): a one-use coupon e-mailed to an
   * address once it confirms; `couponEnabled: false` keeps the newsletter and drops the offer.
   */
  newsletter: z
    .object({ couponEnabled: z.boolean().default(true), couponPercent: z.number().positive().max(100).multipleOf(0.01).default(10) })
    .default({ couponEnabled: true, couponPercent: 10 }),
  /** Coupons the shop offers (code, percent or amount, minOrder, maxDiscount, validFrom/validUntil, totalUses, usesPerCustomer, firstOrderOnly); /admin adds its own. */
  coupons: z.array(couponInputSchema).max(500).default([]),
  themeConfig: themeConfigSchema,
  contact: contactSchema,
  whatsapp: whatsappSchema,
  catalog: z
    .object({
      enableVariantGrouping: z.boolean().default(true),
      defaultView: z
        .object({ mobile: z.enum(['list', 'grid']).default('list'), desktop: z.enum(['list', 'grid']).default('grid') })
        .default({ mobile: 'list', desktop: 'grid' }),
      synonyms: synonymsSchema,
      /**
       * Size guides per category id (decision 044), e.g. { "cat-apparel": "S: chest 91 cm …" }: a
       * product's own sizeGuide wins, then its category's here; without either it has none.
       */
      sizeGuides: z.record(z.string().trim().min(1).max(120), z.string().trim().min(1).max(5000)).default({}),
    })
    .default({ enableVariantGrouping: true, defaultView: { mobile: 'list', desktop: 'grid' }, synonyms: {}, sizeGuides: {} }),
  dineInConfig: z
    .object({
      dineInEnabled: z.boolean().default(false),
      /**
       * A dine-in order from the storefront carries its table's 4-digit code, printed beside the
       * table's QR code and changed on /admin (issue 41): a table's link shared outside the shop
       * sends nothing to the kitchen. Only with dineSpaces (a typed-in table has no code).
       */
      tableCodes: z.boolean().default(true),
    })
    .default({ dineInEnabled: false, tableCodes: true }),
  dineSpaces: z.array(z.object({ id: z.string().min(1), name: z.string().min(1) })).default([]),
  payment: z
    .object({
      providers: z.array(paymentProviderSchema).default([]),
      /** PayU's public merchant key and mode; the salt comes from PAYU_SALT in the environment. */
      payu: z.object({ merchantKey: z.string().min(1), mode: z.enum(['test', 'live']).default('test') }).optional(),
      /** The shop's UPI id for manual UPI payments. */
      upi: z.object({ vpa: z.string().regex(/^[\w.-]+@[\w.-]+$/, 'Use a UPI id like yourshop@hdfcbank'), payeeName: z.string().min(1) }).optional(),
    })
    .default({ providers: [] }),
  /**
   * Caller verification (spec §7 realtime flow): off unless given. Truecaller's partner key
   * and name are public (they travel in the deep link); decision 020.
   */
  callerVerification: z
    .object({ provider: z.literal('truecaller'), partnerKey: z.string().trim().min(1).max(200), partnerName: z.string().trim().min(1).max(100) })
    .optional(),
  pwa: z.object({ icons: z.object({ logo192Png: z.string().default('') }).default({ logo192Png: '' }) }).default({ icons: { logo192Png: '' } }),
  /** Where {serverless} calls go; defaults to <origin>/fn/. */
  serverlessUrl: z.string().optional(),
  /** Texts of the static pages (/faqs, /t-and-c, /privacy), plain paragraphs separated by blank lines. */
  pages: z
    .object({ faqs: z.string().default(''), tAndC: z.string().default(''), privacy: z.string().default('') })
    .default({ faqs: '', tAndC: '', privacy: '' }),
  /** Bookable services, opening hours and booking rules (src/domain/booking.ts). */
  appointments: appointmentsConfigSchema.default(appointmentsConfigSchema.parse({})),
});

export type ShopConfig = z.output<typeof shopConfigSchema>;

/** One mistake in the config: where, what (§5's text where it has one), and what to write instead when that helps. */
export type ConfigIssue = { path: string; message: string; hint?: string | undefined };

export type ConfigResult = { ok: true; config: ShopConfig } | { ok: false; issues: ConfigIssue[] };

/** zod's own words for a value of the wrong kind or not among the allowed ones, in plain ones. */
const plainWords = (issue: { code: string; expected?: string; values?: readonly unknown[]; input?: unknown }) => {
  if (issue.code === 'invalid_value' && issue.values) return `Use one of: ${issue.values.map(String).join(', ')}`;
  if (issue.code !== 'invalid_type' || issue.input === undefined) return undefined;
  const kinds: Record<string, string> = {
    boolean: 'true or false',
    number: 'a number',
    string: 'text in double quotes',
    array: 'a list in [ ]',
    object: 'a group of settings in { }',
    record: 'a group of settings in { }',
  };
  return `Write ${kinds[issue.expected ?? ''] ?? issue.expected} here`;
};

/**
 * Validates a parsed config file: every failing field with the §5 message where one applies,
 * settings the schema does not know (with the one probably meant), and combinations of settings
 * that cannot work together.
 */
export function validateShopConfig(input: unknown): ConfigResult {
  const unknown = unknownKeyIssues(shopConfigSchema, input);
  const result = shopConfigSchema.safeParse(input, { error: plainWords });
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.') || '(root)', message: i.message, hint: hintFor(i.message) }));
    return { ok: false, issues: [...issues, ...unknown] };
  }
  const issues = [...unknown, ...crossFieldIssues(result.data)];
  return issues.length ? { ok: false, issues } : { ok: true, config: result.data };
}

function hintFor(message: string) {
  if (message === configMessages.localeNotSupported) return `Supported locales: ${supportedLocales.join(', ')}`;
  if (message === configMessages.themeNotSupported) return 'The only theme is "default"';
  return undefined;
}
