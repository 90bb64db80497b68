import { describe, expect, it } from 'vitest';
import { minor } from './money.ts';
import { orderForApi, orderFromApi, type Order } from './order-view.ts';
import { totalsFromApi, totalsTitles } from './totals.ts';

/** 1.1 kg of dal at ₹12.50 a kg is ₹13.75; 10 % off (₹1.38) leaves ₹12.37, 5 % tax on it ₹0.62; delivery ₹40; ₹52.99 in all, owed back. */
const order: Order = {
  id: '01JMONEY',
  number: 1042,
  kind: 'order',
  channel: 'online',
  status: 'cancelled',
  cancelRequested: false,
  paymentType: 'upi-manual',
  paymentStatus: 'paid',
  deliveryMode: 'ship',
  currencyCode: 'INR',
  lines: [
    {
      productId: 'toor-dal',
      title: 'Toor dal',
      variantName: 'loose',
      qty: 1.1,
      isFraction: true,
      unitPrice: minor(1_250),
      total: minor(1_375),
      discount: minor(138),
      tax: minor(62),
      taxPercent: 5,
      hsn: '0713',
    },
  ],
  taxMode: 'exclusive',
  totals: [
    { code: 'subtotal', title: totalsTitles.subtotal, value: minor(1_375), isPercentage: false, percentAmount: null },
    { code: 'discount', title: totalsTitles.discount, value: minor(-138), isPercentage: true, percentAmount: 10 },
    { code: 'delivery', title: totalsTitles.delivery, value: minor(4_000), isPercentage: false, percentAmount: null },
    { code: 'tax', title: totalsTitles.tax, value: minor(62), isPercentage: true, percentAmount: 5 },
    { code: 'grand_total', title: totalsTitles.grand_total, value: minor(5_299), isPercentage: false, percentAmount: null },
  ],
  grandTotal: minor(5_299),
  upiAmount: minor(5_301),
  details: {
    personalDetails: { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } },
    shippingSlotId: null,
  },
  couponCode: 'TEN',
  createdAt: Date.UTC(2026, 10, 27, 9),
  paymentClaimedAt: null,
  refund: { amount: minor(5_299), method: 'upi-manual', status: 'due', reference: null, refundedAt: null },
};

describe('orderFromApi', () => {
  it("reads an order's decimals back as the paise the server held, every amount to the paisa", () => {
    const api = orderForApi(order, 2);
    expect(api.lines[0]).toMatchObject({ unitPrice: 12.5, total: 13.75, discount: 1.38, tax: 0.62 });
    expect(api.grandTotal).toBe(52.99);
    expect(api.upiAmount).toBe(53.01);
    expect(orderFromApi(api, 2)).toEqual(order);
  });

  it("reads a quote's totals lines back in paise", () => {
    const api = orderForApi(order, 2).totals;
    expect(totalsFromApi(api, 2)).toEqual(order.totals);
  });
});
