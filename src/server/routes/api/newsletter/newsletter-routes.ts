import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import type { NewsletterRepository } from '../../../db/repositories/newsletter-repository.ts';
import type { OneTimeCodeRepository } from '../../../db/repositories/one-time-code-repository.ts';
import { mailOrigin } from '../../../public-origin.ts';
import { mailInBackground, mailLinksInBackground, textMail, type Mailer } from '../../../services/mailer.ts';
import type { SharedState } from '../../../services/shared-state.ts';
import { errorBody } from '../../../plugins/error-body.ts';

type Options = {
  shop: () => ShopConfig;
  newsletter: NewsletterRepository;
  codes: OneTimeCodeRepository;
  mailer: Mailer | undefined;
  publicUrl: string | undefined;
  /** The limiters' store: shared through Redis when several instances run. */
  rateLimits: SharedState['rateLimits'];
  clock: () => number;
};

/**
 * Sign-ups per client address (counted once the address is read as one): a household, or the
 * shoppers of one mobile network sharing an address, sign up a few; a script mailing made-up
 * addresses is told to wait (decision 076).
 */
const SUBSCRIBES_PER_CLIENT = { max: 10, timeWindow: 60 * 60_000, hook: 'preHandler' } as const;

// addresses are compared trimmed and in lower case, so one person gets one coupon
const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
const ANSWER = { success: true, confirm: true, message: 'Check your inbox: open the link we sent to confirm your address.' } as const;

/**
 * The newsletter, double opt-in (issue 19). `POST /api/newsletter/subscribe {email}` always
 * answers the same (so it tells nobody whether an address is subscribed) and e-mails the
 * address a link to confirm, or a confirmed address its code again — at most one e-mail a day
 * to a mailbox (`claimMail`), whoever asks; `POST /api/newsletter/confirm {email, code}` (the
 * link's page) confirms it and e-mails its coupon. No answer ever carries a code: a stranger's
 * address gets a stranger nothing.
 */
export const newsletterRoutes: FastifyPluginAsync<Options> = async (app, { shop: shopNow, newsletter, codes, mailer, publicUrl, rateLimits, clock }) => {
  await app.register(rateLimit, { ...rateLimits, global: false });
  const offerOf = (shop: ShopConfig) => (shop.newsletter.couponEnabled ? shop.newsletter.couponPercent : null);
  const couponMail = (shop: ShopConfig, offer: number | null, to: string, code: string) =>
    textMail(
      to,
      `Your welcome code for ${shop.title}`,
      `Thank you for subscribing to ${shop.title}!\n\nYour code: ${code}\n\nType it in the coupon field at checkout${offer ? ` for ${offer}% off` : ''}. It works once.\n`,
    );

  // the answer's schema lets nothing else out: no code can leak into it
  const answer = z.object({ success: z.literal(true), confirm: z.literal(true), message: z.string() });
  const subscribe = { config: { rateLimit: SUBSCRIBES_PER_CLIENT }, schema: { body: z.object({ email }), response: { 200: answer } } };
  app.withTypeProvider<ZodTypeProvider>().post('/newsletter/subscribe', subscribe, async (req) => {
    const shop = shopNow();
    const offer = offerOf(shop);
    const to = req.body.email;
    const now = clock();
    const { confirmed, couponCode, identity } = await newsletter.subscribe(to, now);
    // a mailbox that had its e-mail today is sent nothing, and the answer says the same as ever
    if (confirmed) {
      // asked again: the code goes again, to the address it belongs to
      if (couponCode && (await newsletter.claimMail(identity, now)))
        mailInBackground(mailer, req.log, { email: 'newsletter-coupon' }, () => couponMail(shop, offer, to, couponCode));
      return ANSWER;
    }
    if (!(await newsletter.claimMail(identity, now))) return ANSWER;
    const issued = await codes.issue('newsletter', to, now);
    if (issued.ok) {
      mailLinksInBackground(mailer, req.log, { email: 'newsletter-confirm' }, mailOrigin(req, publicUrl, mailer), (origin) => {
        const link = `${origin}/newsletter-confirmed#${new URLSearchParams({ email: to, code: issued.code }).toString()}`;
        const text = `Someone, probably you, asked to get the newsletter of ${shop.title} at this address.\n\nOpen this link within 10 minutes to confirm${offer ? ` and get your ${offer}% welcome code` : ''}:\n${link}\n\nIf it was not you, ignore this e-mail: nothing more will be sent.\n`;
        return textMail(to, `Confirm your subscription to ${shop.title}`, text);
      });
    }
    return ANSWER;
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/newsletter/confirm',
    {
      schema: {
        body: z.object({
          email,
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/, 'The code is 6 digits.'),
        }),
      },
    },
    async (req, reply) => {
      const shop = shopNow();
      const offer = offerOf(shop);
      const now = clock();
      const used = await codes.consume('newsletter', req.body.email, req.body.code, now);
      const confirmed = used.ok ? await newsletter.confirm(req.body.email, offer, now) : null;
      if (!confirmed) return reply.code(400).send(errorBody('invalid_code', 'This link has expired or was used already. Subscribe again to get a new one.'));
      const { couponCode } = confirmed;
      if (couponCode) mailInBackground(mailer, req.log, { email: 'newsletter-coupon' }, () => couponMail(shop, offer, req.body.email, couponCode));
      return { success: true, couponSent: couponCode !== null, percent: offer };
    },
  );
};
