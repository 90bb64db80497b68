import { useTranslation } from '../lib/i18n/i18n.ts';
import type { LineStock } from '../../domain/cart-stock.ts';
import { formatQuantity } from '../../domain/money.ts';

type Props = { stock: LineStock; title: string; isFraction: boolean; onRemove(): void; onChange(qty: number): void };

/**
 * What a cart line's stock says, on the cart sidebar's line and the checkout's (§5, §8,
 * decision 042): 'Out of stock' with Remove; 'Stock not available' with what is left and a
 * way to take just that; 'The system is not sure about the stock quantity' when the server's
 * answer moved away from the page's catalog. Nothing for a line that is fine.
 */
export function LineStockNote({ stock, title, isFraction, onRemove, onChange }: Props) {
  const { t } = useTranslation();
  if (stock.state === 'ok' && !stock.unsure) return null;
  const available = stock.available ?? 0;
  const shown = `${formatQuantity(isFraction ? Math.round(available * 1000) : Math.floor(available) * 1000, isFraction)}${isFraction ? ` ${t('product.kg')}` : ''}`;
  const link = 'font-semibold underline underline-offset-2';
  return (
    <span className="flex flex-col gap-1 text-sm">
      {stock.state === 'out' ? (
        <span className="flex flex-wrap items-center gap-3 font-medium text-red-700">
          <span>{t('product.outOfStock')}</span>
          <button type="button" onClick={onRemove} className={link}>
            {t('cart.remove')}
            <span className="sr-only"> {title}</span>
          </button>
        </span>
      ) : null}
      {stock.state === 'above' ? (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 font-medium text-red-700">
          <span>
            {t('cartNotice.stockNotAvailable')} · {t('product.onlyLeft', { quantity: shown })}
          </span>
          <button type="button" onClick={() => onChange(available)} className={link}>
            {t('cart.takeAvailable', { quantity: shown })}
            <span className="sr-only"> {title}</span>
          </button>
        </span>
      ) : null}
      {stock.unsure ? <span className="text-amber-900">{t('cart.stockUnsure')}</span> : null}
    </span>
  );
}
