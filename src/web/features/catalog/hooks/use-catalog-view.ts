import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { TileView } from '../components/product-tile.tsx';
import type { TileViews } from '../lib/tile-layout.ts';

/** Per tab and per shop, like the rest of the shop's browser storage (`<shopId>/…`). */
const catalogViewStorageKey = (shopId: string) => `${shopId}/catalog-view`;

const listeners = new Set<() => void>();
// where sessionStorage is refused (some private modes) the choice lasts until the page is left
const memory = new Map<string, TileView>();

const isView = (v: unknown): v is TileView => v === 'grid' || v === 'list';

function read(shopId: string): TileView | null {
  try {
    const stored = sessionStorage.getItem(catalogViewStorageKey(shopId));
    if (isView(stored)) return stored;
  } catch {
    // fall through to the in-memory copy
  }
  return memory.get(shopId) ?? null;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * The catalog's view: the shop's default (list on mobile, grid on desktop unless
 * catalog.defaultView says otherwise), until the shopper picks one, which then holds at
 * every width for the rest of the tab's visit. The server and hydration render the
 * default, which CSS fits to the width, so a shopper who never chose sees no shift.
 */
export function useCatalogView(shopId: string, defaultView: TileViews): { view: TileViews; chosen: TileView | null; choose: (view: TileView) => void } {
  const chosen = useSyncExternalStore(
    subscribe,
    () => read(shopId),
    () => null,
  );
  const choose = useCallback(
    (view: TileView) => {
      memory.set(shopId, view);
      try {
        sessionStorage.setItem(catalogViewStorageKey(shopId), view);
      } catch {
        // kept in memory above
      }
      for (const listener of listeners) listener();
    },
    [shopId],
  );
  // the same object while the choice holds: the memoised tiles then skip the page's re-renders
  const view = useMemo(() => (chosen ? { mobile: chosen, desktop: chosen } : defaultView), [chosen, defaultView]);
  return { view, chosen, choose };
}
