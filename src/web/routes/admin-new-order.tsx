import { OwnerNewOrder } from '../features/owner/components/owner-new-order.tsx';

/** /admin/orders/new: an order the shop keys in — at the counter, by phone, from WhatsApp (issue 41). */
export default function AdminNewOrder() {
  return <OwnerNewOrder />;
}
