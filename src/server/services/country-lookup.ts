import { COUNTRY_LOOKUP_FAILED } from '../../domain/phone.ts';

/**
 * The shopper's country from their IP address (spec §7 Country detection), through an
 * ip2c-style service: `COUNTRY_LOOKUP_URL` with `{ip}` where the address goes, answering
 * `1;IN;IND;India`. A reply not starting with `1` is a failure. Answers are kept a day
 * per address (at most 10,000 addresses), failures are not kept.
 */
export type CountryLookup = (ip: string) => Promise<string>;

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 10_000;
const TIMEOUT_MS = 3000;

export function createCountryLookup(urlTemplate: string, now: () => number = Date.now): CountryLookup {
  if (!/^https?:\/\/.+\{ip\}/.test(urlTemplate))
    throw new Error('COUNTRY_LOOKUP_URL must be an http(s) URL with {ip} where the address goes, e.g. https://ip2c.org/{ip}');
  const cache = new Map<string, { code: string; until: number }>();
  return async (ip) => {
    const hit = cache.get(ip);
    if (hit && hit.until > now()) return hit.code;
    const res = await fetch(urlTemplate.replace('{ip}', encodeURIComponent(ip)), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const reply = res.ok ? (await res.text()).trim() : '';
    const [status, code] = reply.split(';');
    if (status !== '1' || !code || !/^[A-Z]{2}$/.test(code)) throw new Error(COUNTRY_LOOKUP_FAILED);
    cache.delete(ip);
    // the oldest entry leaves first (a Map iterates in insertion order)
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(ip, { code, until: now() + DAY_MS });
    return code;
  };
}
