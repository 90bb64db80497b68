import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import { paths } from '../../../lib/paths.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useTakesAppointments } from '../../../lib/use-shop.ts';

/** The page foot: the shop's pages, booking when the shop takes it, the newsletter, help on WhatsApp and the language. */
export function Footer({ shop }: { shop: ShopConfig }) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  const takesAppointments = useTakesAppointments();
  const link = 'hover:underline';
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <nav aria-label={t('footer.label')} className="flex flex-wrap gap-x-5 gap-y-2">
          {takesAppointments ? (
            <Link to={paths.appointment()} className={link}>
              {t('nav.appointment')}
            </Link>
          ) : null}
          <Link to={paths.faqs()} className={link}>
            {t('pages.faqs')}
          </Link>
          <Link to={paths.terms()} className={link}>
            {t('pages.tAndC')}
          </Link>
          <Link to={paths.privacy()} className={link}>
            {t('pages.privacy')}
          </Link>
        </nav>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          <button type="button" onClick={() => openModal('newsletter')} className={link}>
            {shop.newsletter.couponEnabled ? t('footer.newsletter', { percent: shop.newsletter.couponPercent }) : t('footer.newsletterPlain')}
          </button>
          {shop.contact.whatsappNumber ? (
            <button type="button" onClick={() => openModal('whatsapp-help')} className={link}>
              {t('footer.help')}
            </button>
          ) : null}
          <button type="button" onClick={() => openModal('language-switcher')} className={link}>
            {t('nav.language')}
          </button>
        </div>
        <p className="text-xs text-slate-600">{shop.contact.address}</p>
      </div>
    </footer>
  );
}
