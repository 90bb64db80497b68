import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../lib/api.ts';
import { orderCall, type OrderToken } from '../../lib/order-call.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * Asking the shop to cancel an order (`/fn/order/cancelRequest`), the order-cancel-request
 * modal's one write. It lives in modals/api/ (a modal imports only lib/, ui/ and the domain);
 * the order's query is the opening page's, so the page, told by the modal's `onDone`, asks again.
 */

export type CancelOutcome = { success: true; status: string; cancelRequested: boolean };

/** A guest's order by its token; without one (null), the logged-in shopper's own by their session. The data is the call's `ApiResult`. */
export const useCancelRequest = () =>
  useMutation(
    {
      mutationFn: ({ shopId, orderId, token }: { shopId: string; orderId: string; token: OrderToken }) =>
        orderCall(token, (headers) => postJson<CancelOutcome>('/fn/order/cancelRequest', { sfId: shopId, orderId }, headers)),
    },
    queryClient,
  );
