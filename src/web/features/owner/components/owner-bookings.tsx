import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import type { BookingOutcome, OwnerAppointmentView } from '../../../../domain/booking.ts';
import { addDays } from '../../../../domain/calendar-dates.ts';
import { telHref } from '../../../../domain/order-details.ts';
import type { ApiResult } from '../../../lib/api.ts';
import { toMinor } from '../../../../domain/money.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { ownerApi } from '../api/owner-api.ts';
import { bookingsDayQuery, queryClient, refreshOwnerData, upcomingBookingsQuery } from '../api/owner-queries.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { OwnerList } from './owner-list.tsx';
import { Button } from '../../../ui/button.tsx';

const small = 'rounded-md px-3 py-2 text-sm font-semibold disabled:opacity-50';

/**
 * The owner's bookings (issues 8 and 18): the bookings still to come in the next 7 days
 * beside one day's, in the shop's time zone (today first; the day is in the address, so
 * an alert's link opens it). Each has who booked and how to reach them; one that has not
 * ended can be cancelled (the shopper is told), one that started marked attended or a no-show.
 */
export function OwnerBookings({ date }: { date: string | undefined }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const locale = usePriceFormat().defaultLocale;
  const day = useQuery(bookingsDayQuery(date), queryClient);
  const upcoming = useQuery(upcomingBookingsQuery(), queryClient);
  const show = (next: string) => setParams({ section: 'bookings', date: next }, { replace: true });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <section aria-labelledby="owner-upcoming" className="flex flex-col gap-3">
        <h2 id="owner-upcoming" className="text-lg font-semibold">
          {t('owner.upcoming')}
        </h2>
        {upcoming.isPending ? <p role="status">{t('nav.loading')}</p> : null}
        {upcoming.isError ? <p role="alert">{t('owner.failed')}</p> : null}
        {upcoming.data?.length === 0 ? <p className="text-sm text-slate-600">{t('owner.noneUpcoming')}</p> : null}
        <ul className="flex flex-col gap-3">
          {upcoming.data?.map((a) => (
            <li key={a.id}>
              <BookingCard appointment={a} withDay />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="owner-bookings" className="flex flex-col gap-4">
        {day.isPending ? <p role="status">{t('nav.loading')}</p> : null}
        {day.isError ? <p role="alert">{t('owner.failed')}</p> : null}
        {day.data ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="owner-bookings" className="mr-auto text-lg font-semibold">
                {t('owner.bookingsOn', { day: calendarDay(day.data.date, locale) })}
              </h2>
              <Button variant="secondary" size="sm-tall" onClick={() => show(addDays(day.data.date, -1))}>
                {t('owner.previousDay')}
              </Button>
              <label className="flex items-center gap-2 text-sm">
                <span className="sr-only">{t('owner.day')}</span>
                <input
                  type="date"
                  value={day.data.date}
                  onChange={(e) => e.target.value && show(e.target.value)}
                  className="rounded-md border border-slate-300 px-2 py-1.5"
                />
              </label>
              <Button variant="secondary" size="sm-tall" onClick={() => show(addDays(day.data.date, 1))}>
                {t('owner.nextDay')}
              </Button>
            </div>
            <p className="text-sm text-slate-600">{t('owner.bookingCount', { count: day.data.appointments.filter((a) => a.status !== 'cancelled').length })}</p>
            <OwnerList items={day.data.appointments} keyOf={(a) => a.id} row={(a) => <BookingCard appointment={a} />} className="grid gap-3 md:grid-cols-2" />
          </>
        ) : null}
      </section>
    </div>
  );
}

/** A calendar date (2026-11-23) as the locale writes it: read and written in UTC, it stays that date. */
const calendarDay = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(Date.parse(`${date}T00:00:00Z`));

function BookingCard({ appointment: a, withDay = false }: { appointment: OwnerAppointmentView; withDay?: boolean }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const price = useFormatPrice();
  const { fractionDigits } = usePriceFormat();
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancellable = a.status === 'booked' && !a.past;
  const label = `${withDay ? `${when.day(a.start)}, ` : ''}${when.time(a.start)} – ${when.time(a.end)}`;
  const status = a.status === 'booked' && a.past ? 'past' : a.status;

  const act = async (work: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    setProblem(null);
    const res = await work();
    setBusy(false);
    if (!res.ok) setProblem(res.error?.message ?? t('owner.failed'));
    await refreshOwnerData('bookings');
  };
  const mark = (outcome: BookingOutcome) => act(() => ownerApi.markAppointment(a.id, outcome));

  return (
    <article
      aria-label={`${label}, ${a.serviceName}`}
      className={`flex flex-col gap-1 rounded-lg border p-4 ${a.status === 'cancelled' ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white'}`}
    >
      {/* a cancelled booking stays readable (full contrast), its time struck through */}
      <h3 className={`font-semibold ${a.status === 'cancelled' ? 'line-through' : ''}`}>
        {label} · {a.serviceName}
      </h3>
      <p className="text-sm font-medium">{t(`owner.bookingStatuses.${status}`)}</p>
      <p className="text-sm text-slate-700">{a.name}</p>
      <p className="flex flex-wrap gap-x-3 text-sm">
        {a.phone ? (
          <a href={telHref(a.phone)} className="font-medium text-primary-strong underline">
            {a.phone}
          </a>
        ) : null}
        {a.email ? (
          <a href={`mailto:${a.email}`} className="text-primary-strong underline">
            {a.email}
          </a>
        ) : null}
      </p>
      {a.deposit ? (
        <p className={`text-sm ${a.deposit.state === 'checking' || a.deposit.state === 'refund_due' ? 'font-semibold text-amber-950' : ''}`}>
          {t(`owner.bookingDeposit.${a.deposit.state}`, { amount: price(toMinor(a.deposit.amount, fractionDigits)) })} ·{' '}
          <Link to={`/admin/orders/${encodeURIComponent(a.deposit.orderId)}`} className="font-medium text-primary-strong underline">
            {t('owner.depositOrder', { number: `#${a.deposit.orderNumber}` })}
          </Link>
        </p>
      ) : null}
      {a.notes ? <p className="text-sm text-slate-600">{t('owner.note', { note: a.notes })}</p> : null}
      <div className="mt-1 flex flex-wrap gap-2">
        {a.status !== 'cancelled' && a.started ? (
          <>
            <button
              type="button"
              disabled={busy || a.status === 'attended'}
              aria-pressed={a.status === 'attended'}
              onClick={() => void mark('attended')}
              className={`${small} border border-green-700 text-green-900`}
            >
              {t('owner.markAttended')}
            </button>
            <button
              type="button"
              disabled={busy || a.status === 'no_show'}
              aria-pressed={a.status === 'no_show'}
              onClick={() => void mark('no_show')}
              className={`${small} border border-slate-400`}
            >
              {t('owner.markNoShow')}
            </button>
          </>
        ) : null}
        {cancellable ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => (sure ? void act(() => ownerApi.cancelAppointment(a.id)) : setSure(true))}
            className={`${small} border border-red-300 text-red-800`}
          >
            {sure ? t('owner.sure', { action: t('owner.cancelBooking') }) : t('owner.cancelBooking')}
          </button>
        ) : null}
      </div>
      <AlertText message={problem} small />
    </article>
  );
}
