import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BottomNav } from './bottom-nav.tsx';

/** A header, the page, and the bottom navigation when the layout has it (§2 table). */
export function PageShell({ header, bottomNav, narrow = false }: { header: ReactNode; bottomNav: boolean; narrow?: boolean }) {
  const width = narrow ? 'max-w-3xl py-6' : 'max-w-7xl pt-4';
  return (
    <>
      {header}
      <main className={`mx-auto px-4 ${width} ${bottomNav ? 'pb-24 lg:pb-10' : 'pb-10'}`}>
        <Outlet />
      </main>
      {bottomNav ? <BottomNav /> : null}
    </>
  );
}
