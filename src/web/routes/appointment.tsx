import { useState } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { BookingPicker } from '../features/appointments/components/booking-picker.tsx';
import { paths } from '../lib/paths.ts';
import { useShop, useTakesAppointments } from '../lib/use-shop.ts';

/**
 * /appointment (§2): book one of the shop's services, or, with `?move=<id>`, move a
 * booking to another time. `?service=<id>` chooses the service (one service is chosen
 * by itself).
 */
export default function Appointment() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shop = useShop();
  const [params, setParams] = useSearchParams();
  const { services } = shop.appointments;
  const takesAppointments = useTakesAppointments();
  const moving = params.get('move');
  // chosen here at once; the address follows, so a reload or the back button keeps it
  const [serviceId, setServiceId] = useState(params.get('service') ?? (services.length === 1 ? services[0]!.id : null));
  const chooseService = (id: string) => {
    setServiceId(id);
    setParams(
      (p) => {
        p.set('service', id);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  // whether a calendar file was mailed rides in the history entry, not the address: a reload keeps it, a shared link claims nothing
  const done = (billId: string, emailSent: boolean) => void navigate(paths.appointmentSuccess(billId, moving !== null), { state: { emailSent } });
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{moving ? t('appointment.moveTitle') : t('appointment.title')}</h1>
      {!takesAppointments ? (
        <p className="text-slate-700">{t('appointment.none')}</p>
      ) : (
        <BookingPicker
          key={moving ?? 'new'}
          shopId={shop.id}
          services={services}
          serviceId={serviceId}
          onService={chooseService}
          moving={moving}
          onDone={done}
        />
      )}
    </section>
  );
}
