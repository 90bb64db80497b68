import { useEffect, useState } from 'react';
import { COUNTRY_LOOKUP_FAILED, DEFAULT_COUNTRY } from '../../domain/phone.ts';
import { getJson } from './api.ts';

const storageKey = (shopId: string) => `${shopId}/country`;

function stored(shopId: string): string | null {
  try {
    return localStorage.getItem(storageKey(shopId));
  } catch {
    return null;
  }
}

/**
 * The shopper's country code (spec §3 User: default IN; §7 country detection): stored
 * once found, asked of the server the first time it matters. A failed lookup keeps the
 * default and is tried again on a later visit.
 */
export function useCountry(shopId: string): string {
  const [country, setCountry] = useState(() => (typeof window === 'undefined' ? DEFAULT_COUNTRY : (stored(shopId) ?? DEFAULT_COUNTRY)));
  useEffect(() => {
    if (stored(shopId)) return;
    let live = true;
    void getJson<{ countryCode: string }>('/api/country').then((res) => {
      if (!res.ok) return console.warn(COUNTRY_LOOKUP_FAILED);
      try {
        localStorage.setItem(storageKey(shopId), res.data.countryCode);
      } catch {
        // private mode: asked again next time
      }
      if (live) setCountry(res.data.countryCode);
    });
    return () => {
      live = false;
    };
  }, [shopId]);
  return country;
}
