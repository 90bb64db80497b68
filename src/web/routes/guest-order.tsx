import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

/** The guest order view (no header): an order is shown with its id and notification token, once orders exist. */
export default function GuestOrder() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('order.guestTitle')}</h1>
      <p className="text-slate-700">{t('order.guestText')}</p>
      <Link to={paths.home()} className="font-medium text-primary-strong hover:underline">
        {t('order.continueShopping')}
      </Link>
    </main>
  );
}
