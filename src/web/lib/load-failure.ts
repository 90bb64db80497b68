import type { ChunkLoadError } from './chunk-load.ts';

/**
 * What a failed load of a part's code was (§8): no network, a file gone since a new
 * version was deployed, or another failure; and the one guarded reload for the new
 * version. Loaded with the error message, only when a load fails.
 */

/** Within this time of a reload for missing files, another one would be a loop: the error shows instead. */
const RELOAD_GUARD_MS = 60_000;
const RELOAD_KEY = 'chunkReloadAt';

export type LoadFailure = 'offline' | 'gone' | 'failed';

/**
 * Why a part did not load: no network ('offline', only when the browser says so), its file
 * no longer on the server ('gone': a new version was deployed since this page loaded), or
 * anything else — a server that does not answer while the browser is online is 'failed',
 * with Try again, not offline.
 */
export async function classifyLoadFailure(error: ChunkLoadError, fetchFile: typeof fetch = fetch, online = navigator.onLine): Promise<LoadFailure> {
  if (!online) return 'offline';
  if (!error.url) return 'failed';
  try {
    const res = await fetchFile(error.url, { method: 'HEAD', cache: 'no-store' });
    return res.status === 404 ? 'gone' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Reloads the page for files that are gone, unless it did so less than a minute ago
 * (the new version would be missing them too): true when it reloads.
 */
export function reloadOnceForNewVersion(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}
