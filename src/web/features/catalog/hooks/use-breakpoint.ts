import { useSyncExternalStore } from 'react';
import { BREAKPOINT_QUERIES, type Breakpoint } from '../lib/tile-layout.ts';

function subscribe(onChange: () => void): () => void {
  const lists = BREAKPOINT_QUERIES.map(([, query]) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

const current = (): Breakpoint => BREAKPOINT_QUERIES.find(([, query]) => window.matchMedia(query).matches)?.[0] ?? 'base';

/** The widest of the grid's breakpoints the window reaches; null on the server and during hydration. */
export function useBreakpoint(): Breakpoint | null {
  return useSyncExternalStore(subscribe, current, () => null);
}
