import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

/** The guest order view (no header): an order is shown with its id and notification token, once orders exist. */
export default function GuestOrder() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Your order</h1>
      <p className="text-slate-700">Open this page from the link in your order confirmation.</p>
      <Link to={paths.home()} className="font-medium text-primary-strong hover:underline">
        Continue shopping
      </Link>
    </main>
  );
}
