import { useRouteLoaderData } from 'react-router';
import type { ShopConfig } from '../../domain/shop-config.ts';

/** The shop config from the root loader. Routes render only when it loaded, so it is always there. */
export function useShop(): ShopConfig {
  const root = useRouteLoaderData('root') as { shop: ShopConfig } | undefined;
  if (!root) throw new Error('useShop outside the root route');
  return root.shop;
}
