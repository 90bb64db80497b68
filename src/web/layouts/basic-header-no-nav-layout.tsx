import { Outlet } from 'react-router';
import { BasicHeader } from '../features/shell/components/basic-header.tsx';
import { useShop } from '../lib/use-shop.ts';

export default function BasicHeaderNoNavLayout() {
  const shop = useShop();
  return (
    <>
      <BasicHeader shop={shop} />
      <main className="mx-auto max-w-3xl px-4 py-6">
        <Outlet />
      </main>
    </>
  );
}
