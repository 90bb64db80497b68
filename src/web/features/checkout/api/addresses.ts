import type { ShippingDetails } from '../../../../domain/checkout-state.ts';
import { postJson } from '../../../lib/api.ts';
import { asUser } from '../../../lib/session.ts';

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
