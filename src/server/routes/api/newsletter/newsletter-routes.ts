import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NewsletterRepository } from '../../../db/repositories/newsletter-repository.ts';

/** POST /api/newsletter/subscribe {email} → {couponCode, percent}: the newsletter modal's sign-up. */
export const newsletterRoutes: FastifyPluginAsync<{ newsletter: NewsletterRepository }> = async (app, { newsletter }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/newsletter/subscribe',
    {
      schema: {
        // addresses are compared trimmed and in lower case, so one person gets one coupon
        body: z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) }),
        response: { 200: z.object({ couponCode: z.string(), percent: z.number() }) },
      },
    },
    async (req) => newsletter.subscribe(req.body.email),
  );
};
