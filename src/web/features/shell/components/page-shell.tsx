import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useShop } from '../../../lib/use-shop.ts';
import { BottomNav } from './bottom-nav.tsx';
import { Footer } from './footer.tsx';

/** A header, the page, and the bottom navigation when the layout has it (§2 table). */
export function PageShell({ header, bottomNav, narrow = false }: { header: ReactNode; bottomNav: boolean; narrow?: boolean }) {
  const shop = useShop();
  const width = narrow ? 'max-w-3xl py-6' : 'max-w-7xl pt-4';
  return (
    <>
      {header}
      <main className={`mx-auto px-4 pb-6 ${width}`}>
        <Outlet />
      </main>
      {/* below desktop widths the bottom navigation covers the last 4rem */}
      <div className={bottomNav ? 'pb-16 lg:pb-0' : undefined}>
        <Footer shop={shop} />
      </div>
      {bottomNav ? <BottomNav /> : null}
    </>
  );
}
