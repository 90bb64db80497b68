import { useEffect, useState } from 'react';
import { useTranslation } from './i18n/i18n.ts';
import type { ChunkLoadError } from './chunk-load.ts';
import { classifyLoadFailure, reloadOnceForNewVersion, type LoadFailure } from './load-failure.ts';

/**
 * §8's message for a part whose code did not load (see `loadable.tsx`): offline, the
 * offline text with no retry, and the page reloads when the network is back; files gone
 * after a deploy reload the page once; otherwise Try again and Close.
 */
export default function LoadError({ error, inline, onRetry, onClose }: { error: ChunkLoadError; inline: boolean; onRetry(): void; onClose(): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  useEffect(() => {
    let live = true;
    void classifyLoadFailure(error).then((kind) => {
      if (!live) return;
      // a new version was deployed: its page has the files (once; a second time shows the error)
      if (kind === 'gone' && reloadOnceForNewVersion()) return;
      setFailure(kind);
    });
    return () => void (live = false);
  }, [error]);
  // offline: no retry; the page comes back by itself with the network
  useEffect(() => {
    if (failure !== 'offline') return;
    const back = () => window.location.reload();
    window.addEventListener('online', back, { once: true });
    return () => window.removeEventListener('online', back);
  }, [failure]);
  if (!failure) return null;
  return (
    <div
      role="alert"
      className={
        inline
          ? 'flex flex-col gap-3 text-sm'
          : 'fixed inset-x-3 top-20 z-[70] mx-auto flex max-w-md flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg'
      }
    >
      <p>{failure === 'offline' ? t('app.loadOffline') : t('app.loadFailed')}</p>
      <div className="flex justify-end gap-2">
        {failure === 'offline' ? null : (
          <button type="button" onClick={onRetry} className="rounded-md bg-primary px-3 py-1.5 font-semibold text-on-primary">
            {t('app.tryAgain')}
          </button>
        )}
        <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-slate-800">
          {t('app.close')}
        </button>
      </div>
    </div>
  );
}
