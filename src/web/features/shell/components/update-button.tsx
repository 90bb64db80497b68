import { useTranslation } from '../../../lib/i18n/i18n.ts';

/** §2: shown while a new version of the app waits; the click makes it active, which reloads the page once. */
export function UpdateButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className="fixed inset-x-0 top-3 z-[65] mx-auto w-max max-w-[calc(100vw-1.5rem)] rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg"
    >
      {t('app.update')}
    </button>
  );
}
