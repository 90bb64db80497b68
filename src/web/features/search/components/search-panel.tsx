import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { sortCategories } from '../../../../domain/catalog-view.ts';
import { formatMoney, productPrices } from '../../../../domain/money.ts';
import { createSearchIndex, MIN_SEARCH_LENGTH, type SearchResult } from '../../../../domain/search.ts';
import { useCatalogQuery } from '../../../lib/catalog-query.ts';
import { paths } from '../../../lib/paths.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { usePriceFormat, useShop } from '../../../lib/use-shop.ts';
import { Picture } from '../../../ui/picture.tsx';
import { resultTiles } from '../lib/result-tiles.ts';
import { Sheet, SheetClose, SheetTitle } from '../../../ui/sheet.tsx';

/**
 * The search panel of §2: opens from the header's search field; fewer than 3 characters
 * or no match say so; at most 10 results, one per item when the shop groups variants, each
 * shown as the catalog's tile shows it (resultTiles); on desktop a category filter when the
 * shop has more than one category. Its field and the header's share one query (ui-store).
 */
export function SearchPanel() {
  const { t } = useTranslation();
  const open = useUi((s) => s.panels.search);
  const closeAll = useUi((s) => s.closeAll);
  const shop = useShop();
  const format = usePriceFormat();
  const catalog = useCatalogQuery(open);
  const query = useUi((s) => s.searchQuery);
  const setQuery = useUi((s) => s.setSearchQuery);
  const field = useRef<HTMLInputElement>(null);
  const [categories, setCategories] = useState<string[]>([]);
  const deferred = useDeferredValue(query);
  const synonyms = shop.catalog.synonyms;
  const index = useMemo(
    () => (catalog.data ? createSearchIndex(catalog.data.products, catalog.data.categories, { synonyms }) : null),
    [catalog.data, synonyms],
  );
  const grouped = shop.catalog.enableVariantGrouping;
  const toTiles = useMemo(() => (catalog.data ? resultTiles(catalog.data.products, { grouped, categories }) : null), [catalog.data, grouped, categories]);
  const result: SearchResult | null = index ? index.search(deferred, { categories, groupByItem: grouped }) : null;
  const toggle = (id: string) => setCategories((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  return (
    <Sheet open={open} onClose={closeAll} side="top" onOpenAutoFocus={(e) => focusAtEnd(e, field.current)} className="max-h-dvh overflow-y-auto">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 p-4">
        <div className="flex items-center gap-2">
          <SheetTitle className="sr-only">{t('search.label')}</SheetTitle>
          <input
            ref={field}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2.5"
          />
          <SheetClose className="rounded-md px-3 py-2.5 font-medium text-slate-700 hover:bg-slate-100">{t('modal.close')}</SheetClose>
        </div>
        {catalog.data && catalog.data.categories.length > 1 ? (
          <fieldset className="hidden flex-wrap gap-2 lg:flex">
            <legend className="sr-only">{t('catalog.categories')}</legend>
            {sortCategories(catalog.data.categories).map((c) => (
              <label
                key={c.oId}
                className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${categories.includes(c.oId) ? 'border-primary bg-primary text-on-primary' : 'border-slate-300'}`}
              >
                <input type="checkbox" className="sr-only" checked={categories.includes(c.oId)} onChange={() => toggle(c.oId)} />
                {c.name || t('catalog.unnamed')}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div aria-live="polite">
          {catalog.isError ? <p role="alert">{t('error.catalogFetch')}</p> : null}
          {!catalog.isError && !result ? <p className="text-slate-600">{t('nav.loading')}</p> : null}
          {result && deferred.trim().length < MIN_SEARCH_LENGTH ? <p className="text-slate-700">{t('search.tooShort')}</p> : null}
          {result?.status === 'no-results' ? <p className="text-slate-700">{t('search.noResults')}</p> : null}
        </div>
        {result?.status === 'ok' ? (
          <ul aria-label={t('search.results')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {toTiles?.(result.products).map(({ product: p, variants }) => {
              const image = p.images[0];
              return (
                <li key={p.id}>
                  <Link
                    to={paths.product(p.variantId)}
                    onClick={closeAll}
                    className="flex flex-col gap-1 rounded-lg border border-slate-200 p-2 hover:border-slate-400"
                  >
                    {image ? (
                      <Picture src={image.url} alt="" width={200} height={200} className="aspect-square w-full rounded bg-slate-100 object-cover" />
                    ) : null}
                    <span className="line-clamp-2 text-sm font-medium">{p.title}</span>
                    {/* as the catalog's tile: an item's count of options, or the variant's own name */}
                    {variants > 1 ? (
                      <span className="text-xs text-slate-600">{t('catalog.options', { count: variants })}</span>
                    ) : p.variantName ? (
                      <span className="text-xs text-slate-600">{p.variantName}</span>
                    ) : null}
                    <span className="text-sm font-semibold">{formatMoney(productPrices(p.price, format.fractionDigits).final, format)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </Sheet>
  );
}

/**
 * Radix would select the field's text on opening, and the next key would replace what the
 * shopper typed into the header while the panel loaded: the caret goes to the end instead.
 */
function focusAtEnd(event: Event, input: HTMLInputElement | null) {
  if (!input) return;
  event.preventDefault();
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}
