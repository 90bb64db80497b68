import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useLocation } from 'react-router';
import { PROMPT_DELAY_MS, PROMPT_SHOWN_MS, usePushPrompt } from '../../../lib/push-prompt.ts';
import { enablePush } from '../../../lib/push-subscription.ts';
import { useSession } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';

const shownKey = (shopId: string) => `${shopId}/pushPrompted`;

function alreadyShown(shopId: string): boolean {
  try {
    return sessionStorage.getItem(shownKey(shopId)) !== null;
  } catch {
    return false;
  }
}

/**
 * The enable-notifications prompt (§2 Shell, §4 Push, §9 3000 ms / 15000 ms): once per
 * tab for a logged-in shopper whose browser has not been asked yet, or when forced.
 */
export function PushPrompt({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const user = useSession((s) => (s.status === 'user' ? s.user : null));
  const forced = usePushPrompt((s) => s.forced);
  const done = usePushPrompt((s) => s.done);
  const [visible, setVisible] = useState(false);
  // the owner's pages have the owner's own alerts switch (issue 18), not the shopper's prompt
  const onOwnerPages = useLocation().pathname.startsWith('/admin');
  const askable = typeof Notification !== 'undefined' && Notification.permission === 'default';
  const eligible = askable && !onOwnerPages && (forced !== null || (user !== null && !alreadyShown(shopId)));

  useEffect(() => {
    if (!eligible) return;
    const show = window.setTimeout(() => {
      setVisible(true);
      try {
        sessionStorage.setItem(shownKey(shopId), '1');
      } catch {
        // shown again on the next page load
      }
    }, PROMPT_DELAY_MS);
    return () => window.clearTimeout(show);
  }, [eligible, forced, shopId]);

  // shown, it goes by itself after 15 s
  useEffect(() => {
    if (!visible) return;
    const hide = window.setTimeout(() => (setVisible(false), done()), PROMPT_SHOWN_MS);
    return () => window.clearTimeout(hide);
  }, [visible, done]);

  if (!visible) return null;
  const close = () => (setVisible(false), done());
  const allow = () => {
    close();
    const token = useSession.getState().token;
    void enablePush(shopId, user?.id ?? null, token ? { authorization: `Bearer ${token}` } : {});
  };
  return (
    <section
      aria-label={t('push.label')}
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-lg lg:bottom-6"
    >
      <p className="flex-1 text-sm text-slate-800">{forced === 'order-success' ? t('push.orderSuccessText') : t('push.text')}</p>
      <div className="flex flex-col items-end gap-2">
        <button type="button" onClick={close} aria-label={t('push.close')} className="rounded px-1 text-lg leading-none text-slate-500 hover:text-slate-800">
          ×
        </button>
        <Button size="sm" className="whitespace-nowrap" onClick={allow}>
          {t('push.allow')}
        </Button>
      </div>
    </section>
  );
}
