import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

/** The checkout screen; the cart and the checkout steps arrive with the shopping and checkout features. */
export default function Checkout() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">{t('cart.empty')}</h1>
      <Link to={paths.catalog()} className="rounded-md bg-primary-strong px-5 py-2.5 font-semibold text-white">
        {t('nav.allProducts')}
      </Link>
    </section>
  );
}
