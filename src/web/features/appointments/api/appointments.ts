import type { AppointmentView, SlotDayView } from '../../../../domain/booking.ts';
import { getJson, postJson } from '../../../lib/api.ts';
import { asUser } from '../../../lib/session.ts';

/** The booking calls (decision 021); the server's words come back in `error.message`. */

export type SlotsAnswer = { timeZone: string; serviceId: string; days: SlotDayView[] };

/** A service's days and times from `from` (today when null), with the places left. */
export const fetchSlots = (serviceId: string, from: string | null, days: number) =>
  getJson<SlotsAnswer>(`/api/appointments/slots?${new URLSearchParams({ serviceId, days: String(days), ...(from ? { from } : {}) }).toString()}`);


/** `POST {serverless}appointment/create` (§7), as the logged-in shopper. */
export const bookAppointment = (shopId: string, userId: string, appointment: { serviceId: string; start: string; notes: string; phone?: string }) =>
  asUser((headers) => postJson<{ success: true; billId: string; emailSent: boolean; appointment: AppointmentView }>('/fn/appointment/create', { userId, sfId: shopId, appointment }, headers));

export const moveAppointment = (id: string, start: string) => asUser((headers) => postJson<{ success: true; appointment: AppointmentView }>(`/api/user/appointments/${encodeURIComponent(id)}/reschedule`, { start }, headers));

export const cancelAppointment = (id: string) => asUser((headers) => postJson<{ success: true; appointment: AppointmentView }>(`/api/user/appointments/${encodeURIComponent(id)}/cancel`, {}, headers));

/** The shopper's bookings (§7 api/user/appointments). */
export const APPOINTMENTS_PATH = '/api/user/appointments';
