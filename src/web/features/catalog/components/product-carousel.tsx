import { useTranslation } from 'react-i18next';
import { Carousel } from './carousel.tsx';
import { useTiles } from './product-grid.tsx';
import { ProductTile, type TileProduct } from './product-tile.tsx';

const GRID_VIEW = { mobile: 'grid', desktop: 'grid' } as const;

/**
 * Product tiles in a row that scrolls sideways: 2 in view on phones, 3 on tablets, 4 from
 * 1024 px and 5 from 1280 px. It never moves by itself.
 */
export function ProductCarousel({ products, eagerCount = 0 }: { products: TileProduct[]; eagerCount?: number }) {
  const { t } = useTranslation();
  const tiles = useTiles(products);
  if (tiles.length === 0) return <p className="py-10 text-center text-slate-600">{t('catalog.noProducts')}</p>;
  return (
    <Carousel slideClassName="basis-1/2 sm:basis-1/3 lg:basis-1/4 xl:basis-1/5" buttonsAt="top-[40%]">
      {tiles.map(({ product, variants }, i) => (
        <ProductTile key={product.id} as="div" product={product} variants={variants} view={GRID_VIEW} eager={i < eagerCount} />
      ))}
    </Carousel>
  );
}
