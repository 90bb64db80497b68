import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { formatQuantity, qtyToMilli, type Minor } from '../../../../domain/money.ts';
import type { LineStock } from '../../../../domain/cart-stock.ts';
import type { Order } from '../../../../domain/order-view.ts';
import { totalsLabelKey, type TotalsLine } from '../../../../domain/totals.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { LineStockNote } from '../../../ui/line-stock-note.tsx';

/** A line as the summary shows it: its total in minor units. */
export type SummaryLine = { key: string; title: string; variantName: string; qty: number; isFraction: boolean; total: Minor; stock?: LineStock };

/** Before the order: a line's stock is flagged, and these fix it (a placed order's lines have none). */
type LineFixes = { onRemove(key: string): void; onChange(key: string, qty: number): void };

/** A line's quantity in the shopper's words: a weight says so ("0.75 kg", not "Qty 0.75"). */
export const qtyText = (t: TFunction, l: Pick<SummaryLine, 'qty' | 'isFraction'>) =>
  t(l.isFraction ? 'order.weight' : 'order.qty', { qty: formatQuantity(qtyToMilli(l.qty, l.isFraction), l.isFraction) });

/** Lines of an order as the summary shows them. */
export const orderLines = (order: Order): SummaryLine[] =>
  order.lines.map((l) => ({ key: l.productId, title: l.title, variantName: l.variantName, qty: l.qty, isFraction: l.isFraction, total: l.total }));

/** Lines and totals, in minor units: the server's quote before the order (the cart's own until it comes), the order's after. */
export function OrderSummary({ lines, totals, fixes }: { lines: SummaryLine[]; totals: TotalsLine[]; fixes?: LineFixes }) {
  const { t } = useTranslation();
  const money = useFormatPrice();
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-slate-100">
        {lines.map((l) => (
          <li key={l.key} className="flex items-baseline justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="font-medium">{l.title}</span>
              {l.variantName ? <span className="text-sm text-slate-600"> · {l.variantName}</span> : null}
              <span className="block text-sm text-slate-600">{qtyText(t, l)}</span>
              {l.stock && fixes ? (
                <LineStockNote
                  stock={l.stock}
                  title={l.title}
                  isFraction={l.isFraction}
                  onRemove={() => fixes.onRemove(l.key)}
                  onChange={(qty) => fixes.onChange(l.key, qty)}
                />
              ) : null}
            </span>
            {/* a line out of stock is not counted in the totals below, so it shows no amount */}
            {l.stock?.state === 'out' ? null : <span className="shrink-0">{money(l.total)}</span>}
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 border-t border-slate-200 pt-3" data-testid="order-totals">
        {totals.map((line, i) => (
          <div key={`${line.code}-${i}`} className={`flex justify-between ${line.code === 'grand_total' ? 'text-lg font-semibold' : ''}`} data-code={line.code}>
            <dt>
              {t(`checkout.totals.${totalsLabelKey(line)}`)}
              {line.isPercentage && line.percentAmount !== null ? ` (${line.percentAmount}%)` : ''}
            </dt>
            <dd>{money(line.value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
