import { hasTaxInvoice } from '../../../../domain/order-lifecycle.ts';
import type { OrderView } from '../../../../domain/order-view.ts';

/**
 * The owner's printouts of an order (issue 18): a packing slip to go with a delivery or
 * pickup, a kitchen ticket for dine-in (and pickup, which a café's kitchen makes too), and
 * a receipt for any order (a digital order, with nothing to pack, has only that). Each fits a thermal roll, 80 mm or 58 mm wide, or A4.
 */
export const printoutKinds = ['slip', 'kitchen', 'receipt', 'invoice'] as const;
export type PrintoutKind = (typeof printoutKinds)[number];

export const isPrintoutKind = (value: string | undefined): value is PrintoutKind => (printoutKinds as readonly string[]).includes(value ?? '');

/**
 * The printouts an order has, in the order the owner usually needs them; a tax invoice
 * once the shop (registered for GST) has accepted the order — for a round of a table's bill,
 * once the bill is settled (its one invoice).
 */
export function printKinds(
  order: Pick<OrderView, 'deliveryMode' | 'kind' | 'status'> & { bill?: { status: string } | null },
  hasGstin: boolean,
): PrintoutKind[] {
  const kinds: PrintoutKind[] =
    order.deliveryMode === 'dine'
      ? ['kitchen', 'receipt']
      : order.deliveryMode === 'pickup'
        ? ['slip', 'kitchen', 'receipt']
        : order.deliveryMode === 'digital'
          ? ['receipt']
          : ['slip', 'receipt'];
  return hasGstin && hasTaxInvoice(order) && order.bill?.status !== 'open' ? [...kinds, 'invoice'] : kinds;
}

export const papers = ['80mm', '58mm', 'a4'] as const;
export type Paper = (typeof papers)[number];

/**
 * The page each paper prints on. A roll has no page height; a long one breaks onto a
 * second "page" of the roll. The margins leave what thermal heads cannot reach.
 */
export const pageRules: Record<Paper, string> = {
  '80mm': '@page { size: 80mm 297mm; margin: 3mm; }',
  '58mm': '@page { size: 58mm 297mm; margin: 2mm; }',
  a4: '@page { size: A4; margin: 15mm; }',
};

/** The width the sheet takes on screen too, so the preview is what comes out. */
export const sheetWidths: Record<Paper, string> = { '80mm': '74mm', '58mm': '54mm', a4: '180mm' };

const paperKey = (shopId: string) => `${shopId}/owner/paper`;

/** The paper this browser's printer takes, as the owner last chose it (80 mm unless chosen). */
export function savedPaper(shopId: string): Paper {
  try {
    const saved = localStorage.getItem(paperKey(shopId));
    return (papers as readonly string[]).includes(saved ?? '') ? (saved as Paper) : '80mm';
  } catch {
    return '80mm';
  }
}

export function savePaper(shopId: string, paper: Paper): void {
  try {
    localStorage.setItem(paperKey(shopId), paper);
  } catch {
    // kept for this page only
  }
}
