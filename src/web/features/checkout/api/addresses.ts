import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ShippingDetails } from '../../../../domain/checkout-state.ts';
import { deleteJson, getJson, postJson } from '../../../lib/api.ts';
import { askedOnShow, queryClient } from '../../../lib/query-client.ts';
import { asUser, useSession } from '../../../lib/session.ts';

export type SavedAddress = ShippingDetails & { id: string };

/** The logged-in shopper's saved delivery addresses (§7 api/user/addresses), the answer as it came. */
export const savedAddressesQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['user', userId, 'addresses'],
    queryFn: () => asUser((headers) => getJson<SavedAddress[]>('/api/user/addresses', headers)),
    ...askedOnShow,
  });

/** Once the server has a change, the shopper's list is asked again; what it showed stays on screen meanwhile. */
const askListAgain = (userId: string | null) => queryClient.invalidateQueries({ queryKey: savedAddressesQuery(userId).queryKey, exact: true });
const useUserId = () => useSession((s) => s.user?.id ?? null);

/** A new address (no id), or a changed one to its own id, so it is updated and never saved a second time. */
const saveAddress = ({ id, address }: { id: string | null; address: ShippingDetails }) =>
  asUser((headers) => postJson(id ? `/api/user/addresses/${encodeURIComponent(id)}` : '/api/user/addresses', address, headers));

/** Saves an address as the shopper edits their list; bad fields come back in the answer's `fields`. The data is the call's `ApiResult`. */
export const useSaveAddress = () => {
  const userId = useUserId();
  return useMutation(
    {
      mutationFn: saveAddress,
      onSuccess: (res) => {
        if (res.ok) void askListAgain(userId);
      },
    },
    queryClient,
  );
};

/** Deletes a saved address; the data is the call's `ApiResult`. */
export const useDeleteAddress = () => {
  const userId = useUserId();
  return useMutation(
    {
      mutationFn: (id: string) => asUser((headers) => deleteJson(`/api/user/addresses/${encodeURIComponent(id)}`, headers)),
      onSuccess: (res) => {
        if (res.ok) void askListAgain(userId);
      },
    },
    queryClient,
  );
};

/**
 * After an order, a logged-in shopper's delivery address is kept for next time (§7
 * api/user/addresses): a new one is saved, a saved one they changed in the form is
 * updated in place (its id in the path), one picked as it was is left alone. Nothing
 * waits for the answer, and no list is asked again: the saved addresses are asked each
 * time they show.
 */
export const useKeepDeliveryAddress = () => {
  const { mutate } = useMutation({ mutationFn: saveAddress }, queryClient);
  return (address: ShippingDetails, savedId: string | null, edited: boolean) => {
    if (savedId && !edited) return;
    mutate({ id: savedId, address });
  };
};
