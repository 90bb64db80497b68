import { describe, expect, it } from 'vitest';
import { minor } from './money.ts';
import { upiAmount, upiHoldUntil, upiLink, upiVerifyBy } from './payments.ts';

describe('upiLink', () => {
  it('carries payee, the amount in minor units as rupees with 2 decimals, currency, note and reference, with spaces as %20', () => {
    const link = upiLink(
      { vpa: 'demo.shop@okbank', payeeName: 'Kirana & Co.' },
      {
        amount: minor(109_895),
        fractionDigits: 2,
        note: 'Order 01JABC',
        reference: '01JABC',
      },
    );
    expect(link).toBe('upi://pay?pa=demo.shop%40okbank&pn=Kirana%20%26%20Co.&am=1098.95&cu=INR&tn=Order%2001JABC&tr=01JABC');
    const params = new URLSearchParams(link.slice('upi://pay?'.length));
    expect(Object.fromEntries(params)).toEqual({ pa: 'demo.shop@okbank', pn: 'Kirana & Co.', am: '1098.95', cu: 'INR', tn: 'Order 01JABC', tr: '01JABC' });
  });
});

describe('upiVerifyBy', () => {
  const given = Date.UTC(2026, 10, 21, 3, 35);
  const order = { status: 'placed', paymentStatus: 'awaiting_verification', paymentClaimedAt: given };

  it('is upiVerifyHours after the reference was given, while the shop has neither confirmed the payment nor accepted the order', () => {
    expect(upiVerifyBy(order, { upiVerifyHours: 12 })).toBe(Date.UTC(2026, 10, 21, 15, 35));
    expect(upiVerifyBy({ ...order, paymentStatus: 'paid' }, { upiVerifyHours: 12 })).toBeNull();
    expect(upiVerifyBy({ ...order, status: 'confirmed' }, { upiVerifyHours: 12 })).toBeNull();
    expect(upiVerifyBy({ ...order, status: 'cancelled' }, { upiVerifyHours: 12 })).toBeNull();
    expect(upiVerifyBy({ ...order, paymentStatus: 'awaiting_payment', paymentClaimedAt: null }, { upiVerifyHours: 12 })).toBeNull();
  });
});

describe('upiHoldUntil', () => {
  // placed at 10:00:00 UTC; the shop holds unpaid orders 45 minutes
  const placed = Date.UTC(2026, 10, 28, 10, 0, 0);
  const waiting = { status: 'placed', paymentType: 'upi-manual', paymentStatus: 'awaiting_payment', createdAt: placed };
  it('is the placing time plus the hold for a UPI order waiting for its payment', () => {
    expect(upiHoldUntil(waiting, { unpaidHoldMinutes: 45 })).toBe(Date.UTC(2026, 10, 28, 10, 45, 0));
  });
  it('is none once a reference came (the owner checks then), for another way to pay, or an order moved on', () => {
    expect(upiHoldUntil({ ...waiting, paymentStatus: 'awaiting_verification' }, { unpaidHoldMinutes: 45 })).toBeNull();
    expect(upiHoldUntil({ ...waiting, paymentType: 'payu' }, { unpaidHoldMinutes: 45 })).toBeNull();
    expect(upiHoldUntil({ ...waiting, status: 'cancelled' }, { unpaidHoldMinutes: 45 })).toBeNull();
  });
});

describe('upiAmount', () => {
  it('asks for the order total itself when no other open UPI order asks for it', () => {
    expect(upiAmount(minor(45_000), new Set([44_999, 45_100]))).toBe(45_000);
  });
  it('adds the fewest paise no other open order asks for: ₹450 taken twice over gives ₹450.02', () => {
    expect(upiAmount(minor(45_000), new Set([45_000, 45_001, 45_003]))).toBe(45_002);
  });
  it('never adds a rupee: with ₹450.00 to ₹450.99 all taken it asks for the total, and where the currency has no paise it adds none', () => {
    const all = new Set(Array.from({ length: 100 }, (_, i) => 45_000 + i));
    expect(upiAmount(minor(45_000), all)).toBe(45_000);
    expect(upiAmount(minor(450), new Set([450]), 0)).toBe(450);
  });
});
