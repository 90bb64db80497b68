import { describe, expect, it } from 'vitest';
import { currentPage, pageSnaps } from './carousel-pages.ts';

describe('carousel pagination (spec §9: 5 pages)', () => {
  it('shows one dot per page when there are at most five', () => {
    expect(pageSnaps(0)).toEqual([]);
    expect(pageSnaps(1)).toEqual([0]);
    expect(pageSnaps(5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('spreads five dots from the first page to the last when there are more', () => {
    expect(pageSnaps(9)).toEqual([0, 2, 4, 6, 8]);
    expect(pageSnaps(6)).toEqual([0, 1, 3, 4, 5]);
    expect(pageSnaps(20)).toHaveLength(5);
  });

  it('marks the dot nearest the shown page as current', () => {
    const pages = pageSnaps(9);
    expect(currentPage(pages, 0)).toBe(0);
    expect(currentPage(pages, 3)).toBe(1);
    expect(currentPage(pages, 7)).toBe(3);
    expect(currentPage(pages, 8)).toBe(4);
  });
});
