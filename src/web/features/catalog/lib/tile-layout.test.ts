import { describe, expect, it } from 'vitest';
import { columnsAt, estimateRowHeight, gridClasses, rowsOf, viewAt } from './tile-layout.ts';

const shopDefault = { mobile: 'list', desktop: 'grid' } as const;

describe('catalog tile layout', () => {
  it('uses the mobile view below 1024 px and the desktop view from there', () => {
    expect(viewAt(shopDefault, 'base')).toBe('list');
    expect(viewAt(shopDefault, 'sm')).toBe('list');
    expect(viewAt(shopDefault, 'lg')).toBe('grid');
    expect(viewAt(shopDefault, 'xl')).toBe('grid');
  });

  it('puts as many tiles in a virtual row as the CSS grid has columns', () => {
    const grid = { mobile: 'grid', desktop: 'grid' } as const;
    const list = { mobile: 'list', desktop: 'list' } as const;
    expect([columnsAt(grid, 'base'), columnsAt(grid, 'sm'), columnsAt(grid, 'lg'), columnsAt(grid, 'xl')]).toEqual([2, 3, 4, 5]);
    expect([columnsAt(list, 'base'), columnsAt(list, 'sm'), columnsAt(list, 'lg'), columnsAt(list, 'xl')]).toEqual([1, 1, 2, 2]);
    // the same numbers as the classes that lay out the plain list
    expect(gridClasses(grid)).toBe('grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5');
    expect(gridClasses(list)).toBe('grid-cols-1 lg:grid-cols-2');
  });

  it('cuts the tiles into rows, the last one possibly short', () => {
    expect(rowsOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(rowsOf([1, 2], 5)).toEqual([[1, 2]]);
    expect(rowsOf([], 4)).toEqual([]);
  });

  it('guesses a grid row taller on wider tiles, and a list row the same at any width', () => {
    expect(estimateRowHeight('grid', 5, 1248)).toBeGreaterThan(estimateRowHeight('grid', 2, 358));
    expect(estimateRowHeight('list', 1, 358)).toBe(estimateRowHeight('list', 2, 1248));
  });
});
