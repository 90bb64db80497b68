import { useEffect, useState } from 'react';
import { getJson } from './api.ts';
import { asUser } from './session.ts';

/**
 * The logged-in shopper's data at `path` (null while loading, 'failed' when it could not
 * be fetched); bump `version` to fetch it again after a change.
 */
export function useUserJson<T>(path: string, version = 0): T | 'failed' | null {
  const [state, setState] = useState<{ key: string; value: T | 'failed' } | null>(null);
  const key = `${path}#${version}`;
  useEffect(() => {
    let live = true;
    void asUser((headers) => getJson<T>(path, headers)).then((res) => {
      if (live) setState({ key, value: res.ok ? res.data : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [path, key]);
  // an answer for an older version still shows until the new one comes
  return state?.value ?? null;
}
