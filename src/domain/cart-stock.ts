import { stockMilli, type CartItem, type CartRules } from './cart-rules.ts';
import { qtyToMilli } from './money.ts';

/**
 * Stock truth for the lines of a cart (issue 23, decision 042): which line is out of stock
 * (§5: stock 0 or below; §8 'Out of stock' with Remove), which asks for more than the stock
 * (§5 'Stock not available', with what is left), and which the shown totals leave out.
 * The page's catalog says what it knows as soon as it is loaded; the server's answer to the
 * checkout's quote or order is the authority and wins when it comes.
 */

/**
 * What the server said about a line: `enough` (the quote priced it without a shortage) or the
 * quantity it has left (a refused quote or order names the line with its `available`).
 */
export type ServerStock = 'enough' | { available: number };

export type LineStock = {
  state: 'ok' | 'out' | 'above';
  /** How much can be ordered, in the line's unit (pieces or kg); null when the line is fine. */
  available: number | null;
  /**
   * §8 'The system is not sure about the stock quantity' (volatile): the server's answer
   * disagrees with the stock in the catalog the page holds — it moved since the page read it.
   */
  unsure: boolean;
};

const OK: LineStock = { state: 'ok', available: null, unsure: false };

/** The line as the page's catalog sees it, before any word from the server. */
function fromCatalog(item: CartItem): LineStock {
  const stock = stockMilli(item);
  if (stock <= 0) return { state: 'out', available: 0, unsure: false };
  if (qtyToMilli(item.qty, item.isFraction) > stock) return { state: 'above', available: stock / 1000, unsure: false };
  return OK;
}

/**
 * One line's stock. A shop that orders without stock (`allowOrderOnNoStock`) and a product made
 * to order flag nothing: the add already said 'Added to cart for pre-reservation.'.
 * @internal Exported for its unit test only (a test seam): one line's cases are tested without building a cart and the server's stock.
 */
export function lineStock(item: CartItem, rules: Pick<CartRules, 'allowOrderOnNoStock'>, server?: ServerStock): LineStock {
  if (rules.allowOrderOnNoStock || item.madeToOrder) return OK;
  const page = fromCatalog(item);
  if (server === undefined) return page;
  if (server === 'enough') return page.state === 'ok' ? OK : { ...OK, unsure: true };
  const available = Math.max(0, server.available);
  const unsure = Math.round(available * 1000) !== Math.max(0, stockMilli(item));
  if (available <= 0) return { state: 'out', available: 0, unsure };
  if (qtyToMilli(item.qty, item.isFraction) > Math.round(available * 1000)) return { state: 'above', available, unsure };
  return { ...OK, unsure };
}

export type CartStock = {
  lines: ReadonlyMap<string, LineStock>;
  /** The lines the shown subtotal and totals count: every line but those out of stock. */
  counted: CartItem[];
  /** Placing the order is refused while a line is out of stock or above it. */
  blocked: boolean;
};

/** Every line's stock, the lines the totals count, and whether the order may be placed. */
export function cartStock(
  items: readonly CartItem[],
  rules: Pick<CartRules, 'allowOrderOnNoStock'>,
  server: ReadonlyMap<string, ServerStock> = new Map(),
): CartStock {
  const lines = new Map(items.map((i) => [i.id, lineStock(i, rules, server.get(i.id))]));
  return {
    lines,
    counted: items.filter((i) => lines.get(i.id)!.state !== 'out'),
    blocked: [...lines.values()].some((l) => l.state !== 'ok'),
  };
}

/**
 * The server's word per line from a quote or an order call: a priced quote says every line it
 * priced has enough; an `out_of_stock` refusal names the short lines with what is left (the
 * others it did not judge). Anything else says nothing about stock.
 */
export function serverStockOf(
  answer: { pricedIds: readonly string[] } | { shortages: ReadonlyArray<{ id: string; available: number }> } | null,
): Map<string, ServerStock> {
  if (!answer) return new Map();
  if ('pricedIds' in answer) return new Map(answer.pricedIds.map((id) => [id, 'enough' as const]));
  return new Map(answer.shortages.map((s) => [s.id, { available: s.available }]));
}
