import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useShop, useTakesAppointments } from '../../../lib/use-shop.ts';
import { buttonClass } from '../../../ui/button.tsx';

/** Services named on the card; more would crowd a phone's width. */
const NAMED = 3;

/** The home page's way into booking: the shop's services and a link to /appointment; nothing while it takes no bookings. */
export function BookingCard() {
  const { t } = useTranslation();
  const { services } = useShop().appointments;
  const takesAppointments = useTakesAppointments();
  if (!takesAppointments) return null;
  const names = services.slice(0, NAMED).map((s) => s.name);
  return (
    <section
      aria-labelledby="home-booking"
      className="grid gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <h2 id="home-booking" className="text-lg font-semibold">
        {t('appointment.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('appointment.homeText')}</p>
      <p className="text-sm text-slate-600">{services.length > NAMED ? `${names.join(' · ')} …` : names.join(' · ')}</p>
      {/* beside the text from small tablets on, below it on a phone */}
      <Link
        to={paths.appointment()}
        className={buttonClass('primary', 'md', 'mt-2 justify-self-start sm:col-start-2 sm:row-span-3 sm:row-start-1 sm:mt-0 sm:self-center')}
      >
        {t('appointment.homeAction')}
      </Link>
    </section>
  );
}
