import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { addDays, deliverySlotId, parseDeliverySlotId } from './calendar-dates.ts';

/**
 * The booking engine's rules (issue 6): which times a service can be booked at and
 * which delivery slots checkout may offer, computed from the shop's calendar and the
 * clock. Capacity is not here: the server takes it in the database, one conditional
 * update per cell (decision 021). Times are UTC epoch milliseconds; dates and wall-clock
 * times are the shop's, in its time zone.
 */

export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];

const MINUTE = 60_000;

/** 'HH:MM', 00:00 to 24:00. */
const wallTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use a time like 09:30');
/** 'YYYY-MM-DD', a real date. */
export const isoDate = z.iso.date('Use a date like 2026-12-25');

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
/** Whether `from` is before `to`; times that are not times are wallTime's to report, not this rule's. */
const inOrder = ({ from, to }: { from: string; to: string }) =>
  !wallTime.safeParse(from).success || !wallTime.safeParse(to).success || minutesOf(from) < minutesOf(to);

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const interval = z.object({ from: wallTime, to: wallTime }).refine(inOrder, { message: 'An interval ends after it starts', path: ['to'] });

/** Opening intervals per weekday; a day left out is closed. */
export const openingHoursSchema = z.object(
  Object.fromEntries(weekdays.map((d) => [d, z.array(interval).max(8).default([])])) as Record<Weekday, z.ZodDefault<z.ZodArray<typeof interval>>>,
);
export type OpeningHours = z.output<typeof openingHoursSchema>;

/** An id a config file gives: letters, digits, `_` and `-`, at most `max` long. */
export const configId = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

export const serviceSchema = z
  .object({
    id: configId(60),
    name: z.string().trim().min(1).max(120),
    durationMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    price: z.number().finite().nonnegative(),
    /**
     * Paid when booking, through any way to pay the shop takes but on delivery (a ₹300 cake tasting,
     * a place in a class); the rest of the price at the visit. None when absent or 0 (issue 39).
     */
    deposit: z.number().finite().nonnegative().optional(),
    description: z.string().max(1000).default(''),
    /** Places per slot for this service; the shop's capacityPerSlot when absent. */
    capacity: z.number().int().min(1).max(10_000).optional(),
    /** Distance between start times; the shop's slotMinutes when absent (a two-hour class may start every 120 minutes). */
    slotMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .optional(),
    /** The weekdays the service runs on, within opening hours; every open day when absent. */
    days: z.array(z.enum(weekdays)).min(1).optional(),
  })
  .refine((s) => s.deposit === undefined || s.deposit <= s.price, { message: 'A deposit is part of the price: at most the price', path: ['deposit'] });
export type Service = z.output<typeof serviceSchema>;

export const appointmentsConfigSchema = z
  .object({
    enabled: z.boolean().default(false),
    slotMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(30),
    capacityPerSlot: z.number().int().min(1).max(10_000).default(1),
    /** A booking starts at least this long after it is made. */
    minimumNoticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 60)
      .default(60),
    /** How many days ahead, counting today, can be booked. */
    horizonDays: z.number().int().min(1).max(366).default(30),
    /** Cancelling or moving a booking is possible until this long before it starts. */
    changeNoticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 60)
      .default(120),
    /** Bookings one shopper may hold that have not ended yet: one account cannot take every place of a day. */
    maxUpcomingPerCustomer: z.number().int().min(1).max(1000).default(3),
    openingHours: openingHoursSchema.default(openingHoursSchema.parse({})),
    services: z.array(serviceSchema).max(200).default([]),
  })
  .refine((a) => new Set(a.services.map((s) => s.id)).size === a.services.length, { message: 'Service ids must be unique', path: ['services'] });
export type AppointmentsConfig = z.output<typeof appointmentsConfigSchema>;

export const deliverySlotSchema = z
  .object({
    id: configId(40),
    label: z.string().trim().min(1).max(80),
    from: wallTime,
    to: wallTime,
    capacity: z.number().int().min(1).max(100_000).default(10),
    /** Orders for the slot close this many minutes before it starts. */
    cutoffMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    /** The weekdays the slot runs on; every day when absent. */
    days: z.array(z.enum(weekdays)).min(1).optional(),
  })
  .refine(inOrder, { message: 'A slot ends after it starts', path: ['to'] });
export type DeliverySlotConfig = z.output<typeof deliverySlotSchema>;

/** What the engine needs to know about the shop. */
export type Calendar = { timeZone: string; closedDates: readonly string[] };

// ---- dates in the shop's time zone ----

/** The shop's date at an instant. */
export function localDate(at: number, timeZone: string): string {
  const d = new TZDate(at, timeZone);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The instant of a wall-clock time on a date in the shop's time zone. */
export function instantOf(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, minutesOf(time), timeZone).getTime();
}

/** The shop's day [start, end) in its time zone, as instants. */
export const dayBounds = (date: string, timeZone: string) => ({
  start: instantOf(date, '00:00', timeZone),
  end: instantOf(addDays(date, 1), '00:00', timeZone),
});

export const weekdayOf = (date: string): Weekday => weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/** An instant as ISO 8601 with the shop's offset, e.g. 2026-11-22T10:30:00.000+05:30. */
export const isoInZone = (at: number, timeZone: string) => new TZDate(at, timeZone).toISOString();

const isClosed = (calendar: Calendar, date: string) => calendar.closedDates.includes(date);

// ---- appointments ----

export type Slot = { start: number; end: number };

export const serviceCapacity = (config: AppointmentsConfig, service: Service) => service.capacity ?? config.capacityPerSlot;
const stepOf = (config: AppointmentsConfig, service: Service) => service.slotMinutes ?? config.slotMinutes;

/** Start times on one date, ignoring the clock: opening intervals stepped by the slot length, each booking ending by closing time. */
function startsOn(config: AppointmentsConfig, calendar: Calendar, service: Service, date: string): Slot[] {
  if (isClosed(calendar, date) || (service.days && !service.days.includes(weekdayOf(date)))) return [];
  const slots: Slot[] = [];
  for (const open of config.openingHours[weekdayOf(date)]) {
    const close = minutesOf(open.to);
    for (let m = minutesOf(open.from); m + service.durationMinutes <= close; m += stepOf(config, service)) {
      const start = instantOf(date, `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`, calendar.timeZone);
      slots.push({ start, end: start + service.durationMinutes * MINUTE });
    }
  }
  return slots;
}

/** The last date bookable: the horizon counts today as its first day. */
const lastBookableDate = (config: AppointmentsConfig, calendar: Calendar, now: number) => addDays(localDate(now, calendar.timeZone), config.horizonDays - 1);

/**
 * Why a day offers no time to book: `closed` (a closed date, or no opening hours for the
 * service that day), `too_soon` (every time is within the minimum notice), `full` (every
 * time left is fully booked; only the server, which counts places, knows this one).
 */
export type DayReason = 'closed' | 'too_soon' | 'full';

/** One day's start times; `reason` says why it has none, null when it has some. */
export type DaySlots = { date: string; closed: boolean; reason: Exclude<DayReason, 'full'> | null; slots: Slot[] };

/** The bookable start times of a service, day by day from `from`, for `days` days (clipped to today and the horizon). */
export function appointmentDays(config: AppointmentsConfig, calendar: Calendar, service: Service, from: string, days: number, now: number): DaySlots[] {
  const today = localDate(now, calendar.timeZone);
  const last = lastBookableDate(config, calendar, now);
  const earliest = now + config.minimumNoticeMinutes * MINUTE;
  const result: DaySlots[] = [];
  for (let date = from < today ? today : from, i = 0; i < days && date <= last; date = addDays(date, 1), i++) {
    const all = startsOn(config, calendar, service, date);
    const slots = all.filter((s) => s.start >= earliest);
    result.push({ date, closed: all.length === 0, reason: all.length === 0 ? 'closed' : slots.length === 0 ? 'too_soon' : null, slots });
  }
  return result;
}

export type StartCheck = { ok: true; slot: Slot } | { ok: false; reason: 'not_a_slot' | 'closed' | 'too_soon' | 'too_far' };

/** Whether a service can be booked at `start` now, capacity aside. */
function checkAppointmentStart(config: AppointmentsConfig, calendar: Calendar, service: Service, start: number, now: number): StartCheck {
  const date = localDate(start, calendar.timeZone);
  if (date > lastBookableDate(config, calendar, now)) return { ok: false, reason: 'too_far' };
  if (start < now + config.minimumNoticeMinutes * MINUTE) return { ok: false, reason: 'too_soon' };
  if (isClosed(calendar, date)) return { ok: false, reason: 'closed' };
  const slot = startsOn(config, calendar, service, date).find((s) => s.start === start);
  if (slot) return { ok: true, slot };
  return startsOn(config, calendar, service, date).length === 0 ? { ok: false, reason: 'closed' } : { ok: false, reason: 'not_a_slot' };
}

/**
 * The capacity cells a booking occupies: one per slot length its duration touches, so a
 * two-hour booking on a 30-minute grid holds four cells and overlapping bookings of the
 * same service share the capacity.
 */
export function cellsOf(config: AppointmentsConfig, service: Service, start: number): number[] {
  const step = stepOf(config, service) * MINUTE;
  const cells: number[] = [];
  for (let t = start; t < start + service.durationMinutes * MINUTE; t += step) cells.push(t);
  return cells;
}

/** Whether a booking starting at `start` can still be cancelled or moved. */
export const canChange = (config: AppointmentsConfig, start: number, now: number) => start - now >= config.changeNoticeMinutes * MINUTE;

export const serviceResource = (serviceId: string) => `service:${serviceId}`;

// ---- delivery slots ----

export type DeliverySlot = { id: string; date: string; slotId: string; label: string; start: number; end: number; capacity: number };

function deliverySlotOn(slots: readonly DeliverySlotConfig[], calendar: Calendar, date: string, slotId: string): DeliverySlot | null {
  const slot = slots.find((s) => s.id === slotId);
  if (!slot || isClosed(calendar, date) || (slot.days && !slot.days.includes(weekdayOf(date)))) return null;
  return {
    id: deliverySlotId(date, slot.id),
    date,
    slotId: slot.id,
    label: slot.label,
    start: instantOf(date, slot.from, calendar.timeZone),
    end: instantOf(date, slot.to, calendar.timeZone),
    capacity: slot.capacity,
  };
}

const cutoffOf = (slots: readonly DeliverySlotConfig[], slot: DeliverySlot) =>
  slot.start - (slots.find((s) => s.id === slot.slotId)?.cutoffMinutes ?? 0) * MINUTE;

/** The delivery slots still open for orders, for `days` days from today, in time order. */
export function openDeliverySlots(slots: readonly DeliverySlotConfig[], calendar: Calendar, days: number, now: number): DeliverySlot[] {
  const today = localDate(now, calendar.timeZone);
  const open: DeliverySlot[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(today, i);
    for (const s of slots) {
      const slot = deliverySlotOn(slots, calendar, date, s.id);
      if (slot && now < cutoffOf(slots, slot)) open.push(slot);
    }
  }
  return open.sort((a, b) => a.start - b.start);
}

export type DeliverySlotCheck = { ok: true; slot: DeliverySlot } | { ok: false; reason: 'unknown' | 'closed' };

/** Whether an order may still take the slot with this id now, capacity aside. */
export function checkDeliverySlot(slots: readonly DeliverySlotConfig[], calendar: Calendar, days: number, id: string, now: number): DeliverySlotCheck {
  const named = parseDeliverySlotId(id);
  if (!named || !isoDate.safeParse(named.date).success || !slots.some((s) => s.id === named.slotId)) return { ok: false, reason: 'unknown' };
  const slot = openDeliverySlots(slots, calendar, days, now).find((s) => s.id === id);
  return slot ? { ok: true, slot } : { ok: false, reason: 'closed' };
}

export const deliveryResource = (slotId: string) => `delivery:${slotId}`;

// ---- the calls ----

/** Where a booking goes: the service's resource, the cells it holds and their capacity. */
export type Placement = { serviceId: string; resource: string; cells: number[]; capacity: number; start: number; end: number };

export function placementOf(
  config: AppointmentsConfig,
  calendar: Calendar,
  service: Service,
  start: number,
  now: number,
): { ok: true; placement: Placement } | { ok: false; reason: Exclude<StartCheck, { ok: true }>['reason'] } {
  const check = checkAppointmentStart(config, calendar, service, start, now);
  if (!check.ok) return check;
  return {
    ok: true,
    placement: {
      serviceId: service.id,
      resource: serviceResource(service.id),
      cells: cellsOf(config, service, start),
      capacity: serviceCapacity(config, service),
      start,
      end: check.slot.end,
    },
  };
}

/** `POST {serverless}appointment/create` (§7): the start is an instant with its offset, as the slots call gives it. */
export const appointmentRequestSchema = z.object({
  userId: z.string().max(64).nullish(),
  sfId: z.string().max(60),
  appointment: z.object({
    serviceId: z.string().min(1).max(60),
    start: z.iso.datetime({ offset: true, error: 'Use a time like 2026-11-23T10:30:00+05:30' }),
    notes: z.string().trim().max(500).default(''),
    /** How the deposit of a service that takes one is paid: one of the shop's ways but on delivery; the first of them when left out. */
    paymentType: z.string().max(40).optional(),
    /** "Send me booking updates on WhatsApp" (issue 40): the confirmation and a reminder go to the phone below. */
    whatsappUpdates: z.boolean().optional(),
    /** How the shop reaches the shopper about this booking; the account's number when left out. */
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'Use a phone number like +91 98765 43210')
      .optional(),
  }),
});

export type AppointmentStatus = 'booked' | 'cancelled' | 'attended' | 'no_show';

/** What the owner marks a booking once it has started. */
export const bookingOutcomes = ['attended', 'no_show'] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];

/** A booking as the shopper's screens read it; times are ISO 8601 in the shop's zone. */
export type AppointmentView = {
  id: string;
  /** §3: the create answer holds billId; it is the booking's id. */
  billId: string;
  serviceId: string;
  serviceName: string;
  price: number;
  durationMinutes: number;
  start: string;
  end: string;
  timeZone: string;
  /** attended and no_show: what the owner marked once it had started. */
  status: AppointmentStatus;
  notes: string;
  /** Whether it can still be cancelled or moved online (changeNoticeMinutes). */
  changeable: boolean;
  /** Whether it has ended. */
  past: boolean;
  /** The deposit paid when booking (issue 39): the order that carries it, and where its money is. */
  deposit: DepositView | null;
};

/**
 * Where a booking's deposit is: `due` until paid (`checking`: the shopper says they paid by UPI,
 * the shop checks), `paid`, `refund_due` / `refunded` once a paid booking is cancelled, `unpaid`
 * when the booking ended before it was paid.
 */
export type DepositState = 'due' | 'checking' | 'paid' | 'refund_due' | 'refunded' | 'unpaid';
export type DepositView = { orderId: string; orderNumber: number; amount: number; paymentType: string | null; state: DepositState };

/** A deposit's state from its order's. */
export function depositState(order: { status: string; paymentStatus: string; refund: 'due' | 'refunded' | null }): DepositState {
  if (order.refund) return order.refund === 'due' ? 'refund_due' : 'refunded';
  if (order.paymentStatus === 'paid') return 'paid';
  if (order.status === 'cancelled' || order.status === 'rejected') return 'unpaid';
  return order.paymentStatus === 'awaiting_verification' ? 'checking' : 'due';
}

/** A booking as the owner's day lists it: the shopper's view and who booked it. */
export type OwnerAppointmentView = AppointmentView & {
  name: string;
  email: string | null;
  phone: string | null;
  /** It has begun, by the server's clock: it can be marked attended or a no-show. */
  started: boolean;
};

/** A bookable time as the slots call gives it. */
export type SlotView = { start: string; end: string; remaining: number };
/** `reason`: why no time of the day can be chosen, null when one can. */
export type SlotDayView = { date: string; closed: boolean; reason: DayReason | null; slots: SlotView[] };

/** Why a day has no free time once the places left are known: its own reason, else full when no time has a place. */
export const dayReason = (day: Pick<DaySlots, 'reason'>, remaining: readonly number[]): DayReason | null =>
  day.reason ?? (remaining.some((r) => r > 0) ? null : 'full');
export type DeliverySlotView = { id: string; date: string; label: string; start: string; end: string; remaining: number };

/** The server's words for each refusal; the browser shows them as they come. */
export const bookingMessages = {
  disabled: 'This shop takes no bookings.',
  unknown_service: 'There is no such service.',
  full: 'This time is fully booked. Please choose another time.',
  too_soon: 'This time is too soon to book. Please choose a later time.',
  too_far: 'This time is too far ahead to book yet.',
  closed: 'The shop is closed at this time.',
  not_a_slot: 'This is not one of the times offered. Please choose a time from the list.',
  too_late: 'This booking starts too soon to change online. Please contact the shop.',
  cancelled: 'This booking was cancelled.',
  not_found: 'There is no such booking.',
  slot_full: 'This delivery slot is full. Please choose another one.',
  slot_closed: 'This delivery slot is no longer available. Please choose another one.',
} as const;
export type BookingRefusal = keyof typeof bookingMessages;

/** Why a shopper at the limit of `maxUpcomingPerCustomer` cannot book another. */
export const tooManyBookingsMessage = (limit: number) => `You already have ${limit} upcoming appointment${limit === 1 ? '' : 's'}. Cancel one to book another.`;
