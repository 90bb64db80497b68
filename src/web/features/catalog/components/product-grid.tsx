import { useTranslation } from 'react-i18next';
import { groupVariants } from '../../../../domain/catalog-view.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { ProductTile, type TileProduct, type TileView } from './product-tile.tsx';

const GRID: Record<TileView, string> = { grid: 'grid-cols-2 sm:grid-cols-3', list: 'grid-cols-1' };
const GRID_DESKTOP: Record<TileView, string> = { grid: 'lg:grid-cols-4 xl:grid-cols-5', list: 'lg:grid-cols-2' };

/**
 * Tiles in the shop's default view: list on mobile and grid on desktop unless the config
 * says otherwise (catalog.defaultView). CSS switches at 1024 px, so the server's HTML is
 * already right for the screen and nothing shifts on hydration.
 */
export function ProductGrid({ products, eagerCount = 4 }: { products: TileProduct[]; eagerCount?: number }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { defaultView, enableVariantGrouping } = shop.catalog;
  const tiles = enableVariantGrouping ? groupVariants(products) : products.map((p) => ({ product: p, variants: [p] }));
  if (tiles.length === 0) return <p className="py-10 text-center text-slate-600">{t('catalog.noProducts')}</p>;
  return (
    <ul className={`grid gap-3 ${GRID[defaultView.mobile]} ${GRID_DESKTOP[defaultView.desktop]}`}>
      {tiles.map(({ product, variants }, i) => (
        <ProductTile key={product.id} product={product} variants={variants.length} view={defaultView} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
