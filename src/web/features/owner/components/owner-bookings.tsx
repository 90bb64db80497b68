import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnerAppointmentView } from '../../../../domain/booking.ts';
import { addDays } from '../../../../domain/calendar-dates.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { ownerApi } from '../api/owner-api.ts';

type Day = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; date: string; appointments: OwnerAppointmentView[] };

/**
 * The owner's bookings for a day in the shop's time zone, today first: who comes when,
 * for what, how to reach them, and cancelling one that has not ended (the shopper is told).
 */
export function OwnerBookings() {
  const { t } = useTranslation();
  const locale = usePriceFormat().defaultLocale;
  // undefined: today, as the server's clock and the shop's time zone say
  const [date, setDate] = useState<string | undefined>(undefined);
  const [day, setDay] = useState<Day>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    void ownerApi.appointments(date).then((res) => live && setDay(res.ok ? { kind: 'loaded', ...res.data } : { kind: 'failed' }));
    return () => void (live = false);
  }, [date, version]);

  if (day.kind === 'loading') return <p role="status">{t('nav.loading')}</p>;
  if (day.kind === 'failed') return <p role="alert">{t('owner.failed')}</p>;
  const booked = day.appointments.filter((a) => a.status === 'booked');
  return (
    <section aria-labelledby="owner-bookings" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="owner-bookings" className="mr-auto text-lg font-semibold">
          {t('owner.bookingsOn', { day: calendarDay(day.date, locale) })}
        </h2>
        <button type="button" onClick={() => setDate(addDays(day.date, -1))} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold">
          {t('owner.previousDay')}
        </button>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">{t('owner.day')}</span>
          <input type="date" value={day.date} onChange={(e) => e.target.value && setDate(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <button type="button" onClick={() => setDate(addDays(day.date, 1))} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold">
          {t('owner.nextDay')}
        </button>
      </div>
      <p className="text-sm text-slate-600">{t('owner.bookingCount', { count: booked.length })}</p>
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {day.appointments.map((a) => (
          <li key={a.id}>
            <BookingCard appointment={a} onChanged={reload} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A calendar date (2026-11-23) as the locale writes it: read and written in UTC, it stays that date. */
const calendarDay = (date: string, locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(Date.parse(`${date}T00:00:00Z`));

function BookingCard({ appointment: a, onChanged }: { appointment: OwnerAppointmentView; onChanged: () => void }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancellable = a.status === 'booked' && !a.past;
  const label = `${when.time(a.start)} – ${when.time(a.end)}`;

  const cancel = async () => {
    setBusy(true);
    const res = await ownerApi.cancelAppointment(a.id);
    setBusy(false);
    if (!res.ok) return setProblem(res.error?.message ?? t('owner.failed'));
    onChanged();
  };

  return (
    <article aria-label={`${label}, ${a.serviceName}`} className={`flex flex-col gap-1 rounded-lg border p-4 ${a.status === 'cancelled' ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white'}`}>
      {/* a cancelled booking stays readable (full contrast), its time struck through */}
      <h3 className={`font-semibold ${a.status === 'cancelled' ? 'line-through' : ''}`}>
        {label} · {a.serviceName}
      </h3>
      <p className="text-sm font-medium">{a.status === 'cancelled' ? t('appointment.statusCancelled') : a.past ? t('appointment.statusPast') : t('appointment.statusBooked')}</p>
      <p className="text-sm text-slate-700">{a.name}</p>
      <p className="flex flex-wrap gap-x-3 text-sm">
        {a.phone ? <a href={`tel:${a.phone}`} className="text-primary-strong underline">{a.phone}</a> : null}
        {a.email ? <a href={`mailto:${a.email}`} className="text-primary-strong underline">{a.email}</a> : null}
      </p>
      {a.notes ? <p className="text-sm text-slate-600">{t('owner.note', { note: a.notes })}</p> : null}
      {cancellable ? (
        <button type="button" disabled={busy} onClick={() => (sure ? void cancel() : setSure(true))} className="mt-1 w-max rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 disabled:opacity-50">
          {sure ? t('owner.sure', { action: t('owner.cancelBooking') }) : t('owner.cancelBooking')}
        </button>
      ) : null}
      {problem ? <p role="alert" className="text-sm text-red-700">{problem}</p> : null}
    </article>
  );
}
