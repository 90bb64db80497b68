import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  endedWithoutPayment,
  givesStockBack,
  isFinalStatus,
  nextStatuses,
  orderStatuses,
  ownerMarksPayment,
  shopperMayPay,
  type FulfilmentMode,
} from './order-lifecycle.ts';

const modes: FulfilmentMode[] = ['ship', 'dine', 'pickup', 'digital'];

describe('the life of an order', () => {
  it('goes forward along its mode: delivery ends delivered, dine-in served, pickup picked up', () => {
    expect(nextStatuses('placed', 'ship')).toEqual(['confirmed', 'preparing', 'out_for_delivery', 'delivered', 'rejected', 'cancelled']);
    expect(nextStatuses('preparing', 'dine')).toEqual(['ready', 'served', 'cancelled']);
    expect(nextStatuses('ready', 'pickup')).toEqual(['picked_up', 'cancelled']);
    // a digital order: nothing to prepare, carry or pick up; confirmed, then delivered once sent
    expect(nextStatuses('placed', 'digital')).toEqual(['confirmed', 'delivered', 'rejected', 'cancelled']);
    expect(canMoveOrder('confirmed', 'preparing', 'digital')).toBe(false);
    expect(canMoveOrder('confirmed', 'out_for_delivery', 'digital')).toBe(false);
    expect(canMoveOrder('preparing', 'ready', 'ship')).toBe(false);
    expect(canMoveOrder('out_for_delivery', 'served', 'ship')).toBe(false);
  });

  it('is rejected only while placed, and cancelled from any state before the end', () => {
    expect(canMoveOrder('placed', 'rejected', 'pickup')).toBe(true);
    expect(canMoveOrder('confirmed', 'rejected', 'pickup')).toBe(false);
    expect(canMoveOrder('out_for_delivery', 'cancelled', 'ship')).toBe(true);
    for (const end of ['delivered', 'served', 'picked_up', 'rejected', 'cancelled']) {
      expect(isFinalStatus(end)).toBe(true);
      for (const mode of modes) expect(nextStatuses(end, mode)).toEqual([]);
    }
  });

  it('never goes back, never repeats, and only rejecting or cancelling gives stock back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...orderStatuses), fc.constantFrom(...modes), (from, mode) => {
        const next = nextStatuses(from, mode);
        expect(next).not.toContain(from);
        expect(next).not.toContain('placed');
        for (const to of next) if (to !== 'cancelled' && to !== 'rejected') expect(nextStatuses(to, mode)).not.toContain(from);
      }),
    );
    expect(orderStatuses.filter(givesStockBack)).toEqual(['rejected', 'cancelled']);
  });

  it('a cancelled or rejected order is offered no payment, to the shopper or the owner', () => {
    for (const status of orderStatuses) {
      const ended = status === 'cancelled' || status === 'rejected';
      expect(shopperMayPay({ kind: 'order', status, paymentStatus: 'awaiting_payment' }), status).toBe(!ended);
      expect(ownerMarksPayment({ status, paymentStatus: 'awaiting_verification', paymentType: 'upi-manual' }), status).toBe(!ended);
      expect(ownerMarksPayment({ status, paymentStatus: 'to_collect', paymentType: 'pof' }), status).toBe(!ended);
    }
    // paid, or waiting for the owner to find the money: nothing more to pay now
    expect(shopperMayPay({ kind: 'order', status: 'placed', paymentStatus: 'awaiting_verification' })).toBe(false);
    expect(shopperMayPay({ kind: 'enquiry', status: 'placed', paymentStatus: 'awaiting_payment' })).toBe(false);
  });

  it('an order cancelled or rejected before it was paid ended without payment; one paid or refunded did not', () => {
    for (const paymentStatus of ['awaiting_payment', 'awaiting_verification', 'to_collect']) {
      expect(endedWithoutPayment({ status: 'cancelled', paymentStatus }), paymentStatus).toBe(true);
      expect(endedWithoutPayment({ status: 'rejected', paymentStatus }), paymentStatus).toBe(true);
      expect(endedWithoutPayment({ status: 'placed', paymentStatus }), paymentStatus).toBe(false);
      expect(endedWithoutPayment({ status: 'delivered', paymentStatus }), paymentStatus).toBe(false);
    }
    // money that came is still owed back (a refund), so it did not end without payment
    expect(endedWithoutPayment({ status: 'cancelled', paymentStatus: 'paid' })).toBe(false);
    expect(endedWithoutPayment({ status: 'cancelled', paymentStatus: 'refunded' })).toBe(false);
  });

  it('refuses statuses it does not know', () => {
    expect(canMoveOrder('placed', 'shipped', 'ship')).toBe(false);
    expect(nextStatuses('lost', 'ship')).toEqual([]);
  });
});
