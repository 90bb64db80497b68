import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export default function AppointmentSuccess() {
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">Your appointment</h1>
      <p className="text-slate-700">Your bookings are listed in your account.</p>
      <Link to={paths.account('appointments')} className="font-medium text-primary-strong hover:underline">
        Appointments
      </Link>
    </section>
  );
}
