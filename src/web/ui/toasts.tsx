import { useEffect, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { markToasterReady } from '../lib/toast-queue.ts';

// §9: desktop from 1024 px, the bottom navigation below it
const DESKTOP = '(min-width: 1024px)';
const onWidthChange = (change: () => void) => {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
const isDesktop = () => window.matchMedia(DESKTOP).matches;

/**
 * Where toasts appear; `lib/notify.ts` is the one way to show one. Colours and icons per §4
 * type, and the height they keep above the bottom navigation: `app.css`. Never over a
 * header, whose Menu, account and cart buttons a shopper taps right after a toast (a pointer
 * on a toast holds it): below 1024 px centred at the bottom (across the screen on phones),
 * just above the bottom navigation, where a swipe down dismisses it; on desktops in the
 * bottom right corner, clear of the header and of the notifications prompt in the centre.
 */
export function Toasts() {
  // the Toaster subscribes in its own effect, which runs before this one
  useEffect(markToasterReady, []);
  // the toaster mounts in the browser only (root.tsx: when idle or at the first toast)
  const desktop = useSyncExternalStore(onWidthChange, isDesktop, () => false);
  const bottom = { bottom: 'var(--toast-offset-bottom)' };
  return (
    <Toaster
      position={desktop ? 'bottom-right' : 'bottom-center'}
      offset={bottom}
      mobileOffset={bottom}
      visibleToasts={3}
      toastOptions={{
        classNames: {
          actionButton: '!bg-slate-900 !text-white',
          cancelButton: '!bg-slate-200 !text-slate-900',
        },
      }}
    />
  );
}
