import { describe, expect, it } from 'vitest';
import { financialYear, gstinProblem, gstStateCode, invoiceLineAmounts, invoiceNumber, taxInvoice } from './gst.ts';
import { minor } from './money.ts';

describe('GST', () => {
  it('accepts a real GSTIN and says what is wrong with a mistyped one', () => {
    // the example GSTIN of the GST portal's own help pages
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/does not match/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/not a GST state code/);
  });

  it('knows a state however a shopper writes it', () => {
    expect(['Karnataka', 'karnataka ', 'KA', '29'].map(gstStateCode)).toEqual(['29', '29', '29', '29']);
    expect(['Tamil Nadu', 'tamilnadu', 'J&K', 'Jammu & Kashmir', 'Orissa'].map(gstStateCode)).toEqual(['33', '33', '01', '01', '21']);
    expect(gstStateCode('Atlantis')).toBeNull();
  });

  it('numbers invoices per financial year, April to March, in the shop time zone', () => {
    // 1 April 2026, 01:30 in India, is still 31 March in UTC
    expect(financialYear(Date.parse('2026-03-31T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-27');
    expect(financialYear(Date.parse('2026-03-31T17:00:00Z'), 'Asia/Kolkata')).toBe('2025-26');
    expect(financialYear(Date.parse('2099-12-31T00:00:00Z'), 'Asia/Kolkata')).toBe('2099-00');
    expect(invoiceNumber('2026-27', 1)).toBe('INV/2026-27/0001');
    expect(invoiceNumber('2026-27', 12345)).toBe('INV/2026-27/12345');
  });

  it('splits a line tax into CGST and SGST within the state, IGST across states', () => {
    // ₹1,000 of cake at 18 %, ₹100 of it taken off by a coupon: taxable ₹900, tax ₹162
    const line = { total: minor(100_000), discount: minor(10_000), tax: minor(16_200) };
    expect(invoiceLineAmounts(line, 'exclusive', true)).toEqual({ taxable: 90_000, cgst: 8_100, sgst: 8_100, igst: 0, total: 106_200 });
    expect(invoiceLineAmounts(line, 'exclusive', false)).toEqual({ taxable: 90_000, cgst: 0, sgst: 0, igst: 16_200, total: 106_200 });
    // an MRP of ₹105 at 5 % holds ₹5: taxable ₹100; an odd paisa goes to CGST
    expect(invoiceLineAmounts({ total: minor(10_500), discount: minor(0), tax: minor(500) }, 'inclusive', true)).toEqual({
      taxable: 10_000,
      cgst: 250,
      sgst: 250,
      igst: 0,
      total: 10_500,
    });
    expect(invoiceLineAmounts({ total: minor(10_000), discount: minor(0), tax: minor(501) }, 'exclusive', true)).toMatchObject({ cgst: 251, sgst: 250 });
  });

  it('prints a weighed line to the hundredth gram as every other paper of the order does: 1.1 kg is "1.10 kg"', () => {
    const line = { title: 'Alphonso Mango', variantName: '', total: minor(35_200), discount: minor(0), tax: minor(1_760), taxPercent: 5, hsn: '0804' };
    const invoice = taxInvoice(
      {
        number: 1001,
        taxMode: 'exclusive',
        lines: [
          { ...line, qty: 1.1, isFraction: true },
          { ...line, title: 'Cotton Tee', qty: 2, isFraction: false },
        ],
        totals: [],
        grandTotal: minor(73_920),
      },
      {
        number: 'INV/2026-27/0001',
        issuedAt: 0,
        seller: { name: 'Shop', address: [], stateCode: '27', state: 'Maharashtra' },
        buyer: { name: 'Asha', address: [], stateCode: '27', state: 'Maharashtra' },
      },
    );
    expect(invoice.lines.map((l) => l.qty)).toEqual(['1.10 kg', '2']);
  });
});
