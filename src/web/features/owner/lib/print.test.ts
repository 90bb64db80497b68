import { describe, expect, it } from 'vitest';
import { printKinds } from './print.ts';

describe('printKinds', () => {
  it('a digital order has nothing to pack or cook: a receipt only, and its invoice once accepted by a GST shop', () => {
    expect(printKinds({ deliveryMode: 'digital', kind: 'order', status: 'placed' }, false)).toEqual(['receipt']);
    expect(printKinds({ deliveryMode: 'digital', kind: 'order', status: 'confirmed' }, true)).toEqual(['receipt', 'invoice']);
  });

  it('a delivery has its packing slip, dine-in its kitchen ticket, pickup both', () => {
    expect(printKinds({ deliveryMode: 'ship', kind: 'order', status: 'placed' }, false)).toEqual(['slip', 'receipt']);
    expect(printKinds({ deliveryMode: 'dine', kind: 'order', status: 'placed' }, false)).toEqual(['kitchen', 'receipt']);
    expect(printKinds({ deliveryMode: 'pickup', kind: 'order', status: 'placed' }, false)).toEqual(['slip', 'kitchen', 'receipt']);
  });
});
