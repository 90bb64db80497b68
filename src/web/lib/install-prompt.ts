import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { useSession } from './session.ts';

/**
 * §4 PWA install: installable when the browser offers its install prompt (the
 * `beforeinstallprompt` event, kept here until the shopper asks); triggering it marks the
 * install as triggered, and the shopper's answer is recorded for the owner as an
 * `app_install` event (value: accepted or dismissed).
 */

type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

type InstallState = { event: InstallPromptEvent | null; triggered: boolean; install(shopId: string): Promise<void> };

export const useInstall = create<InstallState>()((set, get) => ({
  event: null,
  triggered: false,
  async install(shopId) {
    const { event } = get();
    if (!event) return;
    set({ triggered: true, event: null });
    await event.prompt();
    const { outcome } = await event.userChoice;
    // loaded only now: the record's code is not part of any page's first load
    const { token, user } = useSession.getState();
    void import('./device.ts').then(({ logEvent }) =>
      logEvent(shopId, 'app_install', outcome, user?.id ?? null, token ? { authorization: `Bearer ${token}` } : {}),
    );
  },
}));

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // keep the browser's own mini-infobar away: the basic header offers the install instead
    e.preventDefault();
    useInstall.setState({ event: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstall.setState({ event: null }));
}

const INSTALL_LABEL_TOGGLES_MS = [4000, 8000] as const;

/** Which of the two install labels to show: it toggles at 4 s and again at 8 s, then stays. */
export function useInstallLabelIndex(active: boolean): 0 | 1 {
  const [index, setIndex] = useState<0 | 1>(0);
  useEffect(() => {
    if (!active) return;
    const timers = INSTALL_LABEL_TOGGLES_MS.map((ms) => window.setTimeout(() => setIndex((i) => (i === 0 ? 1 : 0)), ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [active]);
  return index;
}
