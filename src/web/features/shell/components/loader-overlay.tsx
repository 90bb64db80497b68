import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useUi } from '../../../lib/ui-store.ts';

/**
 * Covers the page while `useUi().withLoader(...)` work runs (logging in, placing an order,
 * starting a payment). It is gone before that work's failure shows, and it sits under the
 * load-error message and the toasts.
 */
export function LoaderOverlay() {
  const { t } = useTranslation();
  const loading = useUi((s) => s.loading > 0);
  if (!loading) return null;
  return (
    <div role="status" aria-live="polite" data-testid="loader-overlay" className="fixed inset-0 z-[60] flex items-center justify-center bg-white/60">
      <span className="size-10 animate-spin rounded-full border-4 border-slate-300 border-t-primary-strong" />
      <span className="sr-only">{t('nav.loading')}</span>
    </div>
  );
}
