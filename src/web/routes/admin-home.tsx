import { OwnerPage } from '../features/owner/components/owner-page.tsx';

/** /admin: the orders, bookings and stock, with the shop's open / closed switch. */
export default function AdminHome() {
  return <OwnerPage />;
}
