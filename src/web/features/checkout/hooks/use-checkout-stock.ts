import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { CartItem } from '../../../../domain/cart-rules.ts';
import { cartStock, serverStockOf, type CartStock } from '../../../../domain/cart-stock.ts';
import type { ApiError } from '../../../lib/api.ts';
import { useShop } from '../../../lib/use-shop.ts';
import type { QuotedOrder } from '../api/orders.ts';

type Shortage = { id: string; available: number };

const shortagesIn = (error: ApiError | null): Shortage[] | null =>
  error?.error === 'out_of_stock' && Array.isArray(error.lines) ? (error.lines as Shortage[]) : null;

export type CheckoutStock = CartStock & {
  /** What stops the order while a line is out of stock or above it; null when nothing does. */
  problem: string | null;
  /** The shopper pressed the button while `problem` stood: it is said again, as an alert. */
  pressed: boolean;
  /** Called by the submit: true (and `pressed`) when the order must not be sent. */
  stop(): boolean;
};

/**
 * The checkout's stock truth (decision 042): each line flagged from the catalog the page holds,
 * then from the server's word, freshest first — the refused order's shortages, else the quote
 * (priced: every line has enough; refused for stock: the short lines with what is left).
 */
export function useCheckoutStock(
  items: readonly CartItem[],
  answers: { quote: QuotedOrder | null; refusal: ApiError | null; placeShortages: readonly Shortage[] },
): CheckoutStock {
  const { t } = useTranslation();
  const allowOrderOnNoStock = useShop().orderConfig.allowOrderOnNoStock;
  const { quote, refusal, placeShortages } = answers;
  const stock = useMemo(() => {
    const refused = placeShortages.length > 0 ? placeShortages : shortagesIn(refusal);
    const server = serverStockOf(refused ? { shortages: refused } : quote ? { pricedIds: quote.lines.map((l) => l.productId) } : null);
    return cartStock(items, { allowOrderOnNoStock }, server);
  }, [items, allowOrderOnNoStock, quote, refusal, placeShortages]);
  const [pressed, setPressed] = useState(false);
  const { blocked } = stock;
  const stop = useCallback(() => {
    if (blocked) setPressed(true);
    return blocked;
  }, [blocked]);
  return { ...stock, problem: blocked ? t('checkout.stockBlocked') : null, pressed: pressed && blocked, stop };
}
