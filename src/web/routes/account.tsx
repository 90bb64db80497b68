import { Link, useSearchParams } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useShop } from '../lib/use-shop.ts';

const PAGES = [
  { id: 'orders', label: 'Your Orders' },
  { id: 'appointments', label: 'Appointments' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'profile', label: 'Profile' },
] as const;

/** The account screen (no header). Its pages fill in with accounts; until then they ask the shopper to log in. */
export default function Account() {
  const shop = useShop();
  const [params] = useSearchParams();
  const active = PAGES.find((p) => p.id === params.get('activePage')) ?? PAGES[0];
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">Your account</h1>
        <Link to={paths.home()} className="text-sm font-medium text-primary-strong hover:underline">
          {shop.title}
        </Link>
      </div>
      <nav aria-label="Account pages">
        <ul className="flex gap-2 overflow-x-auto">
          {PAGES.map((p) => (
            <li key={p.id}>
              <Link to={paths.account(p.id)} aria-current={p.id === active.id ? 'page' : undefined} className={`block rounded-full border px-3 py-1.5 text-sm ${p.id === active.id ? 'border-primary-strong bg-primary-strong text-white' : 'border-slate-300 bg-white'}`}>
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="mb-2 text-lg font-semibold">{active.label}</h2>
        <p className="text-slate-700">Log in to see your {active.label.toLowerCase()}.</p>
      </section>
    </main>
  );
}
