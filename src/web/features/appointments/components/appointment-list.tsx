import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { AppointmentView } from '../../../../domain/booking.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { noAnswerText } from '../../../lib/no-answer.ts';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useTakesAppointments } from '../../../lib/use-shop.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session.ts';
import { appointmentsQuery, useCancelAppointment } from '../api/appointments.ts';
import { useFormatFee } from '../hooks/use-format-fee.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';

/** The link that moves a booking: the booking page with its service chosen. */
const moveLink = (a: AppointmentView) => `${paths.appointment()}?${new URLSearchParams({ service: a.serviceId, move: a.id }).toString()}`;

/**
 * A link into the booking page; while the shop takes no appointments (switched off, or no
 * services) that page has nothing to book, so the control opens the feature-not-implemented
 * modal (§2) instead of leading there.
 */
function BookingLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  const takesAppointments = useTakesAppointments();
  const openModal = useUi((s) => s.openModal);
  if (takesAppointments)
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  return (
    <button type="button" onClick={() => openModal('feature-not-implemented')} className={className}>
      {children}
    </button>
  );
}

/** One booking: what, when, its state, and cancel / move while it may still change. */
export function AppointmentCard({ appointment: a, onChanged }: { appointment: AppointmentView; onChanged?: () => void }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const formatFee = useFormatFee();
  const [confirming, setConfirming] = useState(false);
  // busy is set here at once, not read from the mutation, whose state reaches the page a moment later
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelBooking = useCancelAppointment();
  const upcoming = a.status === 'booked' && !a.past;

  async function cancel() {
    setBusy(true);
    const res = await cancelBooking.mutateAsync(a.id);
    setBusy(false);
    if (!res.ok)
      return setProblem(
        res.status === 0
          ? noAnswerText({ offline: t('appointment.offline'), unreachable: t('appointment.unreachable') })
          : (res.error?.message ?? t('appointment.failed')),
      );
    setConfirming(false);
    void notify({ type: 'success', message: t('appointment.cancelled') });
    onChanged?.();
  }

  return (
    <article aria-label={`${a.serviceName}, ${when.dayAndTime(a.start)}`} className="flex flex-col gap-1">
      <h3 className="font-semibold">{a.serviceName}</h3>
      <p className="text-slate-700">{when.dayAndTime(a.start)}</p>
      <p className="text-sm text-slate-600">
        {t('appointment.minutes', { count: a.durationMinutes })} · {formatFee(a.price)} ·{' '}
        {a.status === 'cancelled' ? t('appointment.statusCancelled') : upcoming ? t('appointment.statusBooked') : t('appointment.statusPast')}
      </p>
      {a.deposit ? (
        <p className={`text-sm ${a.deposit.state === 'due' || a.deposit.state === 'refund_due' ? 'font-medium text-amber-950' : 'text-slate-700'}`}>
          {t(`appointment.deposit.${a.deposit.state}`, { amount: formatFee(a.deposit.amount) })} ·{' '}
          {/* the order's own page loads afresh: the page that pays may need a gateway's script (PAYING_PAGES) */}
          <a href={paths.accountOrder(a.deposit.orderId)} className="font-medium text-primary-strong underline">
            {t('appointment.depositOrder', { number: `#${a.deposit.orderNumber}` })}
          </a>
        </p>
      ) : null}
      {a.notes ? <p className="text-sm text-slate-600">{t('appointment.yourNote', { note: a.notes })}</p> : null}
      {upcoming && onChanged ? (
        a.changeable ? (
          confirming ? (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <span>{t('appointment.confirmCancel')}</span>
              <Button variant="danger" size="sm" disabled={busy} onClick={() => void cancel()}>
                {t('appointment.yesCancel')}
              </Button>
              <button type="button" onClick={() => setConfirming(false)} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium">
                {t('appointment.keep')}
              </button>
            </div>
          ) : (
            <div className="mt-1 flex flex-wrap gap-2">
              <BookingLink to={moveLink(a)} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium">
                {t('appointment.move')}
              </BookingLink>
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-red-700"
              >
                {t('appointment.cancel')}
              </button>
            </div>
          )
        ) : (
          <p className="text-sm text-slate-600">{t('appointment.tooLateToChange')}</p>
        )
      ) : null}
      <AlertText message={problem} small />
    </article>
  );
}

/** The shopper's bookings (§7 api/user/appointments): upcoming first, soonest first; then past and cancelled ones, latest first. */
export function AppointmentList() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id ?? null);
  const { data: answer, refetch } = useQuery(appointmentsQuery(userId), queryClient);
  if (!answer) return <p role="status">{t('nav.loading')}</p>;
  if (!answer.ok)
    return (
      <p role="alert" className="text-red-700">
        {t('appointment.listFailed')}
      </p>
    );
  const list = answer.data;
  const upcoming = list.filter((a) => a.status === 'booked' && !a.past);
  const others = list.filter((a) => !upcoming.includes(a)).reverse();
  // a cancelled or moved booking shows once the server has it; the list stays meanwhile
  const changed = () => void refetch();
  return (
    <div className="flex flex-col gap-4">
      {upcoming.length === 0 ? <p className="text-slate-700">{t('appointment.noneUpcoming')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {[...upcoming, ...others].map((a) => (
          <li key={a.id} className="py-3">
            <AppointmentCard appointment={a} onChanged={changed} />
          </li>
        ))}
      </ul>
      <BookingLink to={paths.appointment()} className="self-start font-medium text-primary-strong hover:underline">
        {t('appointment.bookAnother')}
      </BookingLink>
    </div>
  );
}
