import { randomInt } from 'node:crypto';
import type { Db } from '../database.ts';
import type { CouponRepository } from './coupon-repository.ts';

// no 0/O or 1/I, so a code read aloud or copied by hand stays right
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => `WELCOME-${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/**
 * Newsletter addresses, double opt-in (issue 19): an address is kept pending until the
 * link e-mailed to it is opened, and only then given its coupon — one per address, a
 * newsletter coupon of one use. Nothing here ever answers a caller with a code: codes
 * travel only by e-mail, to the address they belong to.
 */
export function createNewsletterRepository(db: Db, coupons: CouponRepository) {
  const { kysely } = db;
  return {
    /** Keeps a new address pending; says whether it is confirmed already, and its coupon if it has one. */
    async subscribe(email: string, now = Date.now()): Promise<{ confirmed: boolean; couponCode: string | null }> {
      await kysely
        .insertInto('newsletter_subscribers')
        .values({ email, coupon_code: null, confirmed_at: null, created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const row = await kysely
        .selectFrom('newsletter_subscribers')
        .select(['confirmed_at', 'coupon_code'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { confirmed: row.confirmed_at !== null, couponCode: row.coupon_code };
    },

    /**
     * The address confirmed (its link opened): with the offer on (`percent`), it gets its
     * coupon, once, however often it confirms. Null when the address never subscribed.
     */
    async confirm(email: string, percent: number | null, now = Date.now()): Promise<{ couponCode: string | null } | null> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('newsletter_subscribers').select(['coupon_code', 'confirmed_at']).where('email', '=', email).executeTakeFirst();
        if (!row) return null;
        let code = row.coupon_code;
        if (code === null && percent !== null) {
          code = newCode();
          await coupons.createNewsletterCoupon(trx, code, percent, now);
        }
        await trx
          .updateTable('newsletter_subscribers')
          .set({ confirmed_at: row.confirmed_at ?? now, coupon_code: code })
          .where('email', '=', email)
          .execute();
        return { couponCode: code };
      });
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
