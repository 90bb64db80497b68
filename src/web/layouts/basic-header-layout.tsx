import { Outlet } from 'react-router';
import { BasicHeader } from '../features/shell/components/basic-header.tsx';
import { BottomNav } from '../features/shell/components/bottom-nav.tsx';
import { useShop } from '../lib/use-shop.ts';

export default function BasicHeaderLayout() {
  const shop = useShop();
  return (
    <>
      <BasicHeader shop={shop} />
      <main className="mx-auto max-w-7xl px-4 pt-4 pb-24 lg:pb-10">
        <Outlet />
      </main>
      <BottomNav />
    </>
  );
}
