import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { DeliverySlotView } from '../../../../domain/booking.ts';
import { toMinor, type Minor } from '../../../../domain/money.ts';
import { getJson } from '../../../lib/api.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { usePriceFormat, useShop } from '../../../lib/use-shop.ts';
import { ownerApi } from '../api/owner-api.ts';
import { queryClient } from '../api/owner-queries.ts';

/** The parts of the new order page (owner-new-order.tsx, issue 41): the choices, the fields, the customer, the address and the change. */

/** The address fields of a delivery keyed in, empty. */
export const emptyAddress = { streetName: '', apartment: '', city: '', state: '', zipCode: '' };

/** The cash the customer hands over, and the change to give back (or what is still short). */
export function CashChange({ total }: { total: Minor }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const { fractionDigits } = usePriceFormat();
  const [given, setGiven] = useState('');
  const amount = Number(given);
  const back = given.trim() && Number.isFinite(amount) ? toMinor(amount, fractionDigits) - total : null;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Text label={t('owner.keyIn.given')} value={given} onChange={setGiven} inputMode="decimal" autoComplete="off" />
      {back === null ? null : (
        <p role="status" className={`pb-2 text-lg font-bold ${back < 0 ? 'text-red-700' : 'text-green-800'}`}>
          {back < 0 ? t('owner.keyIn.short', { amount: formatPrice(-back as Minor) }) : t('owner.keyIn.change', { amount: formatPrice(back as Minor) })}
        </p>
      )}
    </div>
  );
}

/** A customer the shop knows by the number typed: their name is offered, and how often they ordered. */
export function KnownCustomer({ phone, onName }: { phone: string; onName: (name: string) => void }) {
  const { t } = useTranslation();
  const digits = phone.replace(/\D/g, '');
  const found = useQuery(
    { queryKey: ['owner', 'customers', digits], queryFn: () => ownerApi.customers(digits), enabled: digits.length >= 10, staleTime: 60_000 },
    queryClient,
  );
  const known = found.data?.ok ? found.data.data.customers.find((c) => (c.phone ?? '').replace(/\D/g, '').endsWith(digits)) : undefined;
  useEffect(() => {
    if (known?.name) onName(known.name);
  }, [known?.name, onName]);
  if (digits.length < 10 || !known) return null;
  return (
    <p role="status" className="text-sm text-green-800">
      {t('owner.keyIn.known', { name: known.name || t('owner.customerNoName'), count: known.orders })}
    </p>
  );
}

export function Delivery({
  address,
  setAddress,
  slot,
  setSlot,
  fieldOf,
}: {
  address: typeof emptyAddress;
  setAddress: (a: typeof emptyAddress) => void;
  slot: string;
  setSlot: (s: string) => void;
  fieldOf: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const shop = useShop();
  const when = useFormatWhen();
  const hasSlots = shop.orderConfig.deliverySlots.length > 0;
  const slots = useQuery(
    {
      queryKey: ['owner', 'delivery-slots'],
      queryFn: async () => {
        const res = await getJson<{ slots: DeliverySlotView[] }>('/api/delivery/slots');
        return res.ok ? res.data.slots : [];
      },
      enabled: hasSlots,
    },
    queryClient,
  );
  const field = (name: keyof typeof emptyAddress, inputMode?: 'numeric') => (
    <Text
      label={t(`owner.keyIn.addressFields.${name}`)}
      value={address[name]}
      onChange={(value) => setAddress({ ...address, [name]: value })}
      inputMode={inputMode}
      error={fieldOf(`order.shippingDetails.${name}`)}
    />
  );
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 font-semibold">{t('owner.keyIn.address')}</legend>
      {field('streetName')}
      {field('apartment')}
      {field('city')}
      {field('state')}
      {field('zipCode', 'numeric')}
      {hasSlots ? (
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.keyIn.slot')}
          <select value={slot} onChange={(e) => setSlot(e.target.value)} className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal">
            <option value="" />
            {(slots.data ?? [])
              .filter((s) => s.remaining > 0)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {when.date(s.date)} · {s.label}
                </option>
              ))}
          </select>
          {fieldOf('order.shippingSlotId') ? <span className="text-red-700">{fieldOf('order.shippingSlotId')}</span> : null}
        </label>
      ) : null}
    </fieldset>
  );
}

export function Choice<T extends string>({
  legend,
  value,
  options,
  label,
  onChange,
}: {
  legend: string;
  value: T;
  options: T[];
  label: (o: T) => string;
  onChange: (o: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            aria-pressed={value === o}
            onClick={() => onChange(o)}
            className={`min-h-11 rounded-full px-4 font-semibold ${value === o ? 'bg-primary text-on-primary' : 'border border-slate-300'}`}
          >
            {label(o)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function Text({
  label,
  value,
  onChange,
  error,
  children,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  children?: ReactNode;
  inputMode?: 'tel' | 'numeric' | 'decimal' | undefined;
  autoComplete?: string;
  list?: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        {...input}
      />
      {children}
      {error ? <span className="text-red-700">{error}</span> : null}
    </label>
  );
}

/** The shop's UPI QR with the amount filled in, big for the customer to scan, with the UPI id under it. */
export function UpiQr({ qrSvg, vpa, amount }: { qrSvg: string; vpa: string; amount: string }) {
  const { t } = useTranslation();
  return (
    <figure className="flex flex-col items-center gap-2 self-center">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={`UPI ${vpa}`}
        width={280}
        height={280}
        className="rounded-md border border-slate-200 bg-white"
      />
      <figcaption className="text-center font-semibold">
        {t('owner.keyIn.scan', { amount })}
        <br />
        <span className="text-sm font-normal">{vpa}</span>
      </figcaption>
    </figure>
  );
}
