import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AppointmentList } from '../features/appointments/components/appointment-list.tsx';
import { userOrdersQuery } from '../features/checkout/api/orders.ts';
import { OrderList } from '../features/checkout/components/order-list.tsx';
import { SavedAddresses } from '../features/checkout/components/saved-addresses.tsx';
import { paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { useUi } from '../lib/ui-store.ts';
import { useCodeChannels, useShop } from '../lib/use-shop.ts';
import { LoginPrompt } from '../ui/login-prompt.tsx';

const PAGES = ['orders', 'appointments', 'addresses', 'profile'] as const;

/** The user's orders (§7 api/user/orders), newest first, with §8's texts when there is no user or no network. */
function YourOrders() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id ?? null);
  const answer = useQuery(userOrdersQuery(userId), queryClient).data;
  if (!answer) return <p role="status">{t('nav.loading')}</p>;
  if (!answer.ok) return <p role="alert" className="text-red-700">{t('account.ordersFailed')}</p>;
  const orders = answer.data;
  if (orders.length === 0) return <p className="text-slate-700">{t('account.noOrders')}</p>;
  return <OrderList orders={orders} />;
}

/** One line of the profile: what the shop knows, and the modal that changes it (none when the change needs a code the shop cannot send). */
function ProfileRow({ label, value, action, modal }: { label: string; value: string | null; action: string | null; modal: 'update-name' | 'add-email' | 'verify-phone' }) {
  const openModal = useUi((s) => s.openModal);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <dt className="font-medium">{label}:</dt>
      {value ? <dd>{value}</dd> : null}
      {action ? (
        <dd>
          <button type="button" onClick={() => openModal(modal)} className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium">
            {action}
          </button>
        </dd>
      ) : null}
    </div>
  );
}

/** The account screen (no header): the shopper's orders and, as they arrive, appointments, addresses and profile. */
export default function Account() {
  const { t } = useTranslation();
  const shop = useShop();
  const codes = useCodeChannels();
  const [params] = useSearchParams();
  const active = PAGES.find((p) => p === params.get('activePage')) ?? PAGES[0];
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
      <nav aria-label={t('account.pages')}>
        <ul className="flex gap-2 overflow-x-auto">
          {PAGES.map((p) => (
            <li key={p}>
              <Link to={paths.account(p)} aria-current={p === active ? 'page' : undefined} className={`block whitespace-nowrap rounded-full border px-3 py-1.5 text-sm ${p === active ? 'border-primary bg-primary text-on-primary' : 'border-slate-300 bg-white'}`}>
                {t(`account.${p}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="mb-2 text-lg font-semibold">{t(`account.${active}`)}</h2>
        {status === 'user' && user ? (
          <>
            <p className="mb-4 text-sm text-slate-600">{t('account.hello', { name: user.name || user.email || user.phoneNumber })}</p>
            {active === 'orders' ? <YourOrders /> : null}
            {active === 'appointments' ? <AppointmentList /> : null}
            {active === 'addresses' ? <SavedAddresses /> : null}
            {active === 'profile' ? (
              <dl className="flex flex-col gap-2">
                <ProfileRow label={t('modal.auth.name')} value={user.name} action={t('account.changeName')} modal="update-name" />
                <ProfileRow label={t('modal.auth.email')} value={user.email} action={codes.email ? (user.email ? t('account.changeEmail') : t('account.addEmail')) : null} modal="add-email" />
                <ProfileRow label={t('account.phone')} value={user.phoneNumber} action={codes.phone ? (user.phoneNumber ? t('account.changePhone') : t('account.addPhone')) : null} modal="verify-phone" />
              </dl>
            ) : null}
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
