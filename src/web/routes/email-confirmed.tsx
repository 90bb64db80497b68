import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export default function EmailConfirmed() {
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">Your e-mail address is confirmed</h1>
      <Link to={paths.home()} className="rounded-md bg-primary-strong px-5 py-2.5 font-semibold text-white">
        Continue shopping
      </Link>
    </section>
  );
}
