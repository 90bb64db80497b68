import type { Notification } from './toast-queue.ts';

/**
 * The one way to show a toast; §4's rules (types, repeats, timeouts, actions) are kept in
 * `toast-queue.ts`. Its code, like the toast library's, loads with the first toast, so no
 * page's first load carries it (decision 079). Resolves to the toast's id, or to null when
 * it repeated the last one; toasts keep the order they were asked for.
 */
export const notify = (n: Notification): Promise<string | number | null> => import('./toast-queue.ts').then((queue) => queue.notify(n));
