import { useTranslation } from '../../../lib/i18n/i18n.ts';

/** Where a save stands, spoken as it changes (role="status"): saved in green, a problem in red, nothing otherwise. */
export function OwnerSaveStatus({ state, className }: { state: { kind: string; message?: string }; className: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={className}>
      {state.kind === 'saved' ? (
        <span className="text-green-800">{t('owner.stockSaved')}</span>
      ) : state.kind === 'problem' ? (
        <span className="text-red-700">{state.message}</span>
      ) : null}
    </span>
  );
}
