import { useEffect, useState } from 'react';

/** setTimeout's longest wait; an opening further off is not waited for on an open page. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * False until `opensAt` (ms) comes, then true: an open page notices the opening when it
 * comes. Null (no known opening) or an opening further off than a timer can wait stays false.
 */
export function useOpenedAt(opensAt: number | null): boolean {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opensAt === null) return;
    const wait = Math.max(0, opensAt - Date.now());
    if (wait > MAX_WAIT_MS) return;
    const timer = setTimeout(() => setOpened(true), wait);
    return () => clearTimeout(timer);
  }, [opensAt]);
  return opened;
}
