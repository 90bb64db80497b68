import { useTranslation } from 'react-i18next';
import { useUi } from '../lib/ui-store.ts';

/** What a guest sees where a page needs an account: why, and the button that opens the login. */
export function LoginPrompt({ text, action }: { text: string; action?: string }) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-slate-700">{text}</p>
      <button type="button" onClick={() => openModal('authentication', { mode: 'login' })} className="rounded-md bg-primary px-5 py-2.5 font-semibold text-on-primary">
        {action ?? t('account.login')}
      </button>
    </div>
  );
}
