import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export default function AppointmentSuccess() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">{t('appointment.successTitle')}</h1>
      <p className="text-slate-700">{t('appointment.successText')}</p>
      <Link to={paths.account('appointments')} className="font-medium text-primary-strong hover:underline">
        {t('account.appointments')}
      </Link>
    </section>
  );
}
