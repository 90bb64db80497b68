import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { Service } from '../../../../domain/booking.ts';
import { useFormatWhen } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { LoginPrompt } from '../../../ui/login-prompt.tsx';
import { useOnline } from '../../../lib/use-online.ts';
import { useBookingCall, useSlotChoice } from '../hooks/use-booking.ts';
import { BookingContact, DayChoice, ServiceChoice, TimeChoice } from './booking-choices.tsx';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';
import { WhatsAppBox } from '../../../ui/whatsapp-box.tsx';

type Props = {
  shopId: string;
  services: readonly Service[];
  serviceId: string | null;
  onService(id: string): void;
  /** Moving an existing booking instead of making one: its id. */
  moving: string | null;
  /** `emailSent`: the server mails a calendar file for this booking (a move mails none). */
  onDone(billId: string, emailSent: boolean): void;
};

/**
 * Booking a service (§2 /appointment): the service, a day, a free time and a note, then
 * the booking call. Times come from the server with their places left; a full time is
 * shown but cannot be chosen. Moving a booking uses the same steps.
 */
export function BookingPicker({ shopId, services, serviceId, onService, moving, onDone }: Props) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const user = useSession((s) => (s.status === 'user' ? s.user : null));
  const service = services.find((s) => s.id === serviceId) ?? null;
  const slots = useSlotChoice(serviceId);
  const { chosenSlot } = slots;
  const booking = useBookingCall({ shopId, user, service, slot: chosenSlot, moving, onGone: slots.refresh, onDone });
  const online = useOnline();

  const chooseService = (id: string) => {
    onService(id);
    slots.restart();
    booking.clearProblem();
  };

  return (
    <form onSubmit={(e) => void booking.submit(e)} className="flex max-w-3xl flex-col gap-6">
      {!online && booking.problem !== t('appointment.offline') ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('appointment.offline')}
        </p>
      ) : null}
      <ServiceChoice services={services} serviceId={serviceId} moving={moving} onChoose={chooseService} />

      {service ? (
        <>
          <DayChoice slots={slots} />
          {slots.chosenDay ? <TimeChoice day={slots.chosenDay} start={slots.start} capacity={service.capacity ?? 1} onPick={slots.pickTime} /> : null}
          {moving ? null : <BookingContact phone={booking.phone} onPhone={booking.setPhone} notes={booking.notes} onNotes={booking.setNotes} />}
          {!moving && booking.whatsapp ? (
            <WhatsAppBox
              checked={booking.whatsapp.on}
              onChange={booking.whatsapp.set}
              label={t('appointment.whatsappUpdates')}
              hint={booking.phone.trim() ? t('appointment.whatsappUpdatesTo', { number: booking.phone.trim() }) : t('checkout.whatsappUpdatesNoPhone')}
            />
          ) : null}
          {!moving && booking.depositWays.length > 1 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-lg font-semibold">{t('appointment.depositWith')}</legend>
              {booking.depositWays.map((p) => (
                <label key={p.id} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="depositPayment"
                    value={p.id}
                    checked={booking.payWith === p.id}
                    onChange={() => booking.setPaymentType(p.id)}
                    className="accent-primary-strong"
                  />
                  {p.providerName}
                </label>
              ))}
            </fieldset>
          ) : null}

          <AlertText message={booking.problem} />
          {user ? (
            <Button size="lg" className="self-start" type="submit" disabled={!chosenSlot || booking.busy}>
              {chosenSlot
                ? t(moving ? 'appointment.moveTo' : 'appointment.bookAt', { service: service.name, when: when.dayAndTime(chosenSlot.start) })
                : t('appointment.pickTime')}
            </Button>
          ) : (
            <LoginPrompt text={t('appointment.loginFirst')} action={t('appointment.login')} />
          )}
        </>
      ) : null}
    </form>
  );
}
