import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useBreakpoint } from '../hooks/use-breakpoint.ts';
import { columnsAt, estimateRowHeight, gridClasses, rowsOf, viewAt, type TileViews } from '../lib/tile-layout.ts';
import { ProductTile, type TileProduct } from './product-tile.tsx';

export type Tile = { product: TileProduct; variants: number };

/** Rows drawn beyond the screen's edges, so a quick flick does not show empty space. */
const OVERSCAN_ROWS = 3;

/**
 * How a list looked when the shopper left it, per history entry (React Router's location
 * key). React Router's <ScrollRestoration> puts the scroll position back on "back"; these
 * row heights make the list exactly as tall as before and the same rows sit at that
 * position, before any row has been measured again.
 */
type SavedLayout = { columns: number; rows: VirtualItem[]; scrollY: number; scrollMargin: number };
const savedLayouts = new Map<string, SavedLayout>();
const SAVED_LAYOUTS = 30;

function saveLayout(key: string, layout: SavedLayout): void {
  savedLayouts.delete(key);
  savedLayouts.set(key, layout);
  if (savedLayouts.size > SAVED_LAYOUTS) savedLayouts.delete(savedLayouts.keys().next().value as string);
}

/** The list's width from the window: the page is at most 1280 px wide with 16 px padding each side. */
const listWidthGuess = () => Math.min(document.documentElement.clientWidth, 1280) - 32;

/**
 * A long list of tiles with only the rows near the screen in the page (scrolling the
 * window, not a box). Each row holds as many tiles as the CSS grid has columns at this
 * width, so it looks exactly like the plain list it replaces after hydration. It is
 * still a list for assistive technology, with each tile's place in the whole list.
 */
export function VirtualTileList({ tiles, view, eagerCount, historyKey }: { tiles: Tile[]; view: TileViews; eagerCount: number; historyKey: string }) {
  const breakpoint = useBreakpoint() ?? 'base';
  const columns = columnsAt(view, breakpoint);
  const rows = useMemo(() => rowsOf(tiles, columns), [tiles, columns]);
  const listRef = useRef<HTMLDivElement>(null);
  const [saved] = useState(() => savedLayouts.get(historyKey));
  const restored = saved?.columns === columns ? saved : undefined;
  const [scrollMargin, setScrollMargin] = useState(restored?.scrollMargin ?? 0);

  const effectiveView = viewAt(view, breakpoint);
  const estimate = useMemo(() => estimateRowHeight(effectiveView, columns, listWidthGuess()), [effectiveView, columns]);
  // the key changes with the column count, so rows measured at another width are not reused
  const getItemKey = useCallback((index: number) => `${columns}:${rows[index]?.[0]?.product.id ?? index}`, [rows, columns]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimate,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    // the window's size right away, so the first render already has the rows on screen
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => restored?.scrollY ?? window.scrollY,
    initialMeasurementsCache: restored?.rows ?? [],
  });

  // where the list starts in the page; what is above it can change height (chips wrap at another width)
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (el) setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(
    () => () => {
      saveLayout(historyKey, {
        columns,
        rows: virtualizer.takeSnapshot(),
        scrollY: virtualizer.scrollOffset ?? 0,
        scrollMargin: virtualizer.options.scrollMargin,
      });
    },
    [historyKey, columns, virtualizer],
  );

  const grid = gridClasses(view);
  return (
    <div ref={listRef} role="list" className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          // the padding is the gap to the next row, measured with the row
          className={`absolute inset-x-0 top-0 grid gap-3 pb-3 ${grid}`}
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {(rows[row.index] ?? []).map(({ product, variants }, i) => {
            const position = row.index * columns + i;
            return (
              <div key={product.id} role="listitem" aria-posinset={position + 1} aria-setsize={tiles.length}>
                <ProductTile as="div" product={product} variants={variants} view={view} eager={position < eagerCount} />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
