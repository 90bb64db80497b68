import type { InvoiceParty, TaxInvoice } from '../../domain/gst.ts';
import { formatMoney, type Minor, type PriceFormat } from '../../domain/money.ts';
import { escapeHtml } from './order-email.ts';

/**
 * A tax invoice as one printable HTML page (A4), the only way it is drawn: the owner's
 * and the shopper's pages show it, the command line saves it, or prints it to PDF with
 * Chromium. What CGST Rule 46 asks for: the seller's name, address and GSTIN, a
 * consecutive number of at most 16 characters and the date, the buyer's name and
 * address, the place of supply, HSN/SAC, quantity, taxable value, rate and amount of
 * each tax, and the total.
 */
export function invoiceHtml(invoice: TaxInvoice, shop: { title: string; localeConfig: PriceFormat; timeZone: string }): string {
  const money = (m: Minor) => escapeHtml(formatMoney(m, shop.localeConfig));
  const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: shop.timeZone }).format(invoice.issuedAt);
  const split = invoice.intraState;
  const taxHeads = split ? '<th>CGST</th><th>SGST</th>' : '<th>IGST</th>';
  const taxCells = (l: { cgst: Minor; sgst: Minor; igst: Minor }) =>
    split ? `<td>${money(l.cgst)}</td><td>${money(l.sgst)}</td>` : `<td>${money(l.igst)}</td>`;
  const rows = invoice.lines.map(
    (l, i) =>
      `<tr><td>${i + 1}</td><td class="what">${escapeHtml(l.description)}</td><td>${escapeHtml(l.hsn ?? '')}</td><td>${escapeHtml(l.qty)}</td><td>${money(l.taxable)}</td><td>${l.rate}%</td>${taxCells(l)}<td>${money(l.total)}</td></tr>`,
  );
  const charges = invoice.charges.map(
    (c) => `<tr><td></td><td class="what" colspan="${split ? 7 : 6}">${escapeHtml(c.title)} (no tax charged)</td><td>${money(c.amount)}</td></tr>`,
  );
  const t = invoice.totals;
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>Tax invoice ${escapeHtml(invoice.number)}</title>`,
    '<style>',
    '@page { size: A4; margin: 14mm }',
    'body { font: 12px/1.45 system-ui, sans-serif; color: #111; margin: 0 }',
    'h1 { font-size: 18px; margin: 0 0 4px } h2 { font-size: 12px; margin: 0 0 2px; text-transform: uppercase; color: #555 }',
    '.head, .parties { display: flex; justify-content: space-between; gap: 24px; margin-bottom: 14px } .parties > div { flex: 1 }',
    'table { width: 100%; border-collapse: collapse; margin-top: 8px } th, td { border: 1px solid #bbb; padding: 4px 6px; text-align: right; vertical-align: top }',
    'th { background: #f2f2f2 } td.what, th.what { text-align: left } tfoot td { font-weight: 600 } p { margin: 2px 0 }',
    // on a phone the table scrolls sideways rather than cutting off the tax and amount columns
    '.table { overflow-x: auto } @media (max-width: 600px) { body { font-size: 11px } .parties { flex-direction: column; gap: 8px } th, td { padding: 3px 4px } }',
    '</style></head><body>',
    `<div class="head"><div><h1>Tax invoice</h1><p>${escapeHtml(shop.title)}</p></div>`,
    `<div style="text-align:right"><p><strong>${escapeHtml(invoice.number)}</strong></p><p>Date: ${escapeHtml(date)}</p><p>${invoice.orderNumbers && invoice.orderNumbers.length > 1 ? `Orders ${invoice.orderNumbers.map((n) => `#${n}`).join(', ')}` : `Order #${invoice.orderNumber}`}</p></div></div>`,
    '<div class="parties">',
    party('Seller', invoice.seller),
    party('Buyer', invoice.buyer),
    '</div>',
    `<p>Place of supply: ${escapeHtml(invoice.placeOfSupply)}${invoice.buyer.stateCode ? ` (${escapeHtml(invoice.buyer.stateCode)})` : ''}${invoice.taxMode === 'inclusive' ? ' · Prices include GST' : ''}</p>`,
    `<div class="table" tabindex="0" role="region" aria-label="Lines of the invoice"><table><thead><tr><th>#</th><th class="what">Item</th><th>HSN/SAC</th><th>Qty</th><th>Taxable value</th><th>Rate</th>${taxHeads}<th>Amount</th></tr></thead>`,
    `<tbody>${[...rows, ...charges].join('')}</tbody>`,
    `<tfoot><tr><td></td><td class="what" colspan="3">Total</td><td>${money(t.taxable)}</td><td></td>${taxCells(t)}<td>${money(t.total)}</td></tr></tfoot></table></div>`,
    '<p style="margin-top:14px">This is a computer-generated invoice.</p>',
    '</body></html>',
    '',
  ].join('\n');
}

/** The answer of every call that shows an order's tax invoice (the owner's, the guest's, the account's). */
export const invoiceAnswer = (invoice: TaxInvoice, shop: Parameters<typeof invoiceHtml>[1]) => ({
  success: true as const,
  number: invoice.number,
  html: invoiceHtml(invoice, shop),
});

function party(title: string, p: InvoiceParty): string {
  const lines = [
    p.name,
    ...p.address,
    p.state ? `State: ${p.state}${p.stateCode ? ` (${p.stateCode})` : ''}` : '',
    p.gstin ? `GSTIN: ${p.gstin}` : '',
    p.phone ?? '',
    p.email ?? '',
  ].filter(Boolean);
  return `<div><h2>${title}</h2>${lines.map((l, i) => (i === 0 ? `<p><strong>${escapeHtml(l)}</strong></p>` : `<p>${escapeHtml(l)}</p>`)).join('')}</div>`;
}
