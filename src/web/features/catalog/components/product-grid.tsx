import { useTranslation } from 'react-i18next';
import { groupVariants } from '../../../../domain/catalog-view.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { ProductTile, type TileProduct, type TileView } from './product-tile.tsx';

const GRID: Record<TileView, string> = { grid: 'grid-cols-2 sm:grid-cols-3', list: 'grid-cols-1' };
const GRID_DESKTOP: Record<TileView, string> = { grid: 'lg:grid-cols-4 xl:grid-cols-5', list: 'lg:grid-cols-2' };

/** The tiles to show: one per item when the shop groups variants (catalog.enableVariantGrouping). */
export function useTiles(products: TileProduct[]): { product: TileProduct; variants: number }[] {
  const { enableVariantGrouping } = useShop().catalog;
  return enableVariantGrouping ? groupVariants(products).map((g) => ({ product: g.product, variants: g.variants.length })) : products.map((p) => ({ product: p, variants: 1 }));
}

/**
 * Tiles in the shop's default view: list on mobile and grid on desktop unless the config
 * says otherwise (catalog.defaultView). CSS switches at 1024 px, so the server's HTML is
 * already right for the screen and nothing shifts on hydration.
 */
export function ProductGrid({ products, eagerCount = 4 }: { products: TileProduct[]; eagerCount?: number }) {
  const { t } = useTranslation();
  const { defaultView } = useShop().catalog;
  const tiles = useTiles(products);
  if (tiles.length === 0) return <p className="py-10 text-center text-slate-600">{t('catalog.noProducts')}</p>;
  return (
    <ul className={`grid gap-3 ${GRID[defaultView.mobile]} ${GRID_DESKTOP[defaultView.desktop]}`}>
      {tiles.map(({ product, variants }, i) => (
        <ProductTile key={product.id} product={product} variants={variants} view={defaultView} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
