import { describe, expect, it } from 'vitest';
import { minor } from './money.ts';
import type { OrderRequest } from './order.ts';
import { priceOrder, type OrderableProduct } from './order-pricing.ts';
import { orderRecord, type SlotView } from './order-record.ts';
import { validateShopConfig } from './shop-config.ts';

const config = (orderEnabled: boolean) => {
  const result = validateShopConfig({
    id: 'record-shop',
    title: 'Record shop',
    localeConfig: { defaultLocale: 'en-IN', currencySign: '₹', fractionDigits: 2, priceFormat: '{sign}{amount}' },
    orderConfig: { orderEnabled, enquiryEnabled: !orderEnabled, pickupEnabled: true, deliveryCharge: { amount: 40 } },
    pricingConfig: { globalTaxPercentage: 5 },
    themeConfig: { themeId: 'default', primaryColor: '#2874f0' },
    contact: { whatsappNumber: '+919800000000' },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
};
const shop = config(true);

const product = (id: string, rupees: number, digital: boolean): OrderableProduct => ({
  id,
  title: `The ${id}`,
  variantName: '1 kg',
  isFraction: false,
  prices: { mrp: null, regular: minor(rupees * 100), special: null },
  stockMilli: 10_000,
  digital,
  errors: {},
  taxRate: null,
  hsn: digital ? null : '0713',
});
const products = new Map([product('recipe-ebook', 149, true), product('toor-dal', 180, false)].map((p) => [p.id, p]));

const personalDetails = { fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '9800000001', dialCode: '+91' } };
const shippingDetails = {
  fullName: 'Asha Rao',
  streetName: '1 MG Road',
  apartment: '',
  city: 'Pune',
  state: 'MH',
  zipCode: '411001',
  country: 'IN',
  phone: '',
};
const slot: SlotView = { label: 'Morning', start: '2026-11-28T09:00:00+05:30', end: '2026-11-28T12:00:00+05:30', timeZone: 'Asia/Kolkata' };

function recordOf(order: Partial<OrderRequest['order']> & Pick<OrderRequest['order'], 'items' | 'deliveryMode'>, at = shop, slotView?: SlotView) {
  const request: OrderRequest['order'] = { personalDetails, note: '', paymentType: 'upi-manual', ...order };
  const priced = priceOrder(request, products, at, null);
  if (!priced.ok) throw new Error(priced.refusal.reason);
  return orderRecord({
    request,
    priced: priced.priced,
    shop: at,
    id: 'order-1',
    now: 1_000,
    userId: null,
    customer: { key: 'email:asha@example.com', email: 'email:asha@example.com', phone: null },
    tokenHash: 'hash',
    slot: slotView,
    couponCode: null,
  });
}

describe('orderRecord: what an order keeps', () => {
  it('a parcel keeps its address, its slot and its note; its lines and totals as priced', () => {
    const record = recordOf(
      { items: [{ id: 'toor-dal', qty: 2 }], deliveryMode: 'ship', shippingDetails, shippingSlotId: 'morning', note: 'Ring twice' },
      shop,
      slot,
    );
    expect(record).toMatchObject({ status: 'placed', kind: 'order', deliveryMode: 'ship', shippingSlotId: 'morning', paymentType: 'upi-manual' });
    expect(record.paymentStatus).toBe('awaiting_payment');
    expect(record.details).toEqual({
      personalDetails,
      shippingDetails,
      dineInDetails: undefined,
      shippingSlotId: 'morning',
      shippingSlot: slot,
      note: 'Ring twice',
    });
    expect(record.lines).toEqual([
      {
        productId: 'toor-dal',
        title: 'The toor-dal',
        variantName: '1 kg',
        qtyMilli: 2000,
        isFraction: false,
        unitPrice: 18000,
        total: 36000,
        discount: 0,
        tax: 1800,
        taxPercent: 5,
        hsn: '0713',
      },
    ]);
    expect(record.totals.at(-1)).toMatchObject({ code: 'grand_total', value: record.grandTotal });
    expect(record.grandTotal).toBe(36000 + 4000 + 1800);
  });

  it('an order of only downloads is digital: no address, no slot, whatever mode and slot it named', () => {
    const record = recordOf({ items: [{ id: 'recipe-ebook', qty: 1 }], deliveryMode: 'ship', shippingDetails, shippingSlotId: 'morning' });
    expect(record.deliveryMode).toBe('digital');
    expect(record.shippingSlotId).toBeNull();
    expect(record.details).toEqual({ personalDetails, shippingDetails: undefined, dineInDetails: undefined, shippingSlotId: null, shippingSlot: null });
  });

  it('a pickup keeps no address and a dine-in only its table; pay on delivery is collected', () => {
    const pickup = recordOf({ items: [{ id: 'toor-dal', qty: 1 }], deliveryMode: 'pickup', shippingDetails, paymentType: 'pof' });
    expect(pickup.details.shippingDetails).toBeUndefined();
    expect(pickup.paymentStatus).toBe('to_collect');
    const dine = recordOf({ items: [{ id: 'toor-dal', qty: 1 }], deliveryMode: 'dine', dineInDetails: { spaceId: 't', value: '4' }, shippingDetails });
    expect(dine.details).toMatchObject({ dineInDetails: { spaceId: 't', value: '4' }, shippingDetails: undefined, shippingSlotId: null });
  });

  it('with ordering off it is an enquiry: no payment type, none to take', () => {
    const enquiry = recordOf({ items: [{ id: 'toor-dal', qty: 1 }], deliveryMode: 'pickup', paymentType: 'upi-manual' }, config(false));
    expect(enquiry).toMatchObject({ kind: 'enquiry', paymentType: null, paymentStatus: 'none' });
  });
});
