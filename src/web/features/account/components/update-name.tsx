import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useUpdateName } from '../api/update-name.ts';
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
  // busy is set here at once, not read from the mutation, whose state reaches the page a moment later: a second tap sends nothing
  const updateName = useUpdateName();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    // the session has the new name once this answers (the mutation's onSuccess)
    const res = await updateName.mutateAsync(name);
    setBusy(false);
    if (!res.ok) return setError(res.error?.fields?.[0]?.message ?? res.error?.errorMessage ?? t('modal.auth.connection'));
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
