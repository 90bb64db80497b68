import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { Category } from '../../../../domain/catalog.ts';
import { sortCategories } from '../../../../domain/catalog-view.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * The category list: 'All' first, then by position. A chip changes only the catalog's
 * filter, so the routes around the catalog (shop, language) are not loaded again.
 */
export function CategoryChips({ categories, active }: { categories: Category[]; active: string[] }) {
  const { t } = useTranslation();
  const chip = (selected: boolean) =>
    `block shrink-0 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm ${selected ? 'border-primary bg-primary text-on-primary' : 'border-slate-300 bg-white text-slate-800 hover:border-slate-500'}`;
  return (
    <nav aria-label={t('catalog.categories')} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-2 pb-2 lg:flex-wrap">
        <li>
          <Link
            to={paths.catalog()}
            defaultShouldRevalidate={false}
            className={chip(active.length === 0)}
            aria-current={active.length === 0 ? 'page' : undefined}
          >
            {t('catalog.all')}
          </Link>
        </li>
        {sortCategories(categories).map((c) => (
          <li key={c.oId}>
            <Link
              to={paths.catalog({ categories: [c.oId] })}
              defaultShouldRevalidate={false}
              className={chip(active.includes(c.oId))}
              aria-current={active.includes(c.oId) ? 'page' : undefined}
            >
              {c.name || t('catalog.unnamed')}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
