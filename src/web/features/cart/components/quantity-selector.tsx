import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import {
  clampQuantity,
  DEFAULT_WEIGHT_STEP,
  quantityLimits,
  readQuantity,
  stepQuantity,
  type CartItem,
  type CartRules,
} from '../../../../domain/cart-rules.ts';

/**
 * §5 quantity selector: − / value / +, or a weight in Kg with two decimals for products
 * sold by weight, whose − and + move it by the owner's step (250 g unless set). Non-numbers and values below the minimum become the minimum (0 removes
 * the line); values above the maximum are clamped with 'Stock not available'. The selector
 * hands the cart what was asked for and the cart's setQty clamps it and says one thing:
 * 'Stock not available', or that the quantity was updated — never both.
 */
export function QuantitySelector({ item, rules, onChange }: { item: CartItem; rules: CartRules; onChange(qty: number): void }) {
  const { t } = useTranslation();
  const limits = quantityLimits(item, rules);
  const shown = item.isFraction ? item.qty.toFixed(2) : String(item.qty);
  // what the shopper is typing; null shows the cart's own quantity
  const [draft, setDraft] = useState<string | null>(null);

  const commit = (value: string | number) => {
    const requested = typeof value === 'number' ? value : readQuantity(value);
    const { qty, limited } = clampQuantity(requested, limits);
    setDraft(null);
    // asking for more than there is says so even when the line already holds all of it
    if (qty !== item.qty || limited) onChange(requested);
  };
  const step = item.isFraction ? (item.weightStep ?? DEFAULT_WEIGHT_STEP) : 1;
  const button = 'size-9 rounded-md border border-slate-300 bg-white text-lg font-semibold hover:border-slate-500 disabled:opacity-40';
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        className={button}
        onClick={() => commit(stepQuantity(item.qty, step, -1))}
        aria-label={item.isFraction ? t('cart.weightDecrease', { title: item.title, step }) : t('cart.decrease', { title: item.title })}
      >
        −
      </button>
      <label className="flex items-center gap-1">
        <span className="sr-only">{item.isFraction ? t('cart.weightOf', { title: item.title }) : t('cart.quantityOf', { title: item.title })}</span>
        <input
          inputMode={item.isFraction ? 'decimal' : 'numeric'}
          value={draft ?? shown}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => draft !== null && commit(draft)}
          onKeyDown={(e) => e.key === 'Enter' && draft !== null && commit(draft)}
          className={`rounded-md border border-slate-300 px-2 py-1.5 text-center ${item.isFraction ? 'w-20' : 'w-12'}`}
        />
        {item.isFraction ? <span className="text-sm text-slate-700">{t('product.kg')}</span> : null}
      </label>
      <button
        type="button"
        className={button}
        onClick={() => commit(stepQuantity(item.qty, step, 1))}
        disabled={limits.max !== null && item.qty >= limits.max}
        aria-label={item.isFraction ? t('cart.weightIncrease', { title: item.title, step }) : t('cart.increase', { title: item.title })}
      >
        +
      </button>
    </div>
  );
}
