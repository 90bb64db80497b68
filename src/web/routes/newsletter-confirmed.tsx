import { useMemo } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated.ts';
import { linkFragment } from '../lib/link-fragment.ts';
import { paths } from '../lib/paths.ts';
import { useNewsletterConfirm } from '../lib/newsletter-confirm.ts';
import { buttonClass } from '../ui/button.tsx';
import { AlertText } from '../ui/alert-text.tsx';
import { noIndex } from '../lib/no-index.ts';

export const meta = noIndex;

/** /newsletter-confirmed: the newsletter's confirmation link; the welcome code then goes out by e-mail. */
export default function NewsletterConfirmed() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // read once: the link's fragment is taken out of the address once the code is spent
  const target = useMemo(() => (hydrated ? linkFragment('email', 'code') : undefined), [hydrated]);
  // sent once, however often React runs the effect (StrictMode) or the page comes back
  const res = useNewsletterConfirm(target);
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      {target === null ? <p className="text-slate-700">{t('email.noLink')}</p> : null}
      {target && !res ? <p role="status">{t('newsletterConfirmed.confirming')}</p> : null}
      {res?.ok ? (
        <>
          <h1 className="text-2xl font-semibold">{t('newsletterConfirmed.title')}</h1>
          {res.data.couponSent ? <p className="text-slate-700">{t('newsletterConfirmed.couponSent', { percent: res.data.percent })}</p> : null}
        </>
      ) : null}
      <AlertText message={res && !res.ok ? (res.error?.message ?? t('modal.networkError')) : null} />
      <Link to={paths.home()} className={buttonClass('primary', 'lg')}>
        {t('order.continueShopping')}
      </Link>
    </section>
  );
}
