import type { FastifyReply } from 'fastify';
import { bookingMessages, canChange, isoInZone, type AppointmentView, type BookingRefusal } from '../../domain/booking.ts';
import { fromMinor } from '../../domain/money.ts';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { AppointmentRecord } from '../db/repositories/booking-repository.ts';
import { errorBody } from '../plugins/error-body.ts';

/** What the booking calls answer, shared by the shopper's, the slots' and the owner's routes. */

export type Clock = () => number;

/** A booking as the shopper's screens read it (§3 Appointment; billId is its id). */
export function appointmentView(record: AppointmentRecord, shop: Pick<ShopConfig, 'appointments' | 'timeZone' | 'localeConfig'>, now: number): AppointmentView {
  const { details } = record;
  return {
    id: record.id,
    billId: record.id,
    serviceId: record.serviceId,
    serviceName: details.serviceName,
    price: details.price,
    durationMinutes: details.durationMinutes,
    start: isoInZone(record.start, shop.timeZone),
    end: isoInZone(record.end, shop.timeZone),
    timeZone: shop.timeZone,
    status: record.status,
    notes: details.notes,
    changeable: record.status === 'booked' && canChange(shop.appointments, record.start, now),
    past: record.end <= now,
    deposit: record.deposit && { ...record.deposit, amount: fromMinor(record.deposit.amount, shop.localeConfig.fractionDigits) },
  };
}

const STATUS: Record<BookingRefusal, number> = {
  disabled: 404,
  unknown_service: 400,
  not_a_slot: 400,
  closed: 400,
  too_soon: 400,
  too_far: 400,
  full: 409,
  too_late: 409,
  cancelled: 409,
  not_found: 404,
  slot_full: 409,
  slot_closed: 409,
};

/** A refusal in the shape of the other calls: nothing was written. */
export const refuse = (reply: FastifyReply, reason: BookingRefusal) => reply.code(STATUS[reason]).send(errorBody(reason, bookingMessages[reason]));
