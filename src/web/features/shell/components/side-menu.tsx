import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useTakesAppointments } from '../../../lib/use-shop.ts';
import { Sheet, SheetTitle } from '../../../ui/sheet.tsx';

/**
 * The left side menu of §2: Home, All Products, Book an appointment (when the shop takes
 * bookings), and YOUR ACCOUNT with Login and Signup
 * (logged out) or Your Orders and Logout (logged in — the accounts feature passes those).
 */
export function SideMenu({ account }: { account: { loggedIn: boolean; onLogout(): void } }) {
  const { t } = useTranslation();
  const open = useUi((s) => s.panels.sideMenu);
  const closeAll = useUi((s) => s.closeAll);
  const openModal = useUi((s) => s.openModal);
  const closePanel = useUi((s) => s.closePanel);
  const takesAppointments = useTakesAppointments();
  // the menu makes way for the login and sign-up modal: after logging in the shopper is back on the page
  const authenticate = (mode: 'login' | 'signup') => (closePanel('sideMenu'), openModal('authentication', { mode }));
  const item = 'block rounded-md px-3 py-2.5 font-medium hover:bg-slate-100';
  return (
    <Sheet open={open} onClose={closeAll} side="left" className="flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto p-4">
      <SheetTitle className="sr-only">{t('nav.menu')}</SheetTitle>
      <nav aria-label={t('nav.menu')} className="flex flex-col gap-1">
        <Link to={paths.home()} onClick={closeAll} className={item}>
          {t('nav.home')}
        </Link>
        <Link to={paths.catalog()} onClick={closeAll} className={item}>
          {t('nav.allProducts')}
        </Link>
        {takesAppointments ? (
          <Link to={paths.appointment()} onClick={closeAll} className={item}>
            {t('nav.appointment')}
          </Link>
        ) : null}
        <h2 className="mt-4 px-3 text-xs font-bold tracking-wider text-slate-600">{t('nav.yourAccount')}</h2>
        {account.loggedIn ? (
          <>
            <Link to={paths.account('orders')} onClick={closeAll} className={item}>
              {t('account.orders')}
            </Link>
            <button type="button" onClick={() => (closeAll(), account.onLogout())} className={`${item} text-left`}>
              {t('nav.logout')}
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={() => authenticate('login')} className={`${item} text-left`}>
              {t('nav.login')}
            </button>
            <button type="button" onClick={() => authenticate('signup')} className={`${item} text-left`}>
              {t('nav.signup')}
            </button>
          </>
        )}
        <button type="button" onClick={() => openModal('language-switcher')} className={`${item} mt-4 text-left`}>
          {t('nav.language')}
        </button>
      </nav>
    </Sheet>
  );
}
