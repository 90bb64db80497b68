import { queryOptions } from '@tanstack/react-query';
import type { ShippingDetails } from '../../../../domain/checkout-state.ts';
import { getJson, postJson } from '../../../lib/api.ts';
import { askedOnShow } from '../../../lib/query-client.ts';
import { asUser } from '../../../lib/session.ts';

export type SavedAddress = ShippingDetails & { id: string };

/** The logged-in shopper's saved delivery addresses (§7 api/user/addresses), the answer as it came. */
export const savedAddressesQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['user', userId, 'addresses'],
    queryFn: () => asUser((headers) => getJson<SavedAddress[]>('/api/user/addresses', headers)),
    ...askedOnShow,
  });

/**
 * After an order, a logged-in shopper's delivery address is kept for next time (§7
 * api/user/addresses): a new one is saved, a saved one they changed in the form is
 * updated in place (its id in the path), one picked as it was is left alone.
 */
export function keepDeliveryAddress(address: ShippingDetails, savedId: string | null, edited: boolean): void {
  if (savedId && !edited) return;
  const path = savedId ? `/api/user/addresses/${encodeURIComponent(savedId)}` : '/api/user/addresses';
  void asUser((headers) => postJson(path, address, headers));
}
