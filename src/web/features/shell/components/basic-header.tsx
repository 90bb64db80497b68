import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link, useNavigate } from 'react-router';
import type { ShopConfig } from '../../../../domain/shop-config.ts';
import { useInstall, useInstallLabelIndex } from '../../../lib/install-prompt.ts';
import { paths } from '../../../lib/paths.ts';
import { BackIcon } from '../../../ui/icons.tsx';

/**
 * The basic header of §2: back (to the catalog when there is no history), the shop title,
 * and on phones an install button while the browser offers to install the app.
 */
export function BasicHeader({ shop }: { shop: ShopConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const installable = useInstall((s) => s.event !== null);
  const install = useInstall((s) => s.install);
  const label = useInstallLabelIndex(installable) === 0 ? t('nav.installApp') : t('nav.installAppAlt');
  const goBack = () => {
    // React Router numbers the entries it made; index 0 means this page opened the tab
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.catalog());
  };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-2 py-2">
        <button type="button" onClick={goBack} aria-label={t('nav.back')} className="rounded-full p-2 text-slate-700 hover:bg-slate-100">
          <BackIcon />
        </button>
        <Link to={paths.cover(shop.id)} className="truncate text-base font-semibold">
          {shop.title}
        </Link>
        {installable ? (
          <button
            type="button"
            onClick={() => void install(shop.id)}
            className="ml-auto shrink-0 rounded-full bg-primary px-4 py-1.5 text-sm font-semibold text-on-primary lg:hidden"
          >
            {label}
          </button>
        ) : null}
      </div>
    </header>
  );
}
