import type { Selectable, Transaction } from 'kysely';
import { couponProblem, type Coupon } from '../../../domain/coupons.ts';
import { accountKeys, customerIdentity } from '../../../domain/customer-identity.ts';
import { minor } from '../../../domain/money.ts';
import type { CouponProblem } from '../../../domain/order-pricing.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { CouponTable } from '../tables/orders.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import type { Reader } from './order-views.ts';

const toCoupon = (r: Selectable<CouponTable>): Coupon => ({
  code: r.code,
  off: r.kind === 'percent' ? { percent: (r.percent_hundredths ?? 0) / 100 } : { amount: minor(r.amount_minor ?? 0) },
  minOrder: r.min_order_minor === null ? null : minor(r.min_order_minor),
  maxDiscount: r.max_discount_minor === null ? null : minor(r.max_discount_minor),
  validFrom: r.valid_from,
  validUntil: r.valid_until,
  totalUses: r.total_uses,
  usesPerCustomer: r.uses_per_customer,
  firstOrderOnly: r.first_order_only === 1,
  active: r.active === 1,
  used: r.used,
  source: r.source as Coupon['source'],
});

const toRow = (c: Omit<Coupon, 'used'>, now: number) => ({
  code: c.code,
  kind: 'percent' in c.off ? 'percent' : 'amount',
  percent_hundredths: 'percent' in c.off ? Math.round(c.off.percent * 100) : null,
  amount_minor: 'amount' in c.off ? c.off.amount : null,
  min_order_minor: c.minOrder,
  max_discount_minor: c.maxDiscount,
  valid_from: c.validFrom,
  valid_until: c.validUntil,
  total_uses: c.totalUses,
  uses_per_customer: c.usesPerCustomer,
  first_order_only: c.firstOrderOnly ? 1 : 0,
  active: c.active ? 1 : 0,
  source: c.source,
  updated_at: now,
});

/** The coupon a code names, or why it cannot be used now by anyone. */
export async function findCoupon(trx: Reader, code: string, now: number): Promise<{ ok: true; coupon: Coupon } | { ok: false; problem: CouponProblem }> {
  const row = await trx.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return { ok: false, problem: 'unknown' };
  const coupon = toCoupon(row);
  const problem = couponProblem(coupon, now);
  return problem ? { ok: false, problem } : { ok: true, coupon };
}

/** Whether the coupon has rules that ask who the shopper is. */
export const countsPerCustomer = (coupon: Coupon) => coupon.usesPerCustomer !== null || coupon.firstOrderOnly;

/**
 * Every key the shopper is known by (decision 076): their own (`customerIdentity`), and each
 * account that is them — the logged-in one, or one whose e-mail or phone they gave — with that
 * account's e-mail and phone. So a guest giving an account's e-mail or phone is that account,
 * and the account is the guest who ordered with them.
 */
export async function shopperKeys(trx: Reader, userId: string | null, personal: Parameters<typeof customerIdentity>[1]): Promise<string[]> {
  const who = customerIdentity(userId, personal);
  const keys = new Set([who.key, who.email, who.phone].filter((k) => k !== null));
  const typedEmail = personal?.email?.trim().toLowerCase();
  const email = who.email?.slice('email:'.length);
  const phone = who.phone?.slice('phone:'.length);
  if (!userId && !email && !phone) return [...keys];
  const accounts = await trx
    .selectFrom('users')
    .select(['id', 'email', 'phone'])
    .where((eb) =>
      eb.or([
        ...(userId ? [eb('id', '=', userId)] : []),
        // accounts keep their address in lower case, as typed: found by what was typed and by its mailbox
        ...(email ? [eb('email', 'in', [...new Set([email, typedEmail ?? email])])] : []),
        ...(phone ? [eb('phone', '=', `+${phone}`)] : []),
      ]),
    )
    .execute();
  for (const account of accounts) for (const key of accountKeys(account)) keys.add(key);
  return [...keys];
}

/** A shopper's orders: any whose customer, e-mail or phone key is one of theirs. */
const ordersOf = (trx: Reader, keys: readonly string[]) =>
  trx
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or([eb('customer_key', 'in', keys), eb('email_key', 'in', keys), eb('phone_key', 'in', keys)]));

/** Why this shopper (`keys`, `shopperKeys`) cannot use the coupon (their uses, or an order before this one), or null. */
export async function customerProblem(trx: Reader, coupon: Coupon, keys: readonly string[], thisOrder = ''): Promise<CouponProblem | null> {
  if (!keys.length) return null;
  if (coupon.usesPerCustomer !== null) {
    const mine = await trx
      .selectFrom('coupon_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code', '=', coupon.code)
      .where('order_id', 'in', ordersOf(trx, keys))
      .executeTakeFirstOrThrow();
    if (Number(mine.n) >= coupon.usesPerCustomer) return 'used';
  }
  if (coupon.firstOrderOnly) {
    const before = await ordersOf(trx, keys).where('status', 'not in', ['cancelled', 'rejected']).where('id', '!=', thisOrder).limit(1).executeTakeFirst();
    if (before) return 'first_order';
  }
  return null;
}

/**
 * Uses the coupon for an order, in the order's transaction: the count goes up only while
 * it is below the total (one conditional update, so two shoppers racing for the last use
 * cannot both have it), and the customer's own limit is read under that row's lock.
 */
export async function redeemCoupon(
  trx: Transaction<Database>,
  coupon: Coupon,
  orderId: string,
  customer: { key: string; keys: readonly string[] },
  now: number,
): Promise<CouponProblem | null> {
  let take = trx
    .updateTable('coupons')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('code', '=', coupon.code)
    .where('active', '=', 1);
  if (coupon.totalUses !== null) take = take.where('used', '<', coupon.totalUses);
  if (Number((await take.executeTakeFirst()).numUpdatedRows) !== 1) return 'used';
  const problem = await customerProblem(trx, coupon, customer.keys, orderId);
  if (problem) return problem;
  await trx.insertInto('coupon_redemptions').values({ order_id: orderId, code: coupon.code, customer: customer.key, redeemed_at: now }).execute();
  return null;
}

/** An order that ended unfulfilled gives its coupon's use back, once. */
export async function releaseCoupon(trx: Transaction<Database>, orderId: string): Promise<void> {
  const released = await trx.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).returning('code').executeTakeFirst();
  if (released)
    await trx
      .updateTable('coupons')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('code', '=', released.code)
      .where('used', '>', 0)
      .execute();
}

export function createCouponRepository(db: Db) {
  const { kysely } = db;
  return {
    /** Every coupon but the newsletter's one-per-address codes, newest first; with how often each was used. */
    async list(): Promise<Coupon[]> {
      const rows = await kysely.selectFrom('coupons').selectAll().where('source', '!=', 'newsletter').orderBy('created_at', 'desc').orderBy('code').execute();
      return rows.map(toCoupon);
    },

    /** Creates or changes an owner's coupon, audited; a config's coupon is the config's to change ('config'). */
    async save(coupon: Omit<Coupon, 'used'>, actor: Actor, now = Date.now()): Promise<'saved' | 'config'> {
      return kysely.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('coupons').select('source').where('code', '=', coupon.code).executeTakeFirst();
        if (existing && existing.source !== 'owner') return 'config';
        const row = toRow(coupon, now);
        await trx
          .insertInto('coupons')
          .values({ ...row, used: 0, created_at: now })
          .onConflict((oc) => oc.column('code').doUpdateSet(row))
          .execute();
        await recordAudit(trx, { actor, action: existing ? 'coupon.change' : 'coupon.create', subject: `coupon:${coupon.code}`, detail: row }, now);
        return 'saved';
      });
    },

    /**
     * The config's coupons as the config now says: each written (its uses kept), and a
     * config coupon no longer in the file switched off (its uses stay on record).
     */
    async syncConfig(coupons: ReadonlyArray<Omit<Coupon, 'used'>>, now = Date.now()): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        for (const c of coupons) {
          const row = toRow(c, now);
          await trx
            .insertInto('coupons')
            .values({ ...row, used: 0, created_at: now })
            .onConflict((oc) => oc.column('code').doUpdateSet(row))
            .execute();
        }
        let gone = trx.updateTable('coupons').set({ active: 0, updated_at: now }).where('source', '=', 'config').where('active', '=', 1);
        if (coupons.length)
          gone = gone.where(
            'code',
            'not in',
            coupons.map((c) => c.code),
          );
        await gone.execute();
      });
    },

    /** A newsletter coupon for one address: one use, by anyone holding the code. */
    async createNewsletterCoupon(trx: Transaction<Database>, code: string, percent: number, now: number): Promise<void> {
      await trx
        .insertInto('coupons')
        .values({
          ...toRow(
            {
              code,
              off: { percent },
              minOrder: null,
              maxDiscount: null,
              validFrom: null,
              validUntil: null,
              totalUses: 1,
              usesPerCustomer: 1,
              firstOrderOnly: false,
              active: true,
              source: 'newsletter',
            },
            now,
          ),
          used: 0,
          created_at: now,
        })
        .execute();
    },
  };
}

export type CouponRepository = ReturnType<typeof createCouponRepository>;
