import { Outlet } from 'react-router';

/** No header: account, guest order view and the not-found screen. */
export default function BareLayout() {
  return <Outlet />;
}
