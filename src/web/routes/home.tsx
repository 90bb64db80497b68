import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { firstTiles, sortCategories } from '../../domain/catalog-view.ts';
import { BookingCard } from '../features/appointments/components/booking-card.tsx';
import { BannerSlider, HeroCarousel } from '../features/catalog/components/banner-carousel.tsx';
import { CategoriesSection } from '../features/catalog/components/category-tiles.tsx';
import { ProductCarousel } from '../features/catalog/components/product-carousel.tsx';
import { toTile } from '../features/catalog/components/product-tile.tsx';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/home';

/** Tiles per category carousel: two pages of four on a desktop. */
const PER_CATEGORY = 8;

export async function loader({ context }: Route.LoaderArgs) {
  const { products, categories, banners } = await context.catalog();
  const grouped = context.shop?.catalog.enableVariantGrouping ?? true;
  // the carousel's tiles are chosen first (items, when grouped) and grouped after, so eight tiles are eight items
  const sections = sortCategories(categories)
    .map((category) => ({
      category,
      products: firstTiles(
        products.filter((p) => p.categoryId === category.oId),
        PER_CATEGORY,
        grouped,
      ).map(toTile),
    }))
    .filter((s) => s.products.length > 0);
  return { categories, sections, hero: banners.filter((b) => b.kind === 'hero'), sliders: banners.filter((b) => b.kind === 'slider') };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { hero, sliders, categories, sections } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <HeroCarousel banners={hero} />
      <CategoriesSection id="home-categories" categories={categories} />
      <BannerSlider banners={sliders} />
      <BookingCard />
      {sections.map(({ category, products }) => (
        <section key={category.oId} aria-labelledby={`home-${category.oId}`}>
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id={`home-${category.oId}`} className="text-lg font-semibold">
              {category.name || t('catalog.unnamed')}
            </h2>
            <Link to={paths.catalog({ categories: [category.oId] })} className="text-sm font-medium text-primary-strong hover:underline">
              {t('catalog.viewAll')}
            </Link>
          </div>
          <ProductCarousel products={products} />
        </section>
      ))}
    </div>
  );
}
