import type { AppointmentView, SlotDayView } from '../../../../domain/booking.ts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { getJson, postJson } from '../../../lib/api.ts';
import { askedOnShow, queryClient } from '../../../lib/query-client.ts';
import { asUser } from '../../../lib/session.ts';

/** The booking calls (decision 021); the server's words come back in `error.message`. */

export type SlotsAnswer = { timeZone: string; serviceId: string; days: SlotDayView[] };

/** A service's days and times from `from` (today when null), with the places left. */
const fetchSlots = (serviceId: string, from: string | null, days: number) =>
  getJson<SlotsAnswer>(`/api/appointments/slots?${new URLSearchParams({ serviceId, days: String(days), ...(from ? { from } : {}) }).toString()}`);

/** `fetchSlots` as a query; `asked` counts the times the shopper's page asked again (each shows the loading text). */
export const slotsQuery = (serviceId: string, from: string | null, days: number, asked: number) =>
  queryOptions({ queryKey: ['appointment-slots', serviceId, from, days, asked], queryFn: () => fetchSlots(serviceId, from, days), ...askedOnShow });

/** `POST {serverless}appointment/create` (§7), as the logged-in shopper. */
const bookAppointment = (
  shopId: string,
  userId: string,
  appointment: { serviceId: string; start: string; notes: string; phone?: string; paymentType?: string; whatsappUpdates?: boolean },
) =>
  asUser((headers) =>
    postJson<{ success: true; billId: string; emailSent: boolean; appointment: AppointmentView }>(
      '/fn/appointment/create',
      { userId, sfId: shopId, appointment },
      headers,
    ),
  );

const moveAppointment = (id: string, start: string) =>
  asUser((headers) =>
    postJson<{ success: true; appointment: AppointmentView }>(`/api/user/appointments/${encodeURIComponent(id)}/reschedule`, { start }, headers),
  );

const cancelAppointment = (id: string) =>
  asUser((headers) => postJson<{ success: true; appointment: AppointmentView }>(`/api/user/appointments/${encodeURIComponent(id)}/cancel`, {}, headers));

/** The shopper's bookings (§7 api/user/appointments), the answer as it came. */
export const appointmentsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['user', userId, 'appointments'],
    queryFn: () => asUser((headers) => getJson<AppointmentView[]>('/api/user/appointments', headers)),
    ...askedOnShow,
  });

/**
 * The booking writes as mutations, each one's data the call's `ApiResult`. The pages that show
 * bookings are told by their own callbacks (`onDone`, `onChanged`) and ask again themselves.
 */
export const useBookAppointment = () =>
  useMutation(
    {
      mutationFn: ({ shopId, userId, appointment }: { shopId: string; userId: string; appointment: Parameters<typeof bookAppointment>[2] }) =>
        bookAppointment(shopId, userId, appointment),
    },
    queryClient,
  );

export const useMoveAppointment = () => useMutation({ mutationFn: ({ id, start }: { id: string; start: string }) => moveAppointment(id, start) }, queryClient);

export const useCancelAppointment = () => useMutation({ mutationFn: cancelAppointment }, queryClient);
