import { queryOptions } from '@tanstack/react-query';
import type { DeliverySlotView } from '../../../../domain/booking.ts';
import { getJson } from '../../../lib/api.ts';
import { askedOnShow, queryClient } from '../../../lib/query-client.ts';

const deliverySlotsKey = ['delivery-slots'] as const;

/**
 * The delivery slots still open (§3 shippingSlotId). A failed answer is an error, so the
 * last list that came stays on screen with the failure said under it.
 */
export const deliverySlotsQuery = () =>
  queryOptions({
    queryKey: deliverySlotsKey,
    queryFn: async () => {
      const res = await getJson<{ slots: DeliverySlotView[] }>('/api/delivery/slots');
      if (!res.ok) throw new Error(`delivery slots: HTTP ${res.status}`);
      return res.data.slots;
    },
    ...askedOnShow,
  });

/** The slot list asked for again: the server refused the chosen slot (taken or closed meanwhile). */
export const askSlotsAgain = () => void queryClient.refetchQueries({ queryKey: deliverySlotsKey });
