import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { fromMinor, minor, type Minor } from '../../../../domain/money.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { ownerApi, type CouponForm, type OwnerCoupon } from '../api/owner-api.ts';
import { refreshOwnerData, useCoupons } from '../api/owner-queries.ts';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';

const field = 'rounded-md border border-slate-300 px-3 py-2';

/**
 * The owner's coupons on /admin (issue 19): each with what it takes off, its rules and
 * how often it was used; a form to make one; a switch to stop or restart one. A coupon
 * the shop config defines is shown, marked as the config's.
 */
export function OwnerCoupons() {
  const { t } = useTranslation();
  const query = useCoupons();
  return (
    <section aria-label={t('owner.coupons')} className="flex flex-col gap-4">
      {query.isPending ? (
        <p role="status">{t('nav.loading')}</p>
      ) : query.isError ? (
        <p role="alert">{t('owner.failed')}</p>
      ) : (
        <CouponList coupons={query.data} />
      )}
      <NewCoupon />
    </section>
  );
}

function CouponList({ coupons }: { coupons: OwnerCoupon<Minor>[] }) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const { fractionDigits } = usePriceFormat();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }) : null);
  if (!coupons.length) return <p className="text-slate-600">{t('owner.couponNone')}</p>;
  const toggle = async (c: OwnerCoupon<Minor>) => {
    await ownerApi.saveCoupon({ ...formOf(c, fractionDigits), active: !c.active });
    await refreshOwnerData('coupons');
  };
  return (
    <ul className="flex flex-col gap-2">
      {coupons.map((c) => {
        const rules = [
          c.minOrder !== null ? t('owner.couponMin', { amount: price(c.minOrder) }) : null,
          c.maxDiscount !== null ? t('owner.couponCap', { amount: price(c.maxDiscount) }) : null,
          c.validUntil ? t('owner.couponUntil', { date: when(c.validUntil) }) : null,
          c.validFrom ? t('owner.couponFrom', { date: when(c.validFrom) }) : null,
          c.usesPerCustomer !== null ? t('owner.couponPerCustomer', { count: c.usesPerCustomer }) : null,
          c.firstOrderOnly ? t('owner.couponFirstOrder') : null,
        ].filter(Boolean);
        return (
          <li key={c.code} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-col">
              <span className="font-mono font-bold">{c.code}</span>
              <span className="text-sm">
                {c.percent !== null ? t('owner.couponPercentOff', { percent: c.percent }) : t('owner.couponAmountOff', { amount: price(c.amount ?? minor(0)) })}
                {rules.length ? ` · ${rules.join(' · ')}` : ''}
              </span>
              <span className="text-sm text-slate-600">
                {c.totalUses !== null ? t('owner.couponUsedOf', { used: c.used, total: c.totalUses }) : t('owner.couponUsed', { used: c.used })}
              </span>
            </div>
            {c.source === 'config' ? (
              <span className="text-sm text-slate-600">{c.active ? t('owner.couponFromConfig') : t('owner.couponOff')}</span>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => void toggle(c)}>
                {c.active ? t('owner.couponStop') : t('owner.couponRestart')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** An owner's coupon as the form sends it back unchanged but for what is edited: its amounts as the API's decimals again. */
const formOf = (c: OwnerCoupon<Minor>, fractionDigits: number): CouponForm => {
  const decimal = (m: Minor | null) => (m === null ? null : fromMinor(m, fractionDigits));
  return {
    code: c.code,
    ...(c.percent !== null ? { percent: c.percent } : { amount: decimal(c.amount) ?? 0 }),
    minOrder: decimal(c.minOrder),
    maxDiscount: decimal(c.maxDiscount),
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    totalUses: c.totalUses,
    usesPerCustomer: c.usesPerCustomer,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
  };
};

const numberOrNull = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === '' ? null : Number(v));

function NewCoupon() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const value = Number(data.get('value'));
    const until = String(data.get('validUntil') ?? '');
    const coupon: CouponForm = {
      code: String(data.get('code') ?? ''),
      ...(kind === 'percent' ? { percent: value } : { amount: value }),
      minOrder: numberOrNull(data.get('minOrder')),
      maxDiscount: kind === 'percent' ? numberOrNull(data.get('maxDiscount')) : null,
      validUntil: until || null,
      totalUses: numberOrNull(data.get('totalUses')),
      usesPerCustomer: numberOrNull(data.get('usesPerCustomer')),
      firstOrderOnly: data.get('firstOrderOnly') === 'on',
      active: true,
    };
    setProblem(null);
    const res = await ownerApi.saveCoupon(coupon);
    if (!res.ok) return setProblem(res.error?.fields?.map((f) => `${f.path}: ${f.message}`).join(' ') || res.error?.message || t('owner.failed'));
    setSaved(coupon.code.toUpperCase());
    form.reset();
    await refreshOwnerData('coupons');
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('owner.couponNew')} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">{t('owner.couponNew')}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.couponCode')}
          <input name="code" required autoComplete="off" className={`${field} font-mono uppercase`} />
        </label>
        <fieldset className="flex flex-col gap-1 text-sm font-medium">
          <legend>{t('owner.couponOff')}</legend>
          <div className="flex gap-2">
            <select aria-label={t('owner.couponKind')} value={kind} onChange={(e) => setKind(e.target.value as 'percent' | 'amount')} className={field}>
              <option value="percent">%</option>
              <option value="amount">{t('owner.couponAmount')}</option>
            </select>
            <input
              name="value"
              type="number"
              required
              min="0.01"
              step="0.01"
              inputMode="decimal"
              aria-label={t('owner.couponValue')}
              className={`${field} w-full`}
            />
          </div>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.couponMinLabel')}
          <input name="minOrder" type="number" min="0" step="0.01" inputMode="decimal" className={field} />
        </label>
        {kind === 'percent' ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('owner.couponCapLabel')}
            <input name="maxDiscount" type="number" min="0" step="0.01" inputMode="decimal" className={field} />
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.couponUntilLabel')}
          <input name="validUntil" type="date" className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.couponTotalLabel')}
          <input name="totalUses" type="number" min="1" step="1" inputMode="numeric" className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.couponPerCustomerLabel')}
          <input name="usesPerCustomer" type="number" min="1" step="1" inputMode="numeric" className={field} />
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input name="firstOrderOnly" type="checkbox" className="accent-primary-strong" />
          {t('owner.couponFirstOrder')}
        </label>
      </div>
      <AlertText message={problem} small />
      {saved ? (
        <p role="status" className="text-sm text-green-800">
          {t('owner.couponSaved', { code: saved })}
        </p>
      ) : null}
      <Button size="lg" className="w-max" type="submit">
        {t('owner.couponSave')}
      </Button>
    </form>
  );
}
