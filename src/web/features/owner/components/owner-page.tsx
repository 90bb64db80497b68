import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { ownerApi } from '../api/owner-api.ts';
import { OwnerBoard } from './owner-board.tsx';
import { OwnerBookings } from './owner-bookings.tsx';
import { OwnerStock } from './owner-stock.tsx';

type Access = { kind: 'checking' } | { kind: 'not-owner' } | { kind: 'failed' } | { kind: 'owner'; open: boolean };

const SECTIONS = ['orders', 'bookings', 'stock'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The owner's page (issue 8): who may see it, the shop's open / closed switch, and its
 * sections — the live orders, the day's bookings (when the shop takes them) and stock.
 * The section is in the address (`?section=stock`), so a reload keeps it.
 */
export function OwnerPage() {
  const { t } = useTranslation();
  const session = useSession((s) => s.status);
  const openModal = useUi((s) => s.openModal);
  const bookings = useShop().appointments.enabled;
  const [access, setAccess] = useState<Access>({ kind: 'checking' });
  const [params, setParams] = useSearchParams();
  const sections = SECTIONS.filter((s) => s !== 'bookings' || bookings);
  const asked = params.get('section') as Section | null;
  const section: Section = asked && sections.includes(asked) ? asked : 'orders';

  // the owner's calls answer 404 to anyone else: the switch's call tells who this is
  useEffect(() => {
    if (session !== 'user') return;
    let live = true;
    void ownerApi.store().then((res) => {
      if (!live) return;
      setAccess(res.ok ? { kind: 'owner', open: res.data.open } : res.status === 404 || res.status === 401 ? { kind: 'not-owner' } : { kind: 'failed' });
    });
    return () => void (live = false);
  }, [session]);

  if (session === 'unknown' || (session === 'user' && access.kind === 'checking')) return <p role="status">{t('nav.loading')}</p>;
  if (session !== 'user') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{t('owner.logIn')}</p>
        <button type="button" onClick={() => openModal('authentication')} className="rounded-md bg-primary-strong px-5 py-2.5 font-semibold text-white">
          {t('owner.logInButton')}
        </button>
      </div>
    );
  }
  if (access.kind === 'not-owner') return <p>{t('owner.notOwner')}</p>;
  if (access.kind !== 'owner') return <p role="alert">{t('owner.failed')}</p>;

  return (
    <div className="flex flex-col gap-4">
      <StoreSwitch open={access.open} onChange={(open) => setAccess({ kind: 'owner', open })} />
      <nav aria-label={t('owner.sections')} className="flex gap-1 border-b border-slate-200">
        {sections.map((name) => (
          <button
            key={name}
            type="button"
            aria-current={section === name ? 'page' : undefined}
            onClick={() => setParams(name === 'orders' ? {} : { section: name }, { replace: true })}
            className={`-mb-px border-b-2 px-3 py-2 font-semibold ${section === name ? 'border-primary-strong text-primary-strong' : 'border-transparent text-slate-600'}`}
          >
            {t(`owner.${name}`)}
          </button>
        ))}
      </nav>
      {section === 'orders' ? <OwnerBoard /> : section === 'bookings' ? <OwnerBookings /> : <OwnerStock />}
    </div>
  );
}

/** The shop's open / closed switch: closed, the storefront says so and refuses orders. */
function StoreSwitch({ open, onChange }: { open: boolean; onChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const flip = async () => {
    setBusy(true);
    const res = await ownerApi.setStore(!open);
    setBusy(false);
    if (res.ok) onChange(res.data.open);
  };
  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 rounded-lg p-3 ${open ? 'bg-green-50 text-green-950' : 'bg-amber-100 text-amber-950'}`}>
      <p role="status" className="font-medium">
        {open ? t('owner.storeOpen') : t('owner.storeClosed')}
      </p>
      <button type="button" disabled={busy} onClick={() => void flip()} className="rounded-md border border-current px-3 py-1.5 text-sm font-semibold disabled:opacity-50">
        {open ? t('owner.closeStore') : t('owner.openStore')}
      </button>
    </div>
  );
}
