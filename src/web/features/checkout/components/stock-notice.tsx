import type { CheckoutStock } from '../hooks/use-checkout-stock.ts';

/**
 * Why the order cannot go while a line is out of stock or above it (decision 042): said as
 * soon as it is known, and said again as an alert — a new element, so it is announced — when
 * the shopper presses the button anyway. The lines themselves say what to fix.
 */
export function StockNotice({ stock }: { stock: Pick<CheckoutStock, 'problem' | 'pressed'> }) {
  if (!stock.problem) return null;
  return stock.pressed ? (
    <p key="alert" role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {stock.problem}
    </p>
  ) : (
    <p key="status" role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {stock.problem}
    </p>
  );
}
