import { useCart } from '../features/cart/hooks/use-cart.ts';
import { MainHeader } from '../features/shell/components/main-header.tsx';
import { PageShell } from '../features/shell/components/page-shell.tsx';
import { useShop } from '../lib/use-shop.ts';

export default function MainLayout() {
  const { count } = useCart();
  return <PageShell header={<MainHeader shop={useShop()} cartCount={count} />} bottomNav />;
}
