import { data } from 'react-router';
import { OrderPrintout } from '../features/owner/components/order-printout.tsx';
import { isPrintoutKind } from '../features/owner/lib/print.ts';
import { orderQuery, queryClient } from '../features/owner/api/owner-queries.ts';
import { useSession } from '../lib/session.ts';
import type { Route } from './+types/admin-print';

/** Only the three printouts exist: any other kind is the not-found page. */
export function loader({ params }: Route.LoaderArgs) {
  if (!isPrintoutKind(params.kind)) throw data(null, { status: 404 });
  return null;
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isPrintoutKind(params.kind)) throw data(null, { status: 404 });
  if (useSession.getState().status === 'user') void queryClient.prefetchQuery(orderQuery(params.id));
  return null;
}

/** /admin/orders/:id/print/:kind: a packing slip, kitchen ticket or receipt, sized for the owner's printer. */
export default function AdminPrint({ params }: Route.ComponentProps) {
  return isPrintoutKind(params.kind) ? <OrderPrintout id={params.id} kind={params.kind} /> : null;
}
