import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link, useLocation, useSearchParams } from 'react-router';
import { appointmentsQuery } from '../features/appointments/api/appointments.ts';
import { AppointmentCard } from '../features/appointments/components/appointment-list.tsx';
import { useFormatFee } from '../features/appointments/hooks/use-format-fee.ts';
import { paths } from '../lib/paths.ts';
import { buttonClass } from '../ui/button.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';

function Booking({ billId, moved, emailSent }: { billId: string; moved: boolean; emailSent: boolean }) {
  const { t } = useTranslation();
  const email = useSession((s) => s.user?.email ?? null);
  const userId = useSession((s) => s.user?.id ?? null);
  const answer = useQuery(appointmentsQuery(userId), queryClient).data;
  const formatFee = useFormatFee();
  if (!answer) return <p role="status">{t('nav.loading')}</p>;
  const booking = answer.ok ? answer.data.find((a) => a.billId === billId) : undefined;
  if (!booking)
    return (
      <p role="alert" className="text-red-700">
        {t('appointment.notFound')}
      </p>
    );
  return (
    <>
      <h1 className="text-2xl font-semibold">{moved ? t('appointment.movedTitle') : t('appointment.successTitle')}</h1>
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-4 text-left">
        <AppointmentCard appointment={booking} />
      </div>
      {/* a deposit to pay: its order's page takes it, loaded afresh (a gateway's script may be needed there) */}
      {booking.deposit?.state === 'due' ? (
        <a href={paths.accountOrder(booking.deposit.orderId)} className={buttonClass('primary', 'lg')}>
          {t('appointment.payDeposit', { amount: formatFee(booking.deposit.amount) })}
        </a>
      ) : null}
      {/* the calendar file is mentioned only when the server said it mails one (a confirmed address, a mail server) */}
      <p className="text-slate-700">{email && emailSent ? t('appointment.mailed', { email }) : t('appointment.successText')}</p>
    </>
  );
}

/** /appointment/success?billId=… (§2): the booking just made or moved, as the server holds it. */
export default function AppointmentSuccess() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const emailSent = (useLocation().state as { emailSent?: unknown } | null)?.emailSent === true;
  const status = useSession((s) => s.status);
  const billId = params.get('billId');
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      {billId && status === 'user' ? (
        <Booking billId={billId} moved={params.has('moved')} emailSent={emailSent} />
      ) : status === 'unknown' ? (
        <p role="status">{t('nav.loading')}</p>
      ) : (
        <h1 className="text-2xl font-semibold">{t('appointment.successTitle')}</h1>
      )}
      <Link to={paths.account('appointments')} className="font-medium text-primary-strong hover:underline">
        {t('appointment.allBookings')}
      </Link>
    </section>
  );
}
