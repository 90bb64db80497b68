import type { TileView } from '../components/product-tile.tsx';

/** The view on phones and tablets (below 1024 px) and on desktops (§2: catalog.defaultView). */
export type TileViews = { mobile: TileView; desktop: TileView };

/** Tailwind's default breakpoints, which the grid's classes below use. */
export type Breakpoint = 'base' | 'sm' | 'lg' | 'xl';
export const BREAKPOINT_QUERIES: readonly (readonly [Exclude<Breakpoint, 'base'>, string])[] = [
  ['xl', '(min-width: 80rem)'],
  ['lg', '(min-width: 64rem)'],
  ['sm', '(min-width: 40rem)'],
];

/**
 * The grid's columns per view, as classes for the CSS and as numbers for the virtual
 * list, which puts that many tiles in each of its rows. The two tables must agree.
 */
const GRID_CLASSES: Record<TileView, string> = { grid: 'grid-cols-2 sm:grid-cols-3', list: 'grid-cols-1' };
const GRID_DESKTOP_CLASSES: Record<TileView, string> = { grid: 'lg:grid-cols-4 xl:grid-cols-5', list: 'lg:grid-cols-2' };
const COLUMNS: Record<TileView, Record<Breakpoint, number>> = { grid: { base: 2, sm: 3, lg: 4, xl: 5 }, list: { base: 1, sm: 1, lg: 2, xl: 2 } };

export const gridClasses = (view: TileViews) => `${GRID_CLASSES[view.mobile]} ${GRID_DESKTOP_CLASSES[view.desktop]}`;

const isDesktop = (bp: Breakpoint) => bp === 'lg' || bp === 'xl';

/** The view in effect at a breakpoint: the desktop one from 1024 px. */
export const viewAt = (view: TileViews, bp: Breakpoint): TileView => (isDesktop(bp) ? view.desktop : view.mobile);

export const columnsAt = (view: TileViews, bp: Breakpoint): number => COLUMNS[viewAt(view, bp)][bp];

/** Tiles in rows of `columns`, the last one possibly shorter. */
export function rowsOf<T>(items: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(columns));
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** The space between tiles, across and down (Tailwind's gap-3). */
const TILE_GAP_PX = 12;

/**
 * A row's height before it is measured: a grid tile is a square picture over about
 * 150 px of text and button; a list tile is as tall as its text, beside a picture of
 * 112–144 px. Rows are measured once shown, so this only needs to be close.
 */
export function estimateRowHeight(view: TileView, columns: number, listWidth: number): number {
  if (view === 'list') return 150 + TILE_GAP_PX;
  const tileWidth = (listWidth - TILE_GAP_PX * (columns - 1)) / columns;
  return Math.round(tileWidth + 150 + TILE_GAP_PX);
}

/** Lists longer than this are virtualised in the browser: only the rows near the screen are in the page. */
export const VIRTUALISE_ABOVE = 120;

/** How many tiles the server renders of a virtualised list (and hydration keeps) before the virtual list takes over. */
export const FIRST_PAGE = 24;
