import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { productPrices } from '../../../../domain/money.ts';
import type { ProductEdit } from '../../../../domain/product-edit.ts';
import { useFormatPrice, useFormatWhen } from '../../../lib/format.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import { ownerApi, type OwnerProduct, type ProductMarks } from '../api/owner-api.ts';
import { productsQuery, queryClient, refreshOwnerData } from '../api/owner-queries.ts';
import { NewProductForm } from './owner-product-new.tsx';
import { ItemBoxes, PriceBoxes, SaleBoxes, TextBox, type Categories, type ItemValues, type PriceValues } from './product-fields.tsx';
import { numberOrNull, requiredNumber, tagsOf } from '../lib/typed-values.ts';
import { ProductPhotos } from './owner-product-photos.tsx';
import { Button } from '../../../ui/button.tsx';
import { OwnerSearchBox } from './owner-search-box.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';
import { OwnerSaveStatus } from './owner-save-status.tsx';
import { OwnerList, SectionHeading } from './owner-list.tsx';
import { useSettled } from '../../../lib/use-settled.ts';

/**
 * The owner's products on /admin (issue 21): a new one with its variants, and every
 * variant, hidden ones too, found by words and category; tapping one opens its form (what it is, its prices, how it is sold) and its
 * switches (hidden, made to order, sold out today). Stock has its own section.
 */
export function OwnerProducts() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [category, setCategory] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // typed words are sent a moment after the owner stops typing
  const words = useSettled(typed.trim(), 250);
  const query = useQuery({ ...productsQuery(words, category), placeholderData: keepPreviousData }, queryClient);
  const categories = query.data?.categories ?? [];
  // the new product found by its title and opened, whatever the list showed before
  const created = (title: string, variantId: string) => {
    setCreating(false);
    setTyped(title);
    setCategory('');
    setOpen(variantId);
    void refreshOwnerData('products');
  };

  return (
    <section aria-labelledby="owner-products" className="flex flex-col gap-4">
      <SectionHeading id="owner-products" title={t('owner.products')}>
        {query.data && !creating ? <Button onClick={() => setCreating(true)}>{t('owner.productNew')}</Button> : null}
      </SectionHeading>
      {creating ? <NewProductForm categories={categories} onCreated={created} onCancel={() => setCreating(false)} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <OwnerSearchBox label={t('owner.findProduct')} value={typed} onChange={setTyped} className="flex-1" />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.productCategory')}
          <select value={category} onChange={(e) => setCategory(e.target.value)} className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal">
            <option value="">{t('owner.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name || c.id}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? <p role="status">{t('nav.loading')}</p> : null}
      {query.isError ? <p role="alert">{t('owner.failed')}</p> : null}
      {query.data ? (
        <>
          <p className="text-sm text-slate-600">
            {query.data.total > query.data.products.length
              ? t('owner.productsShown', { shown: query.data.products.length, total: query.data.total })
              : t('owner.stockCount', { count: query.data.total })}
          </p>
          <OwnerList
            items={query.data.products}
            keyOf={(p) => p.variantId}
            row={(p) => (
              <ProductRow product={p} categories={categories} open={open === p.variantId} onToggle={() => setOpen(open === p.variantId ? null : p.variantId)} />
            )}
          />
        </>
      ) : null}
    </section>
  );
}

const nameOf = (p: OwnerProduct) => (p.variantName ? `${p.title} (${p.variantName})` : p.title);

function ProductRow({ product, categories, open, onToggle }: { product: OwnerProduct; categories: Categories; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const format = usePriceFormat();
  const formatPrice = useFormatPrice();
  const price = productPrices(product.price, format.fractionDigits);
  const panel = useId();
  return (
    <div className={product.hidden ? 'bg-slate-50 text-slate-600' : ''}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={onToggle}
        className="flex w-full flex-wrap items-center gap-x-2 gap-y-1 p-3 text-left"
      >
        <span className="min-w-0 flex-1 font-medium">{nameOf(product)}</span>
        <span className="tabular-nums">{formatPrice(price.final)}</span>
        <span className="flex w-full flex-wrap gap-1 text-xs font-semibold">
          {product.hidden ? <Badge tone="slate">{t('owner.productHidden')}</Badge> : null}
          {product.madeToOrder ? <Badge tone="blue">{t('owner.productMadeToOrder')}</Badge> : null}
          {product.soldOutUntil ? <Badge tone="red">{t('owner.productSoldOutToday')}</Badge> : null}
        </span>
      </button>
      {open ? (
        <div id={panel} className="flex flex-col gap-4 border-t border-slate-200 p-3">
          <ProductSwitches product={product} />
          <ProductPhotos product={product} />
          <ProductForm product={product} categories={categories} />
        </div>
      ) : null}
    </div>
  );
}

function Badge({ tone, children }: { tone: 'slate' | 'blue' | 'red'; children: ReactNode }) {
  const colours = { slate: 'bg-slate-200 text-slate-800', blue: 'bg-blue-50 text-blue-900', red: 'bg-red-50 text-red-800' };
  return <span className={`rounded px-1.5 py-0.5 ${colours[tone]}`}>{children}</span>;
}

/** Hide or show the product (all its variants), made to order or not (all its variants), sold out today (this variant). */
function ProductSwitches({ product }: { product: OwnerProduct }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const mark = async (marks: ProductMarks) => {
    setBusy(true);
    const res = await ownerApi.markProduct(product.variantId, marks);
    setFailed(res.ok ? null : (res.error?.message ?? t('owner.failed')));
    await refreshOwnerData('products');
    setBusy(false);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm-tall" disabled={busy} onClick={() => void mark({ hidden: !product.hidden, allVariants: true })}>
          {product.hidden ? t('owner.productShow') : t('owner.productHide')}
        </Button>
        <Button variant="secondary" size="sm-tall" disabled={busy} onClick={() => void mark({ tracksStock: product.madeToOrder, allVariants: true })}>
          {product.madeToOrder ? t('owner.productTrackOn') : t('owner.productTrackOff')}
        </Button>
        <Button variant="secondary" size="sm-tall" disabled={busy} onClick={() => void mark({ soldOutToday: !product.soldOutUntil })}>
          {product.soldOutUntil ? t('owner.productBackInStock') : t('owner.productSoldOut')}
        </Button>
      </div>
      {product.soldOutUntil ? (
        <p className="text-sm text-slate-600">
          {t('owner.productSoldOutUntil', {
            when: `${when.day(new Date(product.soldOutUntil).toISOString())} ${when.time(new Date(product.soldOutUntil).toISOString())}`,
          })}
        </p>
      ) : null}
      <AlertText message={failed} small />
    </div>
  );
}

type Form = ItemValues & PriceValues & { variantName: string };

const formOf = (p: OwnerProduct): Form => ({
  title: p.title,
  description: p.description,
  categoryId: p.categoryId,
  variantName: p.variantName,
  mrp: p.price.mrp === null ? '' : String(p.price.mrp),
  regular: String(p.price.regular),
  special: p.price.special === null ? '' : String(p.price.special),
  taxRate: p.taxRate === undefined ? '' : String(p.taxRate),
  isFraction: p.isFraction,
  weightStep: p.weightStep === undefined ? '' : String(p.weightStep),
  sizeGuide: p.sizeGuide ?? '',
  tags: p.tags.join(', '),
});

/** Only what the owner changed, so an edit never writes back what someone else just saved. */
function changesOf(before: Form, after: Form): ProductEdit {
  const edit: Record<string, unknown> = {};
  for (const key of ['title', 'description', 'categoryId', 'variantName', 'isFraction', 'sizeGuide'] as const)
    if (after[key] !== before[key]) edit[key] = after[key];
  if (after.weightStep !== before.weightStep) edit.weightStep = numberOrNull(after.weightStep);
  if (after.taxRate !== before.taxRate) edit.taxRate = numberOrNull(after.taxRate);
  if (after.tags !== before.tags) edit.tags = tagsOf(after.tags);
  const price: Record<string, unknown> = {};
  if (after.mrp !== before.mrp) price.mrp = numberOrNull(after.mrp);
  if (after.regular !== before.regular) price.regular = requiredNumber(after.regular);
  if (after.special !== before.special) price.special = numberOrNull(after.special);
  if (Object.keys(price).length) edit.price = price;
  return edit as ProductEdit;
}

function ProductForm({ product, categories }: { product: OwnerProduct; categories: Categories }) {
  const { t } = useTranslation();
  const saved = formOf(product);
  const [form, setForm] = useState(saved);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'saved' } | { kind: 'problem'; message: string; fields: Record<string, string> }>({
    kind: 'idle',
  });
  const update = (change: Partial<Form>) => (setForm((f) => ({ ...f, ...change })), setState({ kind: 'idle' }));
  const fieldError = (path: string) => (state.kind === 'problem' ? state.fields[path] : undefined);
  const edit = changesOf(saved, form);

  const save = async () => {
    setState({ kind: 'busy' });
    const res = await ownerApi.editProduct(product.variantId, edit);
    if (!res.ok) {
      const fields = Object.fromEntries((res.error?.fields ?? []).map((f) => [f.path, f.message]));
      return setState({ kind: 'problem', message: res.error?.message ?? t('owner.failed'), fields });
    }
    setState({ kind: 'saved' });
    await refreshOwnerData('products');
  };

  return (
    <form onSubmit={(e) => (e.preventDefault(), void save())} aria-label={t('owner.productEdit', { name: nameOf(product) })} className="flex flex-col gap-3">
      <ItemBoxes values={form} update={update} error={fieldError} categories={categories} />
      <TextBox
        label={t('owner.productVariantName')}
        error={fieldError('variantName')}
        value={form.variantName}
        onChange={(variantName) => update({ variantName })}
      />
      <PriceBoxes values={form} update={update} error={fieldError} />
      <SaleBoxes values={form} update={update} error={fieldError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={state.kind === 'busy' || Object.keys(edit).length === 0}>
          {t('owner.productSave')}
        </Button>
        <OwnerSaveStatus state={state} className="text-sm" />
      </div>
    </form>
  );
}
