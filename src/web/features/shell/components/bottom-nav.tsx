import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { messages } from '../../../lib/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { CartIcon, GridIcon, HomeIcon, UserIcon } from '../../../ui/icons.tsx';

function Item({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) => `flex flex-1 flex-col items-center gap-0.5 py-2 text-xs ${isActive ? 'font-semibold text-primary-strong' : 'text-slate-600'}`}
    >
      {icon}
      {label}
    </NavLink>
  );
}

/** The bottom navigation of §2 (Home, Catalog, Profile, Cart), shown below desktop widths. */
export function BottomNav() {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white lg:hidden">
      <Item to={paths.home()} label={messages.home} icon={<HomeIcon />} />
      <Item to={paths.catalog()} label={messages.catalog} icon={<GridIcon />} />
      <Item to={paths.account()} label={messages.profile} icon={<UserIcon />} />
      <Item to={paths.checkout()} label={messages.cart} icon={<CartIcon />} />
    </nav>
  );
}
