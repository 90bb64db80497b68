import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { DayReason, Service, SlotDayView } from '../../../../domain/booking.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import type { SlotChoice } from '../hooks/use-booking.ts';
import { useFormatFee } from '../hooks/use-format-fee.ts';

/** The parts of the booking form (booking-picker.tsx): the service, the day, the time, and the phone and note. */

const pill = (on: boolean) =>
  `flex cursor-pointer items-center justify-center rounded-md border px-3 py-2 text-sm font-medium has-[:disabled]:cursor-not-allowed has-[:disabled]:border-slate-200 has-[:disabled]:bg-slate-50 has-[:disabled]:text-slate-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-strong ${on ? 'border-primary-strong bg-primary-strong/10 font-semibold text-slate-900 ring-1 ring-primary-strong' : 'border-slate-300 bg-white'}`;

/** Radios drawn as pills (the days, the times): each input is read by screen readers, its label is what is seen and tapped. */
function PillRadios({
  name,
  chosen,
  onPick,
  options,
  className,
}: {
  name: string;
  chosen: string | null;
  onPick: (value: string) => void;
  options: Array<{ value: string; disabled: boolean; label: string }>;
  className: string;
}) {
  return (
    <div className={className}>
      {options.map((o) => (
        <label key={o.value} className={pill(o.value === chosen)}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === chosen}
            disabled={o.disabled}
            onChange={() => onPick(o.value)}
            className="sr-only"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

const reasonText = { closed: 'appointment.closed', too_soon: 'appointment.tooSoon', full: 'appointment.full' } as const satisfies Record<DayReason, string>;

/** Why a day's times cannot be chosen, null when one can; an answer without a reason reads as closed or full. */
const whyNoTime = (d: SlotDayView): DayReason | null => (d.slots.some((s) => s.remaining > 0) ? null : (d.reason ?? (d.closed ? 'closed' : 'full')));

/** The services, each with its length, fee and description; while a booking is moved, only its own. */
export function ServiceChoice({
  services,
  serviceId,
  moving,
  onChoose,
}: {
  services: readonly Service[];
  serviceId: string | null;
  moving: string | null;
  onChoose(id: string): void;
}) {
  const { t } = useTranslation();
  const formatFee = useFormatFee();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold">{t('appointment.chooseService')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {services.map((s) => (
          <label
            key={s.id}
            className={`flex cursor-pointer flex-col gap-1 rounded-lg border p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-strong ${s.id === serviceId ? 'border-primary-strong bg-primary-strong/5' : 'border-slate-200 bg-white'}`}
          >
            <span className="flex items-center gap-2 font-semibold">
              <input
                type="radio"
                name="service"
                value={s.id}
                checked={s.id === serviceId}
                disabled={moving !== null && s.id !== serviceId}
                onChange={() => onChoose(s.id)}
                className="accent-primary-strong"
              />
              {s.name}
            </span>
            <span className="text-sm text-slate-600">
              {t('appointment.minutes', { count: s.durationMinutes })} · {formatFee(s.price)}
              {s.deposit ? ` · ${t('appointment.depositFee', { amount: formatFee(s.deposit) })}` : null}
            </span>
            {s.description ? <span className="text-sm text-slate-700">{s.description}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The days of the page shown, each with why it has no time, and the way to the page before or after. */
export function DayChoice({ slots }: { slots: SlotChoice }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const { answer, days } = slots;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold">{t('appointment.chooseDay')}</legend>
      {answer === null ? <p role="status">{t('appointment.loadingTimes')}</p> : null}
      {answer === 'failed' ? (
        <p role="alert" className="text-red-700">
          {t('appointment.timesFailed')}
        </p>
      ) : null}
      {days.length > 0 ? (
        <PillRadios
          name="day"
          chosen={slots.day}
          onPick={slots.pickDay}
          className="flex flex-wrap gap-2"
          options={days.map((d) => {
            // every day by its date, so a day without times reads like the others: "Tue, 24 Nov (fully booked)"
            const label = when.date(d.date);
            const reason = whyNoTime(d);
            return {
              value: d.date,
              disabled: reason !== null,
              label: reason ? t('appointment.dayUnavailable', { day: label, reason: t(reasonText[reason]) }) : label,
            };
          })}
        />
      ) : null}
      <div className="flex gap-3 text-sm">
        {slots.earlier ? (
          <button type="button" onClick={slots.earlier} className="font-medium text-primary-strong hover:underline">
            {t('appointment.earlier')}
          </button>
        ) : null}
        {slots.later ? (
          <button type="button" onClick={slots.later} className="font-medium text-primary-strong hover:underline">
            {t('appointment.later')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The times of a day, a full one shown but not to be chosen, with the places left where a time has several. */
export function TimeChoice({ day, start, capacity, onPick }: { day: SlotDayView; start: string | null; capacity: number; onPick(start: string): void }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold">{t('appointment.chooseTime')}</legend>
      <PillRadios
        name="time"
        chosen={start}
        onPick={onPick}
        className="grid grid-cols-3 gap-2 sm:grid-cols-5"
        options={day.slots.map((s) => {
          const time = when.time(s.start);
          return {
            value: s.start,
            disabled: s.remaining === 0,
            label: s.remaining === 0 ? t('appointment.timeFull', { time }) : capacity > 1 ? t('appointment.timeLeft', { time, count: s.remaining }) : time,
          };
        })}
      />
    </fieldset>
  );
}

/** The number the shop calls about the booking, and the shopper's note. */
export function BookingContact({
  phone,
  onPhone,
  notes,
  onNotes,
}: {
  phone: string;
  onPhone(phone: string): void;
  notes: string;
  onNotes(notes: string): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('appointment.phone')}
        <input
          type="tel"
          autoComplete="tel"
          required
          value={phone}
          maxLength={20}
          onChange={(e) => onPhone(e.target.value)}
          className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('appointment.notes')}
        <textarea
          value={notes}
          maxLength={500}
          rows={3}
          onChange={(e) => onNotes(e.target.value)}
          className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        />
      </label>
    </>
  );
}
