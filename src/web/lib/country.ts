import { useEffect, useState } from 'react';
import { COUNTRY_LOOKUP_FAILED, DEFAULT_COUNTRY } from '../../domain/phone.ts';
import { getJson } from './api.ts';
import { keepUserValue, userValue } from './user-storage.ts';

/**
 * The shopper's country code (spec §3 User: default IN; §7 country detection): stored
 * once found, asked of the server the first time it matters. A failed lookup keeps the
 * default and is tried again on a later visit.
 */
export function useCountry(shopId: string): string {
  const [country, setCountry] = useState(() => (typeof window === 'undefined' ? DEFAULT_COUNTRY : (userValue(shopId, 'country') ?? DEFAULT_COUNTRY)));
  useEffect(() => {
    if (userValue(shopId, 'country')) return;
    let live = true;
    void getJson<{ countryCode: string }>('/api/country').then((res) => {
      if (!res.ok) return console.warn(COUNTRY_LOOKUP_FAILED);
      // kept in the shop's 'user' collection (§9); private mode keeps nothing and asks again next time
      keepUserValue(shopId, 'country', res.data.countryCode);
      if (live) setCountry(res.data.countryCode);
    });
    return () => {
      live = false;
    };
  }, [shopId]);
  return country;
}
