import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session.ts';
import { savedAddressesQuery, type SavedAddress } from '../api/addresses.ts';
import { useCheckout } from '../store/checkout-store.ts';

/** A logged-in shopper's saved addresses for the checkout (none for a guest); the first is picked unless they chose a new one. */
export function useSavedAddresses(): readonly SavedAddress[] {
  const dispatch = useCheckout((s) => s.dispatch);
  const loggedIn = useSession((s) => s.status === 'user');
  const userId = useSession((s) => s.user?.id ?? null);
  const saved = useQuery({ ...savedAddressesQuery(userId), enabled: loggedIn }, queryClient).data;
  useEffect(() => {
    if (!saved?.ok) return;
    const { useSavedAddress, selectedAddressId } = useCheckout.getState();
    const first = saved.data[0];
    if (first && useSavedAddress && !selectedAddressId) {
      const { id, ...address } = first;
      dispatch({ type: 'useSavedAddress', id, address });
    }
  }, [saved, dispatch]);
  return loggedIn && saved?.ok ? saved.data : [];
}
