import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../lib/format.ts';
import { useShop } from '../lib/use-shop.ts';

/** The services the shop takes bookings for; booking itself comes with the appointments feature. */
export default function Appointment() {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const { services, enabled } = useShop().appointments;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('appointment.title')}</h1>
      {!enabled || services.length === 0 ? (
        <p className="text-slate-700">{t('appointment.none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {services.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold">{s.name}</h2>
              <p className="text-sm text-slate-600">
                {t('appointment.minutes', { count: s.durationMinutes })} · {formatPrice(s.price)}
              </p>
              {s.description ? <p className="mt-2 text-slate-700">{s.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
