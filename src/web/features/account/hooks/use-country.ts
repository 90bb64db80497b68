import { useQuery } from '@tanstack/react-query';
import { COUNTRY_LOOKUP_FAILED, DEFAULT_COUNTRY } from '../../../../domain/phone.ts';
import { getJson } from '../../../lib/api.ts';
import { askedOnShow, queryClient } from '../../../lib/query-client.ts';
import { keepUserValue, userValue } from '../../../lib/user-storage.ts';

/**
 * The shopper's country code (spec §3 User: default IN; §7 country detection): stored
 * once found, asked of the server the first time it matters. A failed lookup keeps the
 * default and is tried again the next time a form that needs it shows.
 */
export function useCountry(shopId: string): string {
  const stored = typeof window === 'undefined' ? null : userValue(shopId, 'country');
  const asked = useQuery(
    {
      queryKey: ['country', shopId],
      queryFn: async () => {
        const res = await getJson<{ countryCode: string }>('/api/country');
        if (!res.ok) {
          console.warn(COUNTRY_LOOKUP_FAILED);
          return null;
        }
        // kept in the shop's 'user' collection (§9); private mode keeps nothing and asks again next time
        keepUserValue(shopId, 'country', res.data.countryCode);
        return res.data.countryCode;
      },
      enabled: !stored,
      ...askedOnShow,
    },
    queryClient,
  );
  return stored ?? asked.data ?? DEFAULT_COUNTRY;
}
