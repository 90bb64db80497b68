import { Outlet } from 'react-router';
import { BottomNav } from '../features/shell/components/bottom-nav.tsx';
import { MainHeader } from '../features/shell/components/main-header.tsx';
import { useShop } from '../lib/use-shop.ts';

export default function MainLayout() {
  const shop = useShop();
  return (
    <>
      <MainHeader shop={shop} />
      <main className="mx-auto max-w-7xl px-4 pt-4 pb-24 lg:pb-10">
        <Outlet />
      </main>
      <BottomNav />
    </>
  );
}
