import { useTranslation } from 'react-i18next';
import { filterProducts, parseCatalogFilter } from '../../domain/catalog-view.ts';
import { CategoryChips } from '../features/catalog/components/category-chips.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { toTile } from '../features/catalog/components/product-tile.tsx';
import type { Route } from './+types/catalog';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { products, categories } = await context.catalog();
  const filter = parseCatalogFilter(new URL(request.url).searchParams);
  // a category's own name, the tags or the search words; null means "All Products"
  const heading =
    filter.categories.length === 1 ? (categories.find((c) => c.oId === filter.categories[0])?.name ?? null) : filter.tags.length > 0 ? filter.tags.map((t) => `#${t}`).join(' ') : filter.q ? `“${filter.q}”` : null;
  return { products: filterProducts(products, filter).map(toTile), categories, active: filter.categories, heading };
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { products, categories, active, heading } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{heading ?? t('nav.allProducts')}</h1>
      <CategoryChips categories={categories} active={active} />
      <ProductGrid products={products} />
    </div>
  );
}
