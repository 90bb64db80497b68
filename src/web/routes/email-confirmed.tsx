import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export default function EmailConfirmed() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">{t('email.confirmed')}</h1>
      <Link to={paths.home()} className="rounded-md bg-primary-strong px-5 py-2.5 font-semibold text-white">
        {t('order.continueShopping')}
      </Link>
    </section>
  );
}
