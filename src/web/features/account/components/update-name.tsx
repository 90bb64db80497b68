import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { postJson } from '../../../lib/api.ts';
import { asUser, useSession, type SessionUser } from '../../../lib/session.ts';
import { ModalFrame } from '../../../modals/modal-frame.tsx';
import type { ModalProps } from '../../../modals/registry.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';

/** The update-name modal (§2, §7 api/user/updateName): the name the shop uses on orders and reviews. */
export default function UpdateName({ close }: ModalProps<'update-name'>) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [name, setName] = useState(user?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await asUser((headers) => postJson<{ success: true; user: SessionUser }>('/api/user/updateName', { newName: name }, headers));
    setBusy(false);
    if (!res.ok) return setError(res.error?.fields?.[0]?.message ?? res.error?.errorMessage ?? t('modal.auth.connection'));
    const { token } = useSession.getState();
    useSession.getState().signIn({ success: true, authToken: token, user: res.data.user, errorCode: null, errorMessage: null });
    close();
  }

  return (
    <ModalFrame title={t('modal.shells.updateName.title')} close={close}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" noValidate>
        <label htmlFor={id} className="text-sm font-medium">
          {t('modal.auth.name')}
        </label>
        <input id={id} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" className="rounded-md border border-slate-300 px-3 py-2" />
        <AlertText message={error} small />
        <Button type="submit" size="md-wide" className="self-end" disabled={busy}>
          {t('modal.saveName')}
        </Button>
      </form>
    </ModalFrame>
  );
}
