import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML, true in every render
 * after that (and from the first render of anything mounted later), so what depends on
 * the browser changes the page only once it belongs to React.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
