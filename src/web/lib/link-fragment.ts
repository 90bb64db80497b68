/**
 * The values a link carries in its fragment (`#email=…&code=…`): codes and tokens ride
 * there because browsers never send the fragment to a server, so it is in no server log.
 * Null unless every key has a value. Browser only.
 */
export function linkFragment<K extends string>(...keys: K[]): Record<K, string> | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const values = Object.fromEntries(keys.map((k) => [k, fragment.get(k)]));
  return keys.every((k) => values[k]) ? (values as Record<K, string>) : null;
}
