import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { AccountNav, ACCOUNT_PAGES, Profile } from '../features/account/components/account-parts.tsx';
import { AppointmentList } from '../features/appointments/components/appointment-list.tsx';
import { SavedAddresses } from '../features/checkout/components/saved-addresses.tsx';
import { YourOrders } from '../features/checkout/components/your-orders.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { useShop } from '../lib/use-shop.ts';
import { LoginPrompt } from '../ui/login-prompt.tsx';

/** The account screen (no header): the shopper's orders and, as they arrive, appointments, addresses and profile. */
export default function Account() {
  const { t } = useTranslation();
  const shop = useShop();
  const [params] = useSearchParams();
  const active = ACCOUNT_PAGES.find((p) => p === params.get('activePage')) ?? ACCOUNT_PAGES[0];
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">{t('account.title')}</h1>
        <Link to={paths.home()} className="text-sm font-medium text-primary-strong hover:underline">
          {shop.title}
        </Link>
      </div>
      <AccountNav active={active} />
      <section className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="mb-2 text-lg font-semibold">{t(`account.${active}`)}</h2>
        {status === 'user' && user ? (
          <>
            <p className="mb-4 text-sm text-slate-600">{t('account.hello', { name: user.name || user.email || user.phoneNumber })}</p>
            {active === 'orders' ? <YourOrders /> : null}
            {active === 'appointments' ? <AppointmentList /> : null}
            {active === 'addresses' ? <SavedAddresses /> : null}
            {active === 'profile' ? <Profile user={user} /> : null}
          </>
        ) : status === 'unknown' ? (
          <p role="status">{t('nav.loading')}</p>
        ) : (
          <LoginPrompt text={t(`account.loginToSee.${active}`)} />
        )}
      </section>
    </main>
  );
}
