import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useCodeChannels } from '../../../lib/use-shop.ts';

/** The account screen's pages, in the order of its tabs (`?activePage=`). */
export const ACCOUNT_PAGES = ['orders', 'appointments', 'addresses', 'profile'] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

/** The tabs between the account's pages; the page shown is the current one. */
export function AccountNav({ active }: { active: AccountPage }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('account.pages')}>
      <ul className="flex gap-2 overflow-x-auto">
        {ACCOUNT_PAGES.map((p) => (
          <li key={p}>
            <Link
              to={paths.account(p)}
              aria-current={p === active ? 'page' : undefined}
              className={`block whitespace-nowrap rounded-full border px-3 py-1.5 text-sm ${p === active ? 'border-primary bg-primary text-on-primary' : 'border-slate-300 bg-white'}`}
            >
              {t(`account.${p}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One line of the profile: what the shop knows, and the modal that changes it (none when the change needs a code the shop cannot send). */
function ProfileRow({
  label,
  value,
  action,
  modal,
}: {
  label: string;
  value: string | null;
  action: string | null;
  modal: 'update-name' | 'add-email' | 'verify-phone';
}) {
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

/** The profile page: name, e-mail and phone, each with the modal that changes it. */
export function Profile({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const codes = useCodeChannels();
  return (
    <dl className="flex flex-col gap-2">
      <ProfileRow label={t('modal.auth.name')} value={user.name} action={t('account.changeName')} modal="update-name" />
      <ProfileRow
        label={t('modal.auth.email')}
        value={user.email}
        action={codes.email ? (user.email ? t('account.changeEmail') : t('account.addEmail')) : null}
        modal="add-email"
      />
      <ProfileRow
        label={t('account.phone')}
        value={user.phoneNumber}
        action={codes.phone ? (user.phoneNumber ? t('account.changePhone') : t('account.addPhone')) : null}
        modal="verify-phone"
      />
    </dl>
  );
}
