import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { DeliverySlotView } from '../../../../domain/booking.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { deliverySlotsQuery } from '../api/delivery-slots.ts';
import { FieldError } from './field.tsx';

/**
 * The delivery time (§3 shippingSlotId): the slots the server says are still open, by
 * day; a full one is shown but cannot be chosen. When the server refused the chosen slot
 * the checkout asks for the list again (`askSlotsAgain`).
 */
export function DeliverySlotField({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const query = useQuery(deliverySlotsQuery(), queryClient);
  const slots = query.data ?? null;
  const failed = query.isError;

  // a chosen slot that is gone or full is chosen no more
  useEffect(() => {
    if (slots && value && !slots.some((s) => s.id === value && s.remaining > 0)) onChange(null);
  }, [slots, value, onChange]);

  const days = new Map<string, DeliverySlotView[]>();
  for (const slot of slots ?? []) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  const id = 'delivery-slot';

  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      <label htmlFor={id}>{t('checkout.slot')}</label>
      {failed ? <p className="font-normal text-red-700">{t('checkout.slotsFailed')}</p> : null}
      {slots && slots.every((s) => s.remaining === 0) ? <p className="font-normal text-slate-700">{t('checkout.noSlots')}</p> : null}
      <select
        id={id}
        value={value ?? ''}
        disabled={!slots}
        onChange={(e) => onChange(e.target.value || null)}
        aria-invalid={error ? true : undefined}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base disabled:bg-slate-100"
      >
        <option value="">{slots ? t('checkout.chooseSlot') : t('checkout.loadingSlots')}</option>
        {[...days.values()].map((daySlots) => (
          <optgroup key={daySlots[0]!.date} label={when.day(daySlots[0]!.start)}>
            {daySlots.map((slot) => (
              <option key={slot.id} value={slot.id} disabled={slot.remaining === 0}>
                {slot.remaining === 0 ? t('checkout.slotFull', { slot: slot.label }) : slot.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}
