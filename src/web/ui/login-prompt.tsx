import { useTranslation } from '../lib/i18n/i18n.ts';
import { useUi } from '../lib/ui-store.ts';
import { Button } from './button.tsx';

/** What a guest sees where a page needs an account: why, and the button that opens the login. */
export function LoginPrompt({ text, action }: { text: string; action?: string }) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-slate-700">{text}</p>
      <Button size="lg" onClick={() => openModal('authentication', { mode: 'login' })}>
        {action ?? t('account.login')}
      </Button>
    </div>
  );
}
