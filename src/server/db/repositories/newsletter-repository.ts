import { randomInt } from 'node:crypto';
import type { Db } from '../database.ts';

export const NEWSLETTER_COUPON_PERCENT = 10;

// no 0/O or 1/I, so a code read aloud or copied by hand stays right
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => `WELCOME-${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export function createNewsletterRepository(db: Db) {
  const { kysely } = db;
  return {
    /**
     * Subscribes an address and gives its coupon. Subscribing again gives the same
     * coupon, so a second sign-up is no way to get a second discount.
     */
    async subscribe(email: string): Promise<{ couponCode: string; percent: number }> {
      const normalised = email.trim().toLowerCase();
      await kysely
        .insertInto('newsletter_subscribers')
        .values({ email: normalised, coupon_code: newCode(), coupon_percent: NEWSLETTER_COUPON_PERCENT, coupon_used_at: null, created_at: Date.now() })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const row = await kysely.selectFrom('newsletter_subscribers').select(['coupon_code', 'coupon_percent']).where('email', '=', normalised).executeTakeFirstOrThrow();
      return { couponCode: row.coupon_code, percent: row.coupon_percent };
    },

    /** The coupon's discount when it exists and was not used yet (checkout validates with this). */
    async findUnusedCoupon(code: string): Promise<{ percent: number } | null> {
      const row = await kysely
        .selectFrom('newsletter_subscribers')
        .select('coupon_percent')
        .where('coupon_code', '=', code.trim().toUpperCase())
        .where('coupon_used_at', 'is', null)
        .executeTakeFirst();
      return row ? { percent: row.coupon_percent } : null;
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
