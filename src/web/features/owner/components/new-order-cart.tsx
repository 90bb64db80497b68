import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { productPrices, type Minor } from '../../../../domain/money.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { usePriceFormat } from '../../../lib/use-shop.ts';
import type { OwnerProduct } from '../api/owner-api.ts';
import { productsQuery, queryClient } from '../api/owner-queries.ts';
import { OwnerSearchBox } from './owner-search-box.tsx';
import { useSettled } from '../../../lib/use-settled.ts';

/** A line of an order being keyed in: the product as the owner picked it, and how much as typed (kg for a product sold by weight). */
export type CartLine = { id: string; name: string; isFraction: boolean; price: Minor; qty: string };

const nameOf = (p: Pick<OwnerProduct, 'title' | 'variantName'>) => (p.variantName ? `${p.title} (${p.variantName})` : p.title);

/**
 * Finding products for an order keyed in on /admin (issue 41): by any word of the name, the code
 * (SKU) or the id, a moment after the owner stops typing; a tap adds one (a product sold by
 * weight is added with its weight to type). Hidden products are not sold.
 */
export function ProductPicker({ onAdd }: { onAdd: (line: CartLine) => void }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const { fractionDigits } = usePriceFormat();
  const [typed, setTyped] = useState('');
  const words = useSettled(typed.trim(), 250);
  const found = useQuery({ ...productsQuery(words, ''), enabled: words !== '', placeholderData: keepPreviousData }, queryClient);
  const products = words ? (found.data?.products ?? []).filter((p) => !p.hidden).slice(0, 8) : [];

  return (
    <div className="flex flex-col gap-2">
      <OwnerSearchBox label={t('owner.keyIn.find')} value={typed} onChange={setTyped} />
      {words && found.data && products.length === 0 ? <p className="text-sm text-slate-600">{t('owner.keyIn.noMatch')}</p> : null}
      {products.length ? (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
          {products.map((p) => {
            const price = productPrices(p.price, fractionDigits).final;
            return (
              <li key={p.variantId}>
                <button
                  type="button"
                  aria-label={t('owner.keyIn.add', { name: nameOf(p) })}
                  onClick={() => {
                    onAdd({ id: p.variantId, name: nameOf(p), isFraction: p.isFraction, price, qty: p.isFraction ? '' : '1' });
                    setTyped('');
                  }}
                  className="flex min-h-12 w-full items-center justify-between gap-3 px-3 py-2 text-left"
                >
                  <span className="font-medium">{nameOf(p)}</span>
                  <span className="shrink-0 tabular-nums text-slate-700">
                    {formatPrice(price)}
                    {p.isFraction ? t('owner.keyIn.perKg') : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** The lines of the order being keyed in: − / + for pieces, the weight from the scale for what is sold by weight, a way to take a line out. */
export function CartLines({ lines, onChange, problems }: { lines: CartLine[]; onChange: (lines: CartLine[]) => void; problems: Record<number, string> }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const lastWeight = useRef<HTMLInputElement>(null);
  const lastAdded = lines.at(-1);
  // a product sold by weight is added with an empty weight: the cursor goes there for the scale's reading
  useEffect(() => {
    if (lastAdded?.isFraction && lastAdded.qty === '') lastWeight.current?.focus();
  }, [lastAdded]);
  if (!lines.length) return <p className="text-slate-600">{t('owner.keyIn.empty')}</p>;
  const set = (index: number, qty: string) => onChange(lines.map((l, i) => (i === index ? { ...l, qty } : l)));
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
      {lines.map((line, index) => (
        <li key={line.id} className="flex flex-col gap-1 p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 font-medium">{line.name}</span>
            {line.isFraction ? (
              <label className="flex items-center gap-1 text-sm">
                {t('owner.keyIn.weight')}
                <input
                  ref={index === lines.length - 1 ? lastWeight : undefined}
                  value={line.qty}
                  onChange={(e) => set(index, e.target.value)}
                  inputMode="decimal"
                  aria-invalid={problems[index] ? true : undefined}
                  className="w-24 rounded-md border border-slate-300 px-2 py-2 text-right text-base tabular-nums"
                />
              </label>
            ) : (
              <span className="flex items-center gap-1">
                <StepButton label={t('owner.keyIn.less', { name: line.name })} onClick={() => set(index, String(Math.max(1, Number(line.qty) - 1)))}>
                  −
                </StepButton>
                <input
                  value={line.qty}
                  onChange={(e) => set(index, e.target.value)}
                  inputMode="numeric"
                  aria-label={t('owner.keyIn.quantityOf', { name: line.name })}
                  aria-invalid={problems[index] ? true : undefined}
                  className="w-14 rounded-md border border-slate-300 px-2 py-2 text-center text-base tabular-nums"
                />
                <StepButton label={t('owner.keyIn.more', { name: line.name })} onClick={() => set(index, String(Number(line.qty) + 1))}>
                  +
                </StepButton>
              </span>
            )}
            <button
              type="button"
              onClick={() => onChange(lines.filter((_, i) => i !== index))}
              aria-label={t('owner.keyIn.remove', { name: line.name })}
              className="min-h-10 min-w-10 rounded-md text-xl text-slate-600"
            >
              ×
            </button>
          </div>
          <p className="text-sm text-slate-600 tabular-nums">
            {formatPrice(line.price)}
            {line.isFraction ? t('owner.keyIn.perKg') : ''}
          </p>
          {problems[index] ? (
            <p role="alert" className="text-sm text-red-700">
              {problems[index]}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function StepButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <button type="button" aria-label={label} onClick={onClick} className="min-h-10 min-w-10 rounded-md border border-slate-300 text-lg font-semibold">
      {children}
    </button>
  );
}
