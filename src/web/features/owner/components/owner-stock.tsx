import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { ownerApi, type StockLine } from '../api/owner-api.ts';
import { queryClient, stockQuery } from '../api/owner-queries.ts';
import { Button } from '../../../ui/button.tsx';
import { OwnerSearchBox } from './owner-search-box.tsx';
import { OwnerSaveStatus } from './owner-save-status.tsx';
import { OwnerList } from './owner-list.tsx';

/**
 * The owner's stock: products matching a search, fewest in stock first (what needs
 * restocking), each with its stock to set. The storefront shows a change at once.
 */
export function OwnerStock() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  // typed words are sent a moment after the owner stops typing; the list shown stays meanwhile
  const [words, setWords] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setWords(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const asked = useQuery({ ...stockQuery(words ?? ''), enabled: words !== null, placeholderData: keepPreviousData }, queryClient);
  const list = asked.isError ? { kind: 'failed' as const } : asked.data ? { kind: 'loaded' as const, ...asked.data } : { kind: 'loading' as const };

  return (
    <section aria-labelledby="owner-stock" className="flex flex-col gap-4">
      <h2 id="owner-stock" className="text-lg font-semibold">
        {t('owner.stockTitle')}
      </h2>
      <OwnerSearchBox label={t('owner.findProduct')} value={query} onChange={setQuery} className="max-w-md" />
      {list.kind === 'loading' ? <p role="status">{t('nav.loading')}</p> : null}
      {list.kind === 'failed' ? <p role="alert">{t('owner.failed')}</p> : null}
      {list.kind === 'loaded' ? (
        <>
          <p className="text-sm text-slate-600">
            {list.total > list.products.length
              ? t('owner.stockShown', { shown: list.products.length, total: list.total })
              : t('owner.stockCount', { count: list.total })}
          </p>
          <OwnerList items={list.products} keyOf={(p) => p.variantId} row={(p) => <StockRow product={p} />} />
        </>
      ) : null}
    </section>
  );
}

function StockRow({ product }: { product: StockLine }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(product.stock));
  const [saved, setSaved] = useState(product.stock);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'saved' } | { kind: 'problem'; message: string }>({ kind: 'idle' });
  const name = product.variantName ? `${product.title} (${product.variantName})` : product.title;
  const id = `stock-${product.variantId}`;

  const save = async () => {
    setState({ kind: 'busy' });
    const res = await ownerApi.setStock(product.variantId, Number(value));
    if (!res.ok) return setState({ kind: 'problem', message: res.error?.fields?.[0]?.message ?? res.error?.message ?? t('owner.failed') });
    setSaved(res.data.stock);
    setValue(String(res.data.stock));
    setState({ kind: 'saved' });
  };

  return (
    <form onSubmit={(e) => (e.preventDefault(), void save())} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
      <label htmlFor={id} className="min-w-0 flex-1 basis-full sm:basis-48">
        <span className="font-medium">{name}</span>
        {saved === 0 ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">{t('owner.outOfStock')}</span> : null}
        <span className="block text-xs text-slate-600">{product.isFraction ? t('owner.stockKg') : t('owner.stockUnits')}</span>
      </label>
      <input
        id={id}
        type="number"
        inputMode={product.isFraction ? 'decimal' : 'numeric'}
        min={0}
        step={product.isFraction ? 0.001 : 1}
        required
        value={value}
        onChange={(e) => (setValue(e.target.value), setState({ kind: 'idle' }))}
        className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-right"
      />
      <Button size="sm" type="submit" disabled={state.kind === 'busy' || value === String(saved)} aria-label={t('owner.saveStockOf', { name })}>
        {t('owner.saveStock')}
      </Button>
      <OwnerSaveStatus state={state} className="w-full text-sm" />
    </form>
  );
}
