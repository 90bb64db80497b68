import { describe, expect, it } from 'vitest';
import type { SalesDay } from '../api/owner-api.ts';
import { bestDay, chartData, dayFormat, weekTicks } from './sales-days.ts';

const day = (date: string, sales: number, orders = sales ? 1 : 0): SalesDay => ({ date, orders, sales, paid: 0, toCollect: sales, bookings: 0 });

describe('the 30-day chart', () => {
  const days = [day('2026-11-22', 0), day('2026-11-23', 480), day('2026-11-24', 2058.5)];

  it('plots each day at its place, oldest first, with its sales', () => {
    expect(chartData(days)).toEqual([
      [0, 1, 2],
      [0, 480, 2058.5],
    ]);
  });

  it('names the day that sold most, the latest of equal days, and none when nothing sold', () => {
    expect(bestDay(days)?.date).toBe('2026-11-24');
    expect(bestDay([day('2026-11-20', 320), day('2026-11-21', 320), day('2026-11-22', 99.5)])?.date).toBe('2026-11-21');
    expect(bestDay([day('2026-11-20', 0), day('2026-11-21', 0)])).toBeNull();
    expect(bestDay([])).toBeNull();
  });

  it('labels today and every 7th day before it', () => {
    expect(weekTicks(30)).toEqual([1, 8, 15, 22, 29]);
    expect(weekTicks(3)).toEqual([2]);
    expect(weekTicks(0)).toEqual([]);
  });

  it('writes a date as the calendar day it is, in the reader’s language', () => {
    expect(dayFormat('en-IN')('2026-11-24')).toBe('Tue, 24 Nov');
    expect(dayFormat('en-US', { day: 'numeric', month: 'short' })('2026-11-01')).toBe('Nov 1');
  });
});
