import { addMinor, formatQuantity, minor, qtyToMilli, type Minor } from './money.ts';

/**
 * India's GST as a tax invoice needs it (issue 19; CGST Rules 46): the seller's GSTIN,
 * the state of each party (intra-state supplies are taxed CGST + SGST, half each;
 * inter-state IGST), the invoice number series per financial year, and each line's
 * taxable value. No dependencies: the browser prints invoices with it too.
 */

/** The states and union territories with their GST state codes (the first two digits of a GSTIN). */
const gstStates: ReadonlyArray<readonly [code: string, name: string, ...aliases: string[]]> = [
  ['01', 'Jammu and Kashmir', 'JK', 'J&K'],
  ['02', 'Himachal Pradesh', 'HP'],
  ['03', 'Punjab', 'PB'],
  ['04', 'Chandigarh', 'CH'],
  ['05', 'Uttarakhand', 'UK', 'UT', 'Uttaranchal'],
  ['06', 'Haryana', 'HR'],
  ['07', 'Delhi', 'DL', 'New Delhi', 'NCT of Delhi'],
  ['08', 'Rajasthan', 'RJ'],
  ['09', 'Uttar Pradesh', 'UP'],
  ['10', 'Bihar', 'BR'],
  ['11', 'Sikkim', 'SK'],
  ['12', 'Arunachal Pradesh', 'AR'],
  ['13', 'Nagaland', 'NL'],
  ['14', 'Manipur', 'MN'],
  ['15', 'Mizoram', 'MZ'],
  ['16', 'Tripura', 'TR'],
  ['17', 'Meghalaya', 'ML'],
  ['18', 'Assam', 'AS'],
  ['19', 'West Bengal', 'WB'],
  ['20', 'Jharkhand', 'JH'],
  ['21', 'Odisha', 'OD', 'OR', 'Orissa'],
  ['22', 'Chhattisgarh', 'CG', 'Chattisgarh'],
  ['23', 'Madhya Pradesh', 'MP'],
  ['24', 'Gujarat', 'GJ'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu', 'DN', 'DD', 'Daman and Diu', 'Dadra and Nagar Haveli'],
  ['27', 'Maharashtra', 'MH'],
  ['29', 'Karnataka', 'KA'],
  ['30', 'Goa', 'GA'],
  ['31', 'Lakshadweep', 'LD'],
  ['32', 'Kerala', 'KL'],
  ['33', 'Tamil Nadu', 'TN'],
  ['34', 'Puducherry', 'PY', 'Pondicherry'],
  ['35', 'Andaman and Nicobar Islands', 'AN'],
  ['36', 'Telangana', 'TS', 'TG'],
  ['37', 'Andhra Pradesh', 'AP'],
  ['38', 'Ladakh', 'LA'],
];

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
const byName = new Map(gstStates.flatMap(([code, ...names]) => [code, ...names].map((n) => [squash(n), code] as const)));

/** The GST state code of a state as a shopper or owner writes it ("Karnataka", "KA", "tamil nadu", "29"); null when unknown. */
export const gstStateCode = (state: string): string | null => byName.get(squash(state)) ?? null;

export const gstStateName = (code: string): string | null => gstStates.find(([c]) => c === code)?.[1] ?? null;

const GSTIN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's check character: each of the first 14 characters' value times 1 or 2 in turn, its base-36 digits summed, then (36 − sum mod 36) mod 36. */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not one, or null when it is (its shape, its state code and its check character). */
export function gstinProblem(gstin: string): string | null {
  const m = GSTIN.exec(gstin);
  if (!m) return 'A GSTIN is 15 characters: 2 digits of the state, the 10 of the PAN, then 3 more (e.g. 29ABCDE1234F1Z5).';
  if (!gstStateName(m[1]!)) return `${m[1]} is not a GST state code.`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'The last character of this GSTIN does not match the others: check it for a typing mistake.';
  return null;
}

/** The Indian financial year of an instant in the shop's zone, as invoices write it: 2026-27 (April to March). */
export function financialYear(at: number, timeZone: string): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** An invoice number: INV/2026-27/0001 (at most 16 characters, as Rule 46 asks; the series restarts each financial year). */
export const invoiceNumber = (year: string, sequence: number): string => `INV/${year}/${String(sequence).padStart(4, '0')}`;

/** One line of a tax invoice: what was sold, its taxable value and the tax on it, split by where it was supplied. */
export type InvoiceLine = {
  description: string;
  hsn: string | null;
  qty: string;
  rate: number;
  taxable: Minor;
  cgst: Minor;
  sgst: Minor;
  igst: Minor;
  total: Minor;
};

export type InvoiceTotals = { taxable: Minor; cgst: Minor; sgst: Minor; igst: Minor; charges: Minor; total: Minor };

/**
 * The tax columns of an invoice line. The line's tax was worked out when the order was
 * priced (added on top, or held in the price); its taxable value is what is left of the
 * line after its share of the discount, less the tax when the price held it. Within the
 * shop's state the tax is split into equal CGST and SGST (the odd paisa to CGST), else it
 * is all IGST.
 * @internal a line's taxable value and tax, tested case by case
 */
export function invoiceLineAmounts(
  line: { total: Minor; discount: Minor; tax: Minor },
  taxMode: 'exclusive' | 'inclusive',
  intraState: boolean,
): Pick<InvoiceLine, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'> {
  const net = minor(line.total - line.discount);
  const taxable = taxMode === 'inclusive' ? minor(net - line.tax) : net;
  const half = minor(Math.floor(line.tax / 2));
  return intraState
    ? { taxable, cgst: minor(line.tax - half), sgst: half, igst: minor(0), total: addMinor(taxable, line.tax) }
    : { taxable, cgst: minor(0), sgst: minor(0), igst: line.tax, total: addMinor(taxable, line.tax) };
}

/** A party on an invoice as it was when the invoice was issued. */
export type InvoiceParty = { name: string; address: string[]; stateCode: string | null; state: string; gstin?: string; phone?: string; email?: string };

/** A tax invoice, ready to print: the numbers are the order's, split as the place of supply asks. */
export type TaxInvoice = {
  number: string;
  issuedAt: number;
  orderNumber: number;
  /** A table's bill (issue 41): the numbers of the rounds it covers, the first being `orderNumber`. */
  orderNumbers?: number[];
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** Where the supply is taxed: the delivery address's state, or the shop's for pickup and dine-in. */
  placeOfSupply: string;
  intraState: boolean;
  taxMode: 'exclusive' | 'inclusive';
  lines: InvoiceLine[];
  /** Delivery and packing, charged without tax. */
  charges: Array<{ title: string; amount: Minor }>;
  totals: InvoiceTotals;
};

type InvoiceOrder = {
  number: number;
  taxMode: 'exclusive' | 'inclusive';
  lines: ReadonlyArray<{
    title: string;
    variantName: string;
    qty: number;
    isFraction: boolean;
    total: Minor;
    discount: Minor;
    tax: Minor;
    taxPercent: number;
    hsn: string | null;
  }>;
  totals: ReadonlyArray<{ code: string; title: string; value: Minor }>;
  grandTotal: Minor;
};

/** The invoice of an order from its record: each line's columns, the untaxed charges, and totals that add up to what the order charged. */
export function taxInvoice(order: InvoiceOrder, record: { number: string; issuedAt: number; seller: InvoiceParty; buyer: InvoiceParty }): TaxInvoice {
  const intraState = record.buyer.stateCode !== null && record.buyer.stateCode === record.seller.stateCode;
  const lines = order.lines.map((l): InvoiceLine => ({
    description: l.variantName ? `${l.title} (${l.variantName})` : l.title,
    hsn: l.hsn,
    // as the order's other papers print it: "1.10 kg", "2"
    qty: l.isFraction ? `${formatQuantity(qtyToMilli(l.qty, true), true)} kg` : formatQuantity(qtyToMilli(l.qty, false), false),
    rate: l.taxPercent,
    ...invoiceLineAmounts(l, order.taxMode, intraState),
  }));
  const charges = order.totals.filter((t) => (t.code === 'delivery' || t.code === 'packing') && t.value > 0).map((t) => ({ title: t.title, amount: t.value }));
  const sum = (pick: (l: InvoiceLine) => Minor) => addMinor(...lines.map(pick));
  const totals: InvoiceTotals = {
    taxable: sum((l) => l.taxable),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    charges: addMinor(...charges.map((c) => c.amount)),
    total: order.grandTotal,
  };
  return {
    ...record,
    orderNumber: order.number,
    placeOfSupply: record.buyer.state || record.seller.state,
    intraState,
    taxMode: order.taxMode,
    lines,
    charges,
    totals,
  };
}
