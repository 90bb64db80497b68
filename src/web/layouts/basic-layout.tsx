import { BrandHeader } from '../features/shell/components/brand-header.tsx';
import { PageShell } from '../features/shell/components/page-shell.tsx';
import { useShop } from '../lib/use-shop.ts';

/** §2 "basic layout" (cover, e-mail confirmed): a brand bar instead of the shopping header. */
export default function BasicLayout() {
  return <PageShell header={<BrandHeader shop={useShop()} />} bottomNav />;
}
