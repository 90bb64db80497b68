import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { couponFromInput, couponInputSchema, type Coupon } from '../../../domain/coupons.ts';
import { fromMinor, type Minor } from '../../../domain/money.ts';
import type { ShopConfig } from '../../../domain/shop-config.ts';
import type { CouponRepository } from '../../db/repositories/coupon-repository.ts';
import { errorBody } from '../../plugins/error-body.ts';

type Options = { shop: () => ShopConfig; fractionDigits: number; coupons: CouponRepository };

/** A coupon as /admin shows it: amounts as decimals, instants as ISO, and whether it works now and why not. */
function couponForOwner(c: Coupon, digits: number) {
  const money = (m: Minor | null) => (m === null ? null : fromMinor(m, digits));
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  return {
    code: c.code,
    percent: 'percent' in c.off ? c.off.percent : null,
    amount: 'amount' in c.off ? money(c.off.amount) : null,
    minOrder: money(c.minOrder),
    maxDiscount: money(c.maxDiscount),
    validFrom: iso(c.validFrom),
    validUntil: iso(c.validUntil),
    totalUses: c.totalUses,
    usesPerCustomer: c.usesPerCustomer,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    used: c.used,
    /** `config`: written in the shop config, changed there; `owner`: made on /admin. */
    source: c.source,
  };
}

/**
 * The owner's coupons (issue 19), under /admin/api: the list with how often each was used,
 * and making or changing one (a code, percent or amount off, and its rules), audited. A
 * coupon the shop config defines is changed in the config, so the two never disagree.
 */
export const ownerCouponRoutes: FastifyPluginAsync<Options> = async (app, { shop: shopNow, fractionDigits: digits, coupons }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/coupons', async () => ({ success: true, coupons: (await coupons.list()).map((c) => couponForOwner(c, digits)) }));

  typed.post('/coupons', { schema: { body: couponInputSchema } }, async (req, reply) => {
    const shop = shopNow();
    const coupon = couponFromInput(req.body, { fractionDigits: digits, timeZone: shop.timeZone }, 'owner');
    const saved = await coupons.save(coupon, req.userId!);
    if (saved === 'config') return reply.code(409).send(errorBody('config_coupon', `${coupon.code} is written in the shop config: change it there.`));
    req.log.info({ code: coupon.code }, 'coupon saved by the owner');
    return { success: true };
  });
};
