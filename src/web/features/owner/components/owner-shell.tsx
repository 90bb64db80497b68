import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { logOut, useSession } from '../../../lib/session.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { alertsOnQuery, queryClient } from '../api/owner-queries.ts';
import { useOwnerAccess } from '../hooks/use-owner-access.ts';
import { useOwnerFeed, type Arrival } from '../hooks/use-owner-feed.ts';
import { ConfigGate } from './config-banner.tsx';
import { setSound, soundIsOn, turnAlertsOff, turnAlertsOn, unlockSound, type AlertsOutcome } from '../lib/alerts.ts';
import { Button } from '../../../ui/button.tsx';

/**
 * Everything on /admin sits in this (issue 18): who may see it, the frame the owner runs
 * the day from — the shop's name back to the storefront, who is logged in, log out, the
 * alerts and the sound — and the live feed that keeps the screens fresh and announces
 * each new order and booking.
 */
export function OwnerShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  const { session, query: access } = useOwnerAccess();

  if (session === 'unknown' || (session === 'user' && access.isPending)) return <Frame>{<p role="status">{t('nav.loading')}</p>}</Frame>;
  if (session !== 'user') {
    return (
      <Frame>
        <div className="flex flex-col items-start gap-3">
          <p>{t('owner.logIn')}</p>
          <Button size="lg" onClick={() => openModal('authentication')}>
            {t('owner.logInButton')}
          </Button>
        </div>
      </Frame>
    );
  }
  const res = access.data;
  if (res && !res.ok && (res.status === 404 || res.status === 401)) return <Frame>{<p>{t('owner.notOwner')}</p>}</Frame>;
  if (!res?.ok) return <Frame>{<p role="alert">{t('owner.failed')}</p>}</Frame>;
  return <OwnerFrame>{children}</OwnerFrame>;
}

/** The frame with nothing of the owner's in it: for the login and the refusals. */
function Frame({ children }: { children: ReactNode }) {
  const shop = useShop();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 pb-3 print:hidden">
        <Link to="/" className="text-lg font-bold text-primary-strong hover:underline">
          {shop.title}
        </Link>
      </header>
      <main className="flex flex-col gap-4">{children}</main>
    </div>
  );
}

function OwnerFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const shop = useShop();
  const navigate = useNavigate();
  const name = useSession((s) => s.user?.name ?? '');
  // the frame renders in the browser only (who is logged in is known there), so the choice can be read at once
  const [sound, setSoundState] = useState(() => soundIsOn(shop.id));
  const { arrivals, dismiss, live } = useOwnerFeed(shop.id);

  // sound may play only after the owner touched the page once (the login counts)
  useEffect(() => {
    if (navigator.userActivation?.hasBeenActive) unlockSound();
    const unlock = () => unlockSound();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);

  const leave = async () => {
    // a phone handed back, or shared: it stops getting the owner's alerts
    await turnAlertsOff().catch(() => undefined);
    await logOut();
    queryClient.removeQueries({ queryKey: ['owner'] });
    void navigate('/admin');
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 print:max-w-none print:p-0">
      <header className="flex flex-col gap-3 border-b border-slate-200 pb-3 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/" className="text-lg font-bold text-primary-strong hover:underline">
            {shop.title}
          </Link>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-slate-700">{t('owner.signedInAs', { name })}</span>
            <Button variant="secondary" size="sm" onClick={() => void leave()}>
              {t('owner.logOut')}
            </Button>
          </div>
        </div>
        <p role="status" className={`text-sm font-medium ${live ? 'text-green-800' : 'text-amber-800'}`}>
          {live ? t('owner.live') : t('owner.reconnecting')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <AlertsSwitch />
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={sound}
            onClick={() => {
              setSound(shop.id, !sound);
              setSoundState(!sound);
              unlockSound();
            }}
          >
            {sound ? t('owner.soundOn') : t('owner.soundOff')}
          </Button>
        </div>
      </header>
      {arrivals.length ? <Arrivals arrivals={arrivals} dismiss={dismiss} /> : null}
      <main className="flex flex-col gap-4">
        <ConfigGate>{children}</ConfigGate>
      </main>
    </div>
  );
}

/** What came in while the page was open, newest first, until the owner opens or dismisses it. */
function Arrivals({ arrivals, dismiss }: { arrivals: Arrival[]; dismiss: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('owner.arrivals')} role="status" className="flex flex-col gap-2 print:hidden">
      <ul className="flex flex-col gap-2">
        {arrivals.map((a) => (
          <li key={a.key} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-green-100 px-3 py-2 text-green-950">
            <Link to={a.url} onClick={() => dismiss(a.key)} className="font-semibold underline">
              {a.title}
            </Link>
            <span className="text-sm">{a.body}</span>
            <button
              type="button"
              onClick={() => dismiss(a.key)}
              className="rounded px-2 text-sm font-semibold"
              aria-label={t('owner.dismiss', { what: a.title })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Get an alert for every new order": push to this device, the owner's own (not the shopper's prompt). */
function AlertsSwitch() {
  const { t } = useTranslation();
  // what the owner switched here, else what the browser and the server say
  const [switched, setOn] = useState<boolean | null>(null);
  const asked = useQuery(alertsOnQuery(), queryClient).data;
  const on = switched ?? asked ?? null;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AlertsOutcome | null>(null);

  const flip = async () => {
    setBusy(true);
    if (on) {
      await turnAlertsOff();
      setOn(false);
      setOutcome(null);
    } else {
      const result = await turnAlertsOn();
      setOutcome(result);
      setOn(result === 'on');
    }
    setBusy(false);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant={on ? 'primary' : 'secondary'} size="sm" disabled={busy || on === null} onClick={() => void flip()} aria-pressed={on === true}>
        {on ? t('owner.alertsOn') : t('owner.turnAlertsOn')}
      </Button>
      {outcome === 'denied' ? <p className="text-sm text-red-700">{t('owner.alertsDenied')}</p> : null}
      {outcome === 'page-only' ? <p className="text-sm text-slate-600">{t('owner.alertsPageOnly')}</p> : null}
      {outcome === 'failed' ? <p className="text-sm text-red-700">{t('owner.failed')}</p> : null}
    </div>
  );
}
