import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { Category } from '../../../../domain/catalog.ts';
import { sortCategories } from '../../../../domain/catalog-view.ts';
import { paths } from '../../../lib/paths.ts';
import { Picture } from '../../../ui/picture.tsx';

/** Category pictures are shown at about 104–120 CSS px: the 120 px copy (420 px on 2× screens). */
const CATEGORY_IMAGE_PX = 120;

/** The cover's and the home page's "Categories": a heading (`id` labels the section) over the tiles. */
export function CategoriesSection({ id, categories }: { id: string; categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {t('catalog.categories')}
      </h2>
      <CategoryTiles categories={categories} />
    </section>
  );
}

function CategoryTiles({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-3">
      {sortCategories(categories).map((c) => (
        <li key={c.oId}>
          <Link to={paths.catalog({ categories: [c.oId] })} className="group flex flex-col items-center gap-1.5 text-center">
            <span className="block aspect-square w-full overflow-hidden rounded-full border-4" style={{ borderColor: c.colour }}>
              {c.image ? <Picture src={c.image} alt="" width={CATEGORY_IMAGE_PX} height={CATEGORY_IMAGE_PX} className="size-full object-cover" /> : null}
            </span>
            <span className="text-sm font-medium group-hover:underline">{c.name || t('catalog.unnamed')}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
