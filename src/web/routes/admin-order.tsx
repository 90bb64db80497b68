import { OwnerOrder } from '../features/owner/components/owner-order.tsx';
import { orderQuery, queryClient } from '../features/owner/api/owner-queries.ts';
import { useSession } from '../lib/session.ts';
import type { Route } from './+types/admin-order';

/** Going from the board to an order starts its call at once (the page reads it from the same query). */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  // only a logged-in session can ask; the frame asks the others to log in
  if (useSession.getState().status === 'user') void queryClient.prefetchQuery(orderQuery(params.id));
  return { id: params.id };
}

/** /admin/orders/:id: one order in full, its next steps and its printouts. */
export default function AdminOrder({ params }: Route.ComponentProps) {
  return <OwnerOrder id={params.id} />;
}
