import { Outlet } from 'react-router';
import { BottomNav } from '../features/shell/components/bottom-nav.tsx';
import { BrandHeader } from '../features/shell/components/brand-header.tsx';
import { useShop } from '../lib/use-shop.ts';

/** §2 "basic layout" (cover, e-mail confirmed): a brand bar instead of the shopping header. */
export default function BasicLayout() {
  const shop = useShop();
  return (
    <>
      <BrandHeader shop={shop} />
      <main className="mx-auto max-w-7xl px-4 pt-4 pb-24 lg:pb-10">
        <Outlet />
      </main>
      <BottomNav />
    </>
  );
}
