import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ProductCreateInput } from '../../../../domain/product-edit.ts';
import { MAX_VARIANTS } from '../../../../domain/variant-limit.ts';
import { ownerApi } from '../api/owner-api.ts';
import { blankItem, ItemBoxes, PriceBoxes, SaleBoxes, TextBox, type Categories, type ItemValues, type PriceValues } from './product-fields.tsx';
import { numberOrNull, requiredNumber, tagsOf } from '../lib/typed-values.ts';
import { Button } from '../../../ui/button.tsx';

/** A variant row as typed; `key` keeps React's rows apart when one is removed. */
type VariantRow = PriceValues & { key: number; variantName: string; stock: string; madeToOrder: boolean };

const blankVariant = (key: number): VariantRow => ({ key, variantName: '', mrp: '', regular: '', special: '', stock: '', madeToOrder: false });

/** The form as the server takes it; a blank stock is none. */
function requestOf(item: ItemValues, variants: VariantRow[]): ProductCreateInput {
  return {
    title: item.title,
    description: item.description,
    categoryId: item.categoryId,
    tags: tagsOf(item.tags),
    taxRate: numberOrNull(item.taxRate),
    isFraction: item.isFraction,
    weightStep: item.isFraction ? numberOrNull(item.weightStep) : null,
    sizeGuide: item.sizeGuide,
    variants: variants.map((v) => ({
      variantName: v.variantName,
      price: { mrp: numberOrNull(v.mrp), regular: requiredNumber(v.regular), special: numberOrNull(v.special) },
      stock: numberOrNull(v.stock) ?? 0,
      madeToOrder: v.madeToOrder,
    })),
  };
}

/**
 * The owner's new product (issue 21): what it is, then its variants, a row each with its
 * name, prices, starting stock and whether it is made to order, added and removed as
 * needed. The boxes are the edit form's; the server's message shows under each box.
 */
export function NewProductForm({
  categories,
  onCreated,
  onCancel,
}: {
  categories: Categories;
  onCreated: (title: string, variantId: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const nextKey = useRef(1);
  const [item, setItem] = useState<ItemValues>(() => blankItem(categories[0]?.id ?? ''));
  const [variants, setVariants] = useState<VariantRow[]>([blankVariant(0)]);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'problem'; message: string; fields: Record<string, string> }>({ kind: 'idle' });
  const fieldError = (path: string) => (state.kind === 'problem' ? state.fields[path] : undefined);
  // any change makes the server's old messages stale (a removed row moves the others' paths)
  const changeItem = (change: Partial<ItemValues>) => (setItem((f) => ({ ...f, ...change })), setState({ kind: 'idle' }));
  const changeVariant = (key: number, change: Partial<VariantRow>) => (
    setVariants((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r))),
    setState({ kind: 'idle' })
  );
  const addVariant = () => (setVariants((rows) => [...rows, blankVariant(nextKey.current++)]), setState({ kind: 'idle' }));
  const removeVariant = (key: number) => (setVariants((rows) => rows.filter((r) => r.key !== key)), setState({ kind: 'idle' }));

  const save = async () => {
    setState({ kind: 'busy' });
    const res = await ownerApi.createProduct(requestOf(item, variants));
    if (!res.ok) {
      const fields = Object.fromEntries((res.error?.fields ?? []).map((f) => [f.path, f.message]));
      return setState({ kind: 'problem', message: res.error?.message ?? t('owner.failed'), fields });
    }
    onCreated(item.title.trim(), res.data.variantIds[0]!);
  };

  return (
    <form
      onSubmit={(e) => (e.preventDefault(), void save())}
      aria-label={t('owner.productNewForm')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <ItemBoxes values={item} update={changeItem} error={fieldError} categories={categories} />
      <SaleBoxes values={item} update={changeItem} error={fieldError} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">{t('owner.productVariants')}</legend>
        {variants.map((v, i) => (
          <fieldset key={v.key} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">{t('owner.productVariant', { n: i + 1 })}</legend>
            <TextBox
              label={t('owner.productVariantName')}
              error={fieldError(`variants.${i}.variantName`) ?? fieldError(`variants.${i}.variantId`)}
              value={v.variantName}
              onChange={(variantName) => changeVariant(v.key, { variantName })}
            />
            <PriceBoxes values={v} update={(change) => changeVariant(v.key, change)} error={fieldError} at={`variants.${i}.`} />
            <TextBox
              label={t('owner.productStock')}
              error={fieldError(`variants.${i}.stock`)}
              value={v.stock}
              onChange={(stock) => changeVariant(v.key, { stock })}
              numeric
            />
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" checked={v.madeToOrder} onChange={(e) => changeVariant(v.key, { madeToOrder: e.target.checked })} className="size-5" />
              {t('owner.productMadeToOrderBox')}
            </label>
            {variants.length > 1 ? (
              <Button variant="secondary" size="sm-tall" className="self-start" onClick={() => removeVariant(v.key)}>
                {t('owner.productRemoveVariant', { n: i + 1 })}
              </Button>
            ) : null}
          </fieldset>
        ))}
        {fieldError('variants') ? <p className="text-sm text-red-700">{fieldError('variants')}</p> : null}
        <Button variant="secondary" size="sm-tall" className="self-start" disabled={variants.length >= MAX_VARIANTS} onClick={addVariant}>
          {t('owner.productAddVariant')}
        </Button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={state.kind === 'busy'}>
          {t('owner.productCreate')}
        </Button>
        <Button variant="secondary" size="sm-tall" onClick={onCancel}>
          {t('owner.productCancel')}
        </Button>
        <span role="status" className="text-sm">
          {state.kind === 'problem' ? <span className="text-red-700">{state.message}</span> : null}
        </span>
      </div>
    </form>
  );
}
