import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { groupVariants } from '../../../../domain/catalog-view.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { FIRST_PAGE, gridClasses, VIRTUALISE_ABOVE, type TileViews } from '../lib/tile-layout.ts';
import { ProductTile, type TileProduct } from './product-tile.tsx';
import type { Tile, VirtualTileList } from './virtual-tile-list.tsx';

/** The tiles to show: one per item when the shop groups variants (catalog.enableVariantGrouping). */
export function useTiles(products: TileProduct[]): Tile[] {
  const { enableVariantGrouping } = useShop().catalog;
  // the same array while the products are the same, so a long virtual list keeps its rows across re-renders
  return useMemo(
    () =>
      enableVariantGrouping
        ? groupVariants(products).map((g) => ({ product: g.product, variants: g.variants.length }))
        : products.map((p) => ({ product: p, variants: 1 })),
    [products, enableVariantGrouping],
  );
}

let LoadedVirtualList: typeof VirtualTileList | null = null;

/**
 * Whether the virtual list's code is here, fetching it when a list first needs it (most
 * pages never do, and the cover shows this grid too). Once fetched it renders at once, so
 * a list the shopper comes back to is full height in its first render, as scroll
 * restoration needs.
 */
function useVirtualListLoaded(needed: boolean): boolean {
  const [loaded, setLoaded] = useState(() => LoadedVirtualList !== null);
  useEffect(() => {
    if (!needed || loaded) return;
    void import('./virtual-tile-list.tsx').then((m) => {
      LoadedVirtualList = m.VirtualTileList;
      setLoaded(true);
    });
  }, [needed, loaded]);
  return loaded;
}

/**
 * Tiles in the shop's default view (list on mobile and grid on desktop unless
 * catalog.defaultView says otherwise) or in the given one. CSS switches at 1024 px, so
 * the server's HTML is already right for the screen and nothing shifts on hydration.
 *
 * A long list is virtualised once hydrated. The server sends its first page as plain
 * HTML and hydration keeps it; then the virtual list takes over with those same rows in
 * the same places. `tilesInAll` says that `products` is only that first page of a longer
 * list (the server's, firstScreenPage): it stays a plain list until the whole one is given.
 */
export function ProductGrid({
  products,
  tilesInAll,
  eagerCount = 4,
  view,
}: {
  products: TileProduct[];
  tilesInAll?: number | undefined;
  eagerCount?: number;
  view?: TileViews;
}) {
  const t = useT();
  const { defaultView } = useShop().catalog;
  const tiles = useTiles(products);
  const hydrated = useHydrated();
  const { key } = useLocation();
  const shown = view ?? defaultView;
  const long = (tilesInAll ?? tiles.length) > VIRTUALISE_ABOVE;
  // the virtual list's code loads while the rest of a partial list is fetched
  const loaded = useVirtualListLoaded(long && hydrated);
  if (tiles.length === 0) return <p className="py-10 text-center text-slate-600">{t('catalog.noProducts')}</p>;
  // one virtual list per history entry, so coming back to an entry finds its own rows
  if (long && tilesInAll === undefined && hydrated && loaded && LoadedVirtualList)
    return <LoadedVirtualList key={key} tiles={tiles} view={shown} eagerCount={eagerCount} historyKey={key} />;
  return (
    <ul className={`grid gap-3 ${gridClasses(shown)}`}>
      {(long ? tiles.slice(0, FIRST_PAGE) : tiles).map(({ product, variants }, i) => (
        <ProductTile key={product.id} product={product} variants={variants} view={shown} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
