import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { Service, SlotView } from '../../../../domain/booking.ts';
import { addDays } from '../../../../domain/calendar-dates.ts';
import { noAnswerText } from '../../../lib/no-answer.ts';
import { queryClient } from '../../../lib/query-client.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useShop, useWhatsappUpdates } from '../../../lib/use-shop.ts';
import { depositPaymentTypes } from '../../../../domain/payment-types.ts';
import { slotsQuery, useBookAppointment, useMoveAppointment, type SlotsAnswer } from '../api/appointments.ts';

const PAGE_DAYS = 7;

/** The days and times of a service, a week a page, and the day and time the shopper chose. */
export function useSlotChoice(serviceId: string | null) {
  const [from, setFrom] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  // the answer for the service, page and reload it was asked for; null while a newer one is coming
  const query = useQuery({ ...slotsQuery(serviceId ?? '', from, PAGE_DAYS, reload), enabled: !!serviceId }, queryClient);
  const answer: SlotsAnswer | 'failed' | null = !serviceId || !query.data ? null : query.data.ok ? query.data.data : 'failed';
  // the day the shopper chose; when it is not on the page shown, the first day with a free time
  const [picked, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);

  const days = answer && answer !== 'failed' ? answer.days : [];
  const day = days.some((d) => d.date === picked) ? picked : (days.find((d) => d.slots.some((s) => s.remaining > 0))?.date ?? days[0]?.date ?? null);
  // the pages are days apart: a day chosen on one is on no other
  const showPage = (first: string) => (setFrom(first), setDay(null));
  const today = days[0];
  const chosenDay = days.find((d) => d.date === day);
  return {
    answer,
    days,
    day,
    chosenDay,
    start,
    chosenSlot: chosenDay?.slots.find((s) => s.start === start && s.remaining > 0),
    /** The page before or after the one shown, null where there is none. */
    earlier: from && today ? () => showPage(addDays(today.date, -PAGE_DAYS)) : null,
    later: days.length === PAGE_DAYS ? () => showPage(addDays(days.at(-1)!.date, 1)) : null,
    pickDay: (date: string) => (setDay(date), setStart(null)),
    pickTime: setStart,
    /** Another service: its first page, nothing chosen. */
    restart: () => (setFrom(null), setDay(null), setStart(null)),
    /** The chosen time went meanwhile: the times are asked for again. */
    refresh: () => (setStart(null), setReload((n) => n + 1)),
  };
}

export type SlotChoice = ReturnType<typeof useSlotChoice>;

type Booking = {
  shopId: string;
  user: SessionUser | null;
  service: Service | null;
  slot: SlotView | undefined;
  /** Moving an existing booking instead of making one: its id. */
  moving: string | null;
  onGone(): void;
  onDone(billId: string, emailSent: boolean): void;
};

/** The booking call (or the move) with the phone and note it carries; a refusal is kept in words. */
export function useBookingCall({ shopId, user, service, slot, moving, onGone, onDone }: Booking) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState('');
  // the shop calls this number about the booking: the account's, unless the shopper gives another
  const [phone, setPhone] = useState<string | null>(null);
  const phoneShown = phone ?? user?.phoneNumber ?? '';
  // the booking's confirmation and reminder on WhatsApp: as the account last answered at a checkout, until changed
  const [whatsappUpdates, setWhatsappUpdates] = useState<boolean | null>(null);
  const whatsappShown = whatsappUpdates ?? user?.whatsappUpdates ?? false;
  const whatsappOffered = useWhatsappUpdates();
  // busy is set here at once, not read from the mutations, whose state reaches the page a moment later: a second tap books nothing twice
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const book = useBookAppointment();
  const move = useMoveAppointment();
  // a service with a deposit is paid for when booking: by the way chosen, else the shop's first (never on delivery)
  const providers = useShop().payment.providers;
  const depositWays = service?.deposit ? providers.filter((p) => depositPaymentTypes(providers).some((id) => id === p.id)) : [];
  const [paymentType, setPaymentType] = useState<string | null>(null);
  const payWith = depositWays.find((p) => p.id === paymentType)?.id ?? depositWays[0]?.id;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!service || !slot || !user) return;
    setBusy(true);
    setProblem(null);
    const res = moving
      ? await move.mutateAsync({ id: moving, start: slot.start })
      : await book.mutateAsync({
          shopId,
          userId: user.id,
          appointment: {
            serviceId: service.id,
            start: slot.start,
            notes,
            ...(phoneShown.trim() ? { phone: phoneShown.trim() } : {}),
            ...(payWith ? { paymentType: payWith } : {}),
            ...(whatsappOffered ? { whatsappUpdates: whatsappShown } : {}),
          },
        });
    setBusy(false);
    if (res.ok) return onDone(res.data.appointment.billId, 'emailSent' in res.data && res.data.emailSent === true);
    if (res.status === 0) return setProblem(noAnswerText({ offline: t('appointment.offline'), unreachable: t('appointment.unreachable') }));
    setProblem(res.error?.message ?? res.error?.errorMessage ?? t('appointment.failed'));
    if (res.error?.error === 'full' || res.error?.error === 'too_soon') onGone();
  }

  return {
    notes,
    setNotes,
    phone: phoneShown,
    setPhone,
    whatsapp: whatsappOffered ? { on: whatsappShown, set: setWhatsappUpdates } : null,
    depositWays,
    payWith,
    setPaymentType,
    busy,
    problem,
    clearProblem: () => setProblem(null),
    submit,
  };
}
