import { useMemo } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated.ts';
import { linkFragment } from '../lib/link-fragment.ts';
import { paths } from '../lib/paths.ts';
import { useEmailConfirm } from '../features/account/api/email-confirm.ts';
import { buttonClass } from '../ui/button.tsx';
import { AlertText } from '../ui/alert-text.tsx';

type State = { kind: 'confirming' } | { kind: 'done' } | { kind: 'error'; message: string };

/** The e-mail confirmation link (`#email=…&code=…`) → the account works and the shopper is logged in. */
export default function EmailConfirmed() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // read once: the link's fragment is taken out of the address once the code is spent
  const target = useMemo(() => (hydrated ? linkFragment('email', 'code') : undefined), [hydrated]);
  // sent once, however often React runs the effect (StrictMode) or the page comes back
  const res = useEmailConfirm(target);
  const state: State = !res
    ? { kind: 'confirming' }
    : res.ok && res.data.success
      ? { kind: 'done' }
      : { kind: 'error', message: (res.ok ? null : res.error?.errorMessage) ?? t('modal.auth.connection') };

  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      {target === null && state.kind === 'confirming' ? <p className="text-slate-700">{t('email.noLink')}</p> : null}
      {target && state.kind === 'confirming' ? <p role="status">{t('email.confirming')}</p> : null}
      {state.kind === 'done' ? <h1 className="text-2xl font-semibold">{t('email.confirmed')}</h1> : null}
      <AlertText message={state.kind === 'error' ? state.message : null} />
      <Link to={paths.home()} className={buttonClass('primary', 'lg')}>
        {t('order.continueShopping')}
      </Link>
    </section>
  );
}
