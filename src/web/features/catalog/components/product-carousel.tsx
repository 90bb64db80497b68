import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Carousel, PER_VIEW } from './carousel.tsx';
import { useTiles } from './product-grid.tsx';
import { ProductTile, type TileProduct } from './product-tile.tsx';

const GRID_VIEW = { mobile: 'grid', desktop: 'grid' } as const;

/**
 * Product tiles in a row that scrolls sideways: 4 in view from 1024 px, 2 below (§9
 * "carousel 4 per view, 2 at 1023 px"). It never moves by itself.
 */
export function ProductCarousel({ products, eagerCount = 0 }: { products: TileProduct[]; eagerCount?: number }) {
  const { t } = useTranslation();
  const tiles = useTiles(products);
  if (tiles.length === 0) return <p className="py-10 text-center text-slate-600">{t('catalog.noProducts')}</p>;
  return (
    <Carousel slideClassName={PER_VIEW} buttonsAt="top-[40%]">
      {tiles.map(({ product, variants }, i) => (
        <ProductTile key={product.id} as="div" product={product} variants={variants} view={GRID_VIEW} eager={i < eagerCount} />
      ))}
    </Carousel>
  );
}
