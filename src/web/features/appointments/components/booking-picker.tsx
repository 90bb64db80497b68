import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { DayReason, Service, SlotDayView } from '../../../../domain/booking.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { noAnswerText } from '../../../lib/no-answer.ts';
import { useSession } from '../../../lib/session.ts';
import { LoginPrompt } from '../../../ui/login-prompt.tsx';
import { useOnline } from '../../../lib/use-online.ts';
import { addDays } from '../../../../domain/calendar-dates.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { slotsQuery, useBookAppointment, useMoveAppointment, type SlotsAnswer } from '../api/appointments.ts';
import { useFormatFee } from '../hooks/use-format-fee.ts';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';

const PAGE_DAYS = 7;
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

type Props = {
  shopId: string;
  services: readonly Service[];
  serviceId: string | null;
  onService(id: string): void;
  /** Moving an existing booking instead of making one: its id. */
  moving: string | null;
  /** `emailSent`: the server mails a calendar file for this booking (a move mails none). */
  onDone(billId: string, emailSent: boolean): void;
};

/**
 * Booking a service (§2 /appointment): the service, a day, a free time and a note, then
 * the booking call. Times come from the server with their places left; a full time is
 * shown but cannot be chosen. Moving a booking uses the same steps.
 */
export function BookingPicker({ shopId, services, serviceId, onService, moving, onDone }: Props) {
  const { t } = useTranslation();
  const formatFee = useFormatFee();
  const when = useFormatWhen();
  const user = useSession((s) => (s.status === 'user' ? s.user : null));
  const service = services.find((s) => s.id === serviceId) ?? null;
  const [from, setFrom] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  // the answer for the service, page and reload it was asked for; null while a newer one is coming
  const query = useQuery({ ...slotsQuery(serviceId ?? '', from, PAGE_DAYS, reload), enabled: !!serviceId }, queryClient);
  const answer: SlotsAnswer | 'failed' | null = !serviceId || !query.data ? null : query.data.ok ? query.data.data : 'failed';
  // the day the shopper chose; when it is not on the page shown, the first day with a free time
  const [picked, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  // the shop calls this number about the booking: the account's, unless the shopper gives another
  const [phone, setPhone] = useState<string | null>(null);
  const phoneShown = phone ?? user?.phoneNumber ?? '';
  // busy is set here at once, not read from the mutations, whose state reaches the page a moment later: a second tap books nothing twice
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const online = useOnline();
  const book = useBookAppointment();
  const move = useMoveAppointment();

  const chooseService = (id: string) => {
    onService(id);
    setFrom(null);
    setDay(null);
    setStart(null);
    setProblem(null);
  };

  const days = answer && answer !== 'failed' ? answer.days : [];
  const day = days.some((d) => d.date === picked) ? picked : (days.find((d) => d.slots.some((s) => s.remaining > 0))?.date ?? days[0]?.date ?? null);
  // the pages are days apart: a day chosen on one is on no other
  const showPage = (first: string) => (setFrom(first), setDay(null));
  const today = days[0];
  const chosenDay = days.find((d) => d.date === day);
  const chosenSlot = chosenDay?.slots.find((s) => s.start === start && s.remaining > 0);
  const capacity = service?.capacity ?? 1;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!service || !chosenSlot || !user) return;
    setBusy(true);
    setProblem(null);
    const res = moving
      ? await move.mutateAsync({ id: moving, start: chosenSlot.start })
      : await book.mutateAsync({
          shopId,
          userId: user.id,
          appointment: { serviceId: service.id, start: chosenSlot.start, notes, ...(phoneShown.trim() ? { phone: phoneShown.trim() } : {}) },
        });
    setBusy(false);
    if (res.ok) return onDone(res.data.appointment.billId, 'emailSent' in res.data && res.data.emailSent === true);
    if (res.status === 0) return setProblem(noAnswerText({ offline: t('appointment.offline'), unreachable: t('appointment.unreachable') }));
    setProblem(res.error?.message ?? res.error?.errorMessage ?? t('appointment.failed'));
    // the time went meanwhile: the times are asked for again
    if (res.error?.error === 'full' || res.error?.error === 'too_soon') {
      setStart(null);
      setReload((n) => n + 1);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex max-w-3xl flex-col gap-6">
      {!online && problem !== t('appointment.offline') ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('appointment.offline')}
        </p>
      ) : null}
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
                  onChange={() => chooseService(s.id)}
                  className="accent-primary-strong"
                />
                {s.name}
              </span>
              <span className="text-sm text-slate-600">
                {t('appointment.minutes', { count: s.durationMinutes })} · {formatFee(s.price)}
              </span>
              {s.description ? <span className="text-sm text-slate-700">{s.description}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>

      {service ? (
        <>
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
                chosen={day}
                onPick={(date) => (setDay(date), setStart(null))}
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
              {from && today ? (
                <button type="button" onClick={() => showPage(addDays(today.date, -PAGE_DAYS))} className="font-medium text-primary-strong hover:underline">
                  {t('appointment.earlier')}
                </button>
              ) : null}
              {days.length === PAGE_DAYS ? (
                <button type="button" onClick={() => showPage(addDays(days.at(-1)!.date, 1))} className="font-medium text-primary-strong hover:underline">
                  {t('appointment.later')}
                </button>
              ) : null}
            </div>
          </fieldset>

          {chosenDay ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-lg font-semibold">{t('appointment.chooseTime')}</legend>
              <PillRadios
                name="time"
                chosen={start}
                onPick={setStart}
                className="grid grid-cols-3 gap-2 sm:grid-cols-5"
                options={chosenDay.slots.map((s) => {
                  const time = when.time(s.start);
                  return {
                    value: s.start,
                    disabled: s.remaining === 0,
                    label:
                      s.remaining === 0 ? t('appointment.timeFull', { time }) : capacity > 1 ? t('appointment.timeLeft', { time, count: s.remaining }) : time,
                  };
                })}
              />
            </fieldset>
          ) : null}

          {moving ? null : (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {t('appointment.phone')}
              <input
                type="tel"
                autoComplete="tel"
                required
                value={phoneShown}
                maxLength={20}
                onChange={(e) => setPhone(e.target.value)}
                className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
              />
            </label>
          )}
          {moving ? null : (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {t('appointment.notes')}
              <textarea
                value={notes}
                maxLength={500}
                rows={3}
                onChange={(e) => setNotes(e.target.value)}
                className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
              />
            </label>
          )}

          <AlertText message={problem} />
          {user ? (
            <Button size="lg" className="self-start" type="submit" disabled={!chosenSlot || busy}>
              {chosenSlot
                ? t(moving ? 'appointment.moveTo' : 'appointment.bookAt', { service: service.name, when: when.dayAndTime(chosenSlot.start) })
                : t('appointment.pickTime')}
            </Button>
          ) : (
            <LoginPrompt text={t('appointment.loginFirst')} action={t('appointment.login')} />
          )}
        </>
      ) : null}
    </form>
  );
}
