import { describe, expect, it } from 'vitest';
import { ashaAddress } from './testing/addresses.ts';
import { addressLines, contactPhone, quantityLabel, tableText, telHref } from './order-details.ts';

const details = (over: Record<string, unknown>) =>
  ({
    details: { personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '9800000001', dialCode: '+91' } }, shippingSlotId: null, ...over },
  }) as Parameters<typeof contactPhone>[0];

describe('what it takes to hand an order over', () => {
  it('labels a weighed line in kg and a counted one with ×, as the owner reads them', () => {
    expect(quantityLabel(750, true)).toBe('0.75 kg');
    expect(quantityLabel(1000, true)).toBe('1.00 kg');
    expect(quantityLabel(2000, false)).toBe('2 ×');
  });

  it('writes the shopper’s phone with its country code once, and a tel: link a phone can dial', () => {
    expect(contactPhone(details({}))).toBe('+91 9800000001');
    expect(contactPhone(details({ personalDetails: { fullName: '', email: '', phone: { number: '+91 98000 00001', dialCode: '+91' } } }))).toBe(
      '+91 98000 00001',
    );
    expect(contactPhone(details({ personalDetails: { fullName: '', email: '', phone: { number: ' ', dialCode: '+91' } } }))).toBe('');
    expect(telHref('+91 98450 67890')).toBe('tel:+919845067890');
    expect(telHref('(080) 2555-0101')).toBe('tel:08025550101');
  });

  it('prints the address as label lines, leaving out what the shopper left empty', () => {
    const shippingDetails = { ...ashaAddress };
    expect(addressLines(details({ shippingDetails }))).toEqual(['Asha Rao', '12 MG Road', 'Bengaluru, Karnataka, 560001', 'India']);
    expect(addressLines(details({}))).toBeNull();
  });

  it('names the table as the config does, with what the shopper added', () => {
    const spaces = [{ id: 'table-2', name: 'Table 2' }];
    expect(tableText(details({ dineInDetails: { spaceId: 'table-2', value: 'window seat' } }), spaces)).toBe('Table 2, window seat');
    expect(tableText(details({ dineInDetails: { spaceId: '', value: 'seat 4' } }), spaces)).toBe('seat 4');
    expect(tableText(details({ dineInDetails: { spaceId: 'gone', value: '' } }), spaces)).toBe('gone');
    expect(tableText(details({}), spaces)).toBeNull();
  });
});
