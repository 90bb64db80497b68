import { randomInt } from 'node:crypto';
import { emailIdentity } from '../../../domain/customer-identity.ts';
import type { Db } from '../database.ts';
import type { CouponRepository } from './coupon-repository.ts';

// no 0/O or 1/I, so a code read aloud or copied by hand stays right
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => `WELCOME-${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
/** A mailbox is sent at most one newsletter e-mail (a link to confirm, or its code again) a day (decision 076). */
const MAIL_EVERY_MS = 24 * 60 * 60_000;
const identityOf = (email: string) => emailIdentity(email) ?? email;

/**
 * Newsletter addresses, double opt-in (issue 19): an address is kept pending until the
 * link e-mailed to it is opened, and only then given its coupon — one per mailbox (the
 * address's `identity`: `a+x@gmail.com` is `a@gmail.com`'s), a newsletter coupon of one use.
 * Nothing here ever answers a caller with a code: codes travel only by e-mail, to the address
 * they belong to.
 */
export function createNewsletterRepository(db: Db, coupons: CouponRepository) {
  const { kysely } = db;
  return {
    /** Keeps a new address pending; says whether it is confirmed already, its coupon if it has one, and its mailbox. */
    async subscribe(email: string, now = Date.now()): Promise<{ confirmed: boolean; couponCode: string | null; identity: string }> {
      const identity = identityOf(email);
      await kysely
        .insertInto('newsletter_subscribers')
        .values({ email, identity, coupon_code: null, confirmed_at: null, created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const row = await kysely
        .selectFrom('newsletter_subscribers')
        .select(['confirmed_at', 'coupon_code'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { confirmed: row.confirmed_at !== null, couponCode: row.coupon_code, identity };
    },

    /**
     * Takes the mailbox's one newsletter e-mail of the day: true when none was sent to it in the
     * last `MAIL_EVERY_MS` (the time is then taken), false when one was. One conditional upsert,
     * so two instances asked at once send one.
     */
    async claimMail(identity: string, now = Date.now()): Promise<boolean> {
      const taken = await kysely
        .insertInto('newsletter_last_mail')
        .values({ identity, sent_at: now })
        .onConflict((oc) =>
          oc
            .column('identity')
            .doUpdateSet({ sent_at: now })
            .where('newsletter_last_mail.sent_at', '<=', now - MAIL_EVERY_MS),
        )
        .executeTakeFirst();
      return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * The address confirmed (its link opened): with the offer on (`percent`), it gets its
     * coupon, once, however often it confirms, unless another address of its mailbox has one
     * already. A code returned is to be e-mailed now, and counts as the mailbox's e-mail of the
     * day. Null when the address never subscribed.
     */
    async confirm(email: string, percent: number | null, now = Date.now()): Promise<{ couponCode: string | null } | null> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('newsletter_subscribers')
          .select(['coupon_code', 'confirmed_at', 'identity'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (!row) return null;
        let code = row.coupon_code;
        if (code === null && percent !== null) {
          const sibling = await trx
            .selectFrom('newsletter_subscribers')
            .select('email')
            .where('identity', '=', row.identity)
            .where('coupon_code', 'is not', null)
            .executeTakeFirst();
          if (!sibling) {
            code = newCode();
            await coupons.createNewsletterCoupon(trx, code, percent, now);
          }
        }
        await trx
          .updateTable('newsletter_subscribers')
          .set({ confirmed_at: row.confirmed_at ?? now, coupon_code: code })
          .where('email', '=', email)
          .execute();
        if (code !== null)
          await trx
            .insertInto('newsletter_last_mail')
            .values({ identity: row.identity, sent_at: now })
            .onConflict((oc) => oc.column('identity').doUpdateSet({ sent_at: now }))
            .execute();
        return { couponCode: code };
      });
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
