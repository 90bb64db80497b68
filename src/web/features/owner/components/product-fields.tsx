import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/**
 * The boxes the owner's product forms share (issue 21): the edit form and the new
 * product form show the same fields with the same labels and the server's message under
 * each, found by the field's path in the server's answer (`price.special`,
 * `variants.1.price.special`).
 */

export type Categories = Array<{ id: string; name: string }>;
/** The server's message for a field's path, if it has one. */
export type FieldError = (path: string) => string | undefined;

/** What the product is, as typed: the same on every variant. */
export type ItemValues = {
  title: string;
  description: string;
  categoryId: string;
  taxRate: string;
  tags: string;
  isFraction: boolean;
  weightStep: string;
  sizeGuide: string;
};
export const blankItem = (categoryId: string): ItemValues => ({
  title: '',
  description: '',
  categoryId,
  taxRate: '',
  tags: '',
  isFraction: false,
  weightStep: '',
  sizeGuide: '',
});
/** A variant's prices as typed; a blank MRP or offer price is none. */
export type PriceValues = { mrp: string; regular: string; special: string };

const box = 'w-full rounded-md border border-slate-300 px-3 py-2 text-base';

/** A labelled box with the server's message for it under it. */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      {children(id, error ? `${id}-error` : undefined)}
      {error ? (
        <p id={`${id}-error`} className="font-normal text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextBox({
  label,
  error,
  value,
  onChange,
  numeric = false,
}: {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={describedBy ? true : undefined}
          inputMode={numeric ? 'decimal' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={box}
        />
      )}
    </Field>
  );
}

/** Title, description and category. */
export function ItemBoxes({
  values,
  update,
  error,
  categories,
}: {
  values: ItemValues;
  update: (change: Partial<ItemValues>) => void;
  error: FieldError;
  categories: Categories;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextBox label={t('owner.productTitle')} error={error('title')} value={values.title} onChange={(v) => update({ title: v })} />
      <Field label={t('owner.productDescription')} error={error('description')}>
        {(id, describedBy) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            rows={3}
            value={values.description}
            onChange={(e) => update({ description: e.target.value })}
            className={box}
          />
        )}
      </Field>
      <Field label={t('owner.productCategory')} error={error('categoryId')}>
        {(id, describedBy) => (
          <select id={id} aria-describedby={describedBy} value={values.categoryId} onChange={(e) => update({ categoryId: e.target.value })} className={box}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name || c.id}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

/** Tax rate, tags, whether it is sold by weight and by what step, and its size guide. */
export function SaleBoxes({ values, update, error }: { values: ItemValues; update: (change: Partial<ItemValues>) => void; error: FieldError }) {
  const { t } = useTranslation();
  return (
    <>
      <TextBox label={t('owner.productTaxRate')} error={error('taxRate')} value={values.taxRate} onChange={(v) => update({ taxRate: v })} numeric />
      <TextBox label={t('owner.productTags')} error={error('tags')} value={values.tags} onChange={(v) => update({ tags: v })} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={values.isFraction} onChange={(e) => update({ isFraction: e.target.checked })} className="size-5" />
        {t('owner.productByWeight')}
      </label>
      {error('isFraction') ? <p className="text-sm text-red-700">{error('isFraction')}</p> : null}
      {values.isFraction ? (
        <TextBox
          label={t('owner.productWeightStep')}
          error={error('weightStep')}
          value={values.weightStep}
          onChange={(v) => update({ weightStep: v })}
          numeric
        />
      ) : null}
      <Field label={t('owner.productSizeGuide')} error={error('sizeGuide')}>
        {(id, describedBy) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            rows={3}
            value={values.sizeGuide}
            onChange={(e) => update({ sizeGuide: e.target.value })}
            className={box}
          />
        )}
      </Field>
    </>
  );
}

/** MRP, price and offer price side by side; `at` is the variant's path in the server's answer ('' or 'variants.1.'). */
export function PriceBoxes({
  values,
  update,
  error,
  at = '',
}: {
  values: PriceValues;
  update: (change: Partial<PriceValues>) => void;
  error: FieldError;
  at?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-3 gap-2">
      <TextBox label={t('owner.productMrp')} error={error(`${at}price.mrp`)} value={values.mrp} onChange={(v) => update({ mrp: v })} numeric />
      <TextBox label={t('owner.productRegular')} error={error(`${at}price.regular`)} value={values.regular} onChange={(v) => update({ regular: v })} numeric />
      <TextBox label={t('owner.productSpecial')} error={error(`${at}price.special`)} value={values.special} onChange={(v) => update({ special: v })} numeric />
    </div>
  );
}
