import { memo } from 'react';
import { Link } from 'react-router';
import type { Product, SoldProductField } from '../../../../domain/catalog.ts';
import { isOutOfStock } from '../../../../domain/catalog-view.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { Picture } from '../../../ui/picture.tsx';
import { smallImageSource } from '../lib/images.ts';
import { useTileAction } from '../tile-action.ts';
import { Price } from './price.tsx';
import { ProductErrors } from './product-errors.tsx';

export type TileView = 'grid' | 'list';

/** What a tile needs: loaders send only this, not descriptions, to keep pages light. */
export type TileProduct = Pick<Product, SoldProductField | 'tags'>;

export function toTile(p: Product): TileProduct {
  return {
    id: p.id,
    itemId: p.itemId,
    variantId: p.variantId,
    variantName: p.variantName,
    title: p.title,
    price: p.price,
    images: p.images.slice(0, 2),
    stock: p.stock,
    ...(p.madeToOrder ? { madeToOrder: true } : {}),
    isFraction: p.isFraction,
    categoryId: p.categoryId,
    tags: p.tags,
    sku: p.sku,
    type_id: p.type_id,
    errors: p.errors,
  };
}

const ITEM: Record<TileView, string> = { list: 'flex flex-row', grid: 'flex flex-col' };
const ITEM_DESKTOP: Record<TileView, string> = { list: 'lg:flex-row', grid: 'lg:flex-col' };
const IMAGE: Record<TileView, string> = { list: 'w-28 sm:w-36 aspect-square', grid: 'w-full aspect-square' };
const IMAGE_DESKTOP: Record<TileView, string> = { list: 'lg:w-36', grid: 'lg:w-full' };

/** Tailwind's `hover` applies only where the screen has a pointer that hovers; `:focus-visible` is the keyboard's focus, not a tap's. */
const SECOND_IMAGE = 'absolute inset-0 hidden size-full object-cover group-hover:block group-has-[:focus-visible]:block';

/** Spec §9: product tile images are 200 px. */
const TILE_IMAGE_PX = 200;

/**
 * A plain list's tiles below the first screen are laid out and painted only when they
 * come near it: the catalog page's 100-odd tiles then cost the phone about a screenful of
 * layout and paint at load instead of all of them. A tile keeps its measured height once
 * shown, so scrolling back does not jump; before, its height is guessed from its view. The
 * virtual list and the carousels (`as="div"`) measure their tiles, so theirs always render.
 */
const OFFSCREEN_LATER: Record<TileView, string> = {
  list: '[content-visibility:auto] [contain-intrinsic-size:auto_8.5rem]',
  grid: '[content-visibility:auto] [contain-intrinsic-size:auto_20rem]',
};
const OFFSCREEN_LATER_DESKTOP: Record<TileView, string> = { list: 'lg:[contain-intrinsic-size:auto_10rem]', grid: 'lg:[contain-intrinsic-size:auto_24rem]' };

/**
 * A product tile: in list view the image sits beside the text, in grid view above it.
 * It is a list item, or a `div` where its parent already is one (a carousel slide).
 * Memoised: a list re-rendering with the same products (hydration done, a view chosen
 * again) does not render its hundred tiles again.
 */
export const ProductTile = memo(function ProductTile({
  product,
  variants = 1,
  view,
  eager = false,
  as: Tag = 'li',
}: {
  product: TileProduct;
  variants?: number;
  view: { mobile: TileView; desktop: TileView };
  eager?: boolean;
  as?: 'li' | 'div';
}) {
  const t = useT();
  const action = useTileAction();
  const [image, second] = product.images;
  const out = isOutOfStock(product);
  const href = paths.product(product.variantId);
  // one link per tile, stretched over the whole card (one tab stop, one link to hydrate);
  // the picture beside it is decoration, as the title says what it shows
  return (
    <Tag
      className={`group relative overflow-hidden rounded-lg border border-slate-200 bg-white ${ITEM[view.mobile]} ${ITEM_DESKTOP[view.desktop]} ${Tag === 'div' ? 'h-full' : ''} ${Tag === 'li' && !eager ? `${OFFSCREEN_LATER[view.mobile]} ${OFFSCREEN_LATER_DESKTOP[view.desktop]}` : ''}`}
    >
      <div className={`relative shrink-0 bg-slate-100 ${IMAGE[view.mobile]} ${IMAGE_DESKTOP[view.desktop]}`}>
        {image ? (
          <Picture src={smallImageSource(image)} alt="" width={TILE_IMAGE_PX} height={TILE_IMAGE_PX} priority={eager} className="size-full object-cover" />
        ) : null}
        {/* §3 "first two shown": the second picture over the first while a mouse is on the tile or the keyboard is in it.
            Not displayed until then, so a lazy image is not fetched at all on touch screens */}
        {image && second ? <Picture src={smallImageSource(second)} alt="" width={TILE_IMAGE_PX} height={TILE_IMAGE_PX} className={SECOND_IMAGE} /> : null}
        {out ? (
          <span className="absolute top-2 left-2 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">{t('product.outOfStock')}</span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <Link
          to={href}
          className="line-clamp-2 font-medium after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-primary-strong"
        >
          {product.title}
        </Link>
        {variants > 1 ? (
          <span className="text-xs text-slate-600">{t('catalog.options', { count: variants })}</span>
        ) : product.variantName ? (
          <span className="text-xs text-slate-600">{product.variantName}</span>
        ) : null}
        <Price product={product} />
        <ProductErrors product={product} className="text-xs" />
        {/* one product per tile: a grouped tile's options are chosen on the product page; above the card's link */}
        {action && variants === 1 ? <div className="relative z-10 mt-auto w-fit pt-1">{action(product)}</div> : null}
      </div>
    </Tag>
  );
});
