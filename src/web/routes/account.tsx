import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatMoney, toMinor } from '../../domain/money.ts';
import type { ShippingDetails } from '../../domain/checkout-state.ts';
import type { OrderView } from '../../domain/order.ts';
import { orderLabel } from '../../domain/order-number.ts';
import { AddressFields } from '../features/checkout/components/address-fields.tsx';
import { AppointmentList } from '../features/appointments/components/appointment-list.tsx';
import { DeliveryTime } from '../features/checkout/components/delivery-time.tsx';
import { RefundNote } from '../features/checkout/components/refund-note.tsx';
import { deleteJson, postJson } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { asUser, useSession } from '../lib/session.ts';
import { useUserJson } from '../lib/use-user-json.ts';
import { useUi } from '../lib/ui-store.ts';
import { useCodeChannels, usePriceFormat, useShop } from '../lib/use-shop.ts';

const PAGES = ['orders', 'appointments', 'addresses', 'profile'] as const;

/** The user's orders (§7 api/user/orders), newest first, with §8's texts when there is no user or no network. */
function YourOrders() {
  const { t, i18n } = useTranslation();
  const format = usePriceFormat();
  const orders = useUserJson<OrderView[]>('/api/user/orders');
  if (orders === null) return <p role="status">{t('nav.loading')}</p>;
  if (orders === 'failed') return <p role="alert" className="text-red-700">{t('account.ordersFailed')}</p>;
  if (orders.length === 0) return <p className="text-slate-700">{t('account.noOrders')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {orders.map((o) => (
        <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
          <span>
            <span className="font-medium">{t('checkout.orderNumber', { id: orderLabel(o) })}</span>
            <span className="block text-sm text-slate-600">
              {new Date(o.createdAt).toLocaleDateString(i18n.language)} · {t(`order.statuses.${o.status}`, { defaultValue: o.status })}
            </span>
            <DeliveryTime order={o} className="text-sm text-slate-600" />
            <RefundNote order={o} className="text-sm font-medium text-slate-800" />
          </span>
          <span className="font-semibold">{formatMoney(toMinor(o.grandTotal, format.fractionDigits), format)}</span>
        </li>
      ))}
    </ul>
  );
}

type SavedAddress = ShippingDetails & { id: string };
const blankAddress: ShippingDetails = { fullName: '', streetName: '', apartment: '', city: '', state: '', zipCode: '', country: '', phone: '' };

/** A new or changed saved address, checked by the server; its field errors show under the fields. */
function AddressForm({ address, onDone }: { address: SavedAddress | null; onDone(saved: boolean): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<ShippingDetails>(() => (address ? { ...blankAddress, ...address, apartment: address.apartment ?? '', phone: address.phone ?? '' } : blankAddress));
  const [errors, setErrors] = useState<Array<{ path: string; message: string }>>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const path = address ? `/api/user/addresses/${encodeURIComponent(address.id)}` : '/api/user/addresses';
    const res = await asUser((headers) => postJson(path, value, headers));
    setBusy(false);
    if (res.ok) return onDone(true);
    setErrors(res.error?.fields ?? []);
    setFailed(res.error?.fields ? null : (res.error?.message ?? t('modal.auth.connection')));
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={address ? t('account.editAddress', { name: address.fullName }) : t('account.addAddress')} className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <AddressFields value={value} onChange={(details) => setValue((v) => ({ ...v, ...details }))} errorFor={(field) => errors.find((x) => x.path === field)?.message} />
      {failed ? <p role="alert" className="text-sm text-red-700">{failed}</p> : null}
      <div className="flex gap-3 self-end">
        <button type="button" onClick={() => onDone(false)} className="rounded-md border border-slate-300 px-4 py-2 font-medium">{t('account.cancel')}</button>
        <button type="submit" disabled={busy} className="rounded-md bg-primary px-4 py-2 font-semibold text-on-primary disabled:opacity-60">{t('account.saveAddress')}</button>
      </div>
    </form>
  );
}

/** The saved delivery addresses (§7 api/user/addresses): added here or at checkout, edited and deleted here. */
function YourAddresses() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  // the address being edited, 'new' for a new one
  const [editing, setEditing] = useState<string | null>(null);
  const addresses = useUserJson<SavedAddress[]>('/api/user/addresses', version);
  if (addresses === null) return <p role="status">{t('nav.loading')}</p>;
  if (addresses === 'failed') return <p role="alert" className="text-red-700">{t('modal.networkError')}</p>;
  const done = (saved: boolean) => {
    setEditing(null);
    if (saved) setVersion((v) => v + 1);
  };
  const small = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium';
  return (
    <div className="flex flex-col gap-3">
      {addresses.length === 0 ? <p className="text-slate-700">{t('account.noAddresses')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {addresses.map((a) =>
          editing === a.id ? (
            <li key={a.id} className="py-3">
              <AddressForm address={a} onDone={done} />
            </li>
          ) : (
            <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <span className="flex flex-col">
                <span className="font-medium">{a.fullName}</span>
                <span className="text-sm text-slate-600">{[a.streetName, a.apartment, a.city, a.state, a.zipCode, a.country].filter(Boolean).join(', ')}</span>
              </span>
              <span className="flex gap-2">
                <button type="button" onClick={() => setEditing(a.id)} className={small}>
                  {t('account.editAddress', { name: a.fullName })}
                </button>
                <button type="button" onClick={() => void asUser((headers) => deleteJson(`/api/user/addresses/${encodeURIComponent(a.id)}`, headers)).then(() => setVersion((v) => v + 1))} className={small}>
                  {t('account.deleteAddress', { name: a.fullName })}
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <AddressForm address={null} onDone={done} />
      ) : (
        <button type="button" onClick={() => setEditing('new')} className={`self-start ${small}`}>
          {t('account.addAddress')}
        </button>
      )}
    </div>
  );
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
  const openModal = useUi((s) => s.openModal);
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
            {active === 'addresses' ? <YourAddresses /> : null}
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
          <div className="flex flex-col items-start gap-3">
            <p className="text-slate-700">{t(`account.loginToSee.${active}`)}</p>
            <button type="button" onClick={() => openModal('authentication', { mode: 'login' })} className="rounded-md bg-primary px-5 py-2 font-semibold text-on-primary">
              {t('account.login')}
            </button>
          </div>
        )}
      </section>
    </main>
  );
}
