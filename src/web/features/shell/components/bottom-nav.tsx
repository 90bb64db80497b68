import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { CartIcon, GridIcon, HomeIcon, UserIcon } from '../../../ui/icons.tsx';

function Item({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `flex flex-1 flex-col items-center gap-0.5 py-2 text-xs ${isActive ? 'font-semibold text-primary-strong' : 'text-slate-600'}`
      }
    >
      {icon}
      {label}
    </NavLink>
  );
}

/**
 * The bottom navigation of §2 (Home, Catalog, Profile, Cart), shown below desktop widths.
 * Cart only when orders or enquiries are on, as the header's cart icon (§2): a shop that
 * takes neither has no cart to open.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const openPanel = useUi((s) => s.openPanel);
  const { orderEnabled, enquiryEnabled } = useShop().orderConfig;
  return (
    <nav aria-label={t('nav.main')} className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white lg:hidden">
      <Item to={paths.home()} label={t('nav.home')} icon={<HomeIcon />} />
      <Item to={paths.catalog()} label={t('nav.catalog')} icon={<GridIcon />} />
      <Item to={paths.account()} label={t('nav.profile')} icon={<UserIcon />} />
      {orderEnabled || enquiryEnabled ? (
        <button type="button" onClick={() => openPanel('cart')} className="flex flex-1 flex-col items-center gap-0.5 py-2 text-xs text-slate-600">
          <CartIcon />
          {t('nav.cart')}
        </button>
      ) : null}
    </nav>
  );
}
