import { BasicHeader } from '../features/shell/components/basic-header.tsx';
import { PageShell } from '../features/shell/components/page-shell.tsx';
import { useShop } from '../lib/use-shop.ts';

export default function BasicHeaderLayout() {
  return <PageShell header={<BasicHeader shop={useShop()} />} bottomNav />;
}
