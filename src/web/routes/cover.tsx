import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { firstTiles, isOutOfStock } from '../../domain/catalog-view.ts';
import { BannerCard } from '../features/catalog/components/banner.tsx';
import { CategoriesSection } from '../features/catalog/components/category-tiles.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { toTile } from '../features/catalog/components/product-tile.tsx';
import { paths } from '../lib/paths.ts';
import { useShop } from '../lib/use-shop.ts';
import type { Route } from './+types/cover';

const FEATURED = 8;

export async function loader({ context }: Route.LoaderArgs) {
  const { products, categories, banners } = await context.catalog();
  const grouped = context.shop?.catalog.enableVariantGrouping ?? true;
  const bestsellers = products.filter((p) => p.tags.includes('bestseller') && !isOutOfStock(p));
  // tiles chosen before they are grouped, so FEATURED tiles are FEATURED items
  const featured = firstTiles(bestsellers.length > 0 ? bestsellers : products, FEATURED, grouped);
  return { hero: banners.find((b) => b.kind === 'hero') ?? null, categories, featured: featured.map(toTile) };
}

export default function Cover({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shop = useShop();
  const { hero, categories, featured } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col items-start gap-3 pt-2">
        <h1 className="text-3xl font-bold tracking-tight">{shop.title}</h1>
        {shop.description ? <p className="max-w-2xl text-slate-700">{shop.description}</p> : null}
        <Link to={paths.catalog()} className="rounded-md bg-primary px-5 py-2.5 font-semibold text-on-primary hover:opacity-90">
          {t('nav.allProducts')}
        </Link>
      </section>
      {hero ? <BannerCard banner={hero} priority /> : null}
      <CategoriesSection id="cover-categories" categories={categories} />
      <section aria-labelledby="cover-featured">
        <h2 id="cover-featured" className="mb-3 text-lg font-semibold">
          {t('catalog.bestsellers')}
        </h2>
        <ProductGrid products={featured} eagerCount={0} />
      </section>
    </div>
  );
}
