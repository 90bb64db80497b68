import { useTranslation } from '../lib/i18n/i18n.ts';

/** A spinner in the corner of the screen while a part's code loads (the microcart, §8). */
export function PartSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="fixed top-4 right-4 z-[60] rounded-full bg-white p-2 shadow-lg">
      <span className="block size-6 animate-spin rounded-full border-4 border-slate-300 border-t-primary-strong" />
      <span className="sr-only">{t('app.loadingPart')}</span>
    </div>
  );
}
