import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Product } from '../../../../domain/catalog.ts';
import { isOutOfStock } from '../../../../domain/catalog-view.ts';
import { paths } from '../../../lib/paths.ts';
import { Price } from './price.tsx';

export type TileView = 'grid' | 'list';

/** What a tile needs: loaders send only this, not descriptions, to keep pages light. */
export type TileProduct = Pick<Product, 'id' | 'itemId' | 'variantId' | 'variantName' | 'title' | 'price' | 'images' | 'stock' | 'isFraction' | 'categoryId' | 'tags'>;

export function toTile(p: Product): TileProduct {
  return { id: p.id, itemId: p.itemId, variantId: p.variantId, variantName: p.variantName, title: p.title, price: p.price, images: p.images.slice(0, 2), stock: p.stock, isFraction: p.isFraction, categoryId: p.categoryId, tags: p.tags };
}

const ITEM: Record<TileView, string> = { list: 'flex flex-row', grid: 'flex flex-col' };
const ITEM_DESKTOP: Record<TileView, string> = { list: 'lg:flex-row', grid: 'lg:flex-col' };
const IMAGE: Record<TileView, string> = { list: 'w-28 sm:w-36 aspect-square', grid: 'w-full aspect-square' };
const IMAGE_DESKTOP: Record<TileView, string> = { list: 'lg:w-36', grid: 'lg:w-full' };

/** A product tile: in list view the image sits beside the text, in grid view above it. */
export function ProductTile({ product, variants = 1, view, eager = false }: { product: TileProduct; variants?: number; view: { mobile: TileView; desktop: TileView }; eager?: boolean }) {
  const { t } = useTranslation();
  const image = product.images[0];
  const out = isOutOfStock(product);
  return (
    <li className={`overflow-hidden rounded-lg border border-slate-200 bg-white ${ITEM[view.mobile]} ${ITEM_DESKTOP[view.desktop]}`}>
      <Link to={paths.product(product.variantId)} className={`relative block shrink-0 bg-slate-100 ${IMAGE[view.mobile]} ${IMAGE_DESKTOP[view.desktop]}`}>
        {image ? <img src={image.thumbnail} alt={product.title} width={200} height={200} loading={eager ? 'eager' : 'lazy'} decoding="async" className="size-full object-cover" /> : null}
        {out ? <span className="absolute top-2 left-2 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">{t('product.outOfStock')}</span> : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <Link to={paths.product(product.variantId)} className="line-clamp-2 font-medium hover:underline">
          {product.title}
        </Link>
        {variants > 1 ? <span className="text-xs text-slate-600">{t('catalog.options', { count: variants })}</span> : product.variantName ? <span className="text-xs text-slate-600">{product.variantName}</span> : null}
        <Price product={product} />
      </div>
    </li>
  );
}
